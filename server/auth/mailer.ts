/**
 * Email delivery behind one small interface, so the auth service neither knows
 * nor cares how a code reaches its inbox:
 *
 * - {@link createSmtpMailer}: SMTP through nodemailer, when SMTP_URL is set;
 * - {@link createMailbox}: an in-memory mailbox. In development it prints each
 *   code to the console and is listed at GET /dev/mailbox (never in
 *   production); tests read it directly.
 */

export type MailPurpose = 'login' | 'device' | 'update_primary' | 'update_secondary' | 'step_up'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  /**
   * What the message carries, for the development mailbox and tests only.
   * SMTP sends `subject` and `text`, never this.
   */
  meta: { purpose: MailPurpose; code: string }
}

export interface Mailer {
  /** Resolves once the message is accepted for delivery; rejects when it was not. */
  send(mail: OutgoingMail): Promise<void>
  close?(): Promise<void>
}

export interface MailboxMessage extends OutgoingMail {
  id: number
  sentAt: string
}

export interface Mailbox extends Mailer {
  /** Newest first. */
  list(): MailboxMessage[]
  /** The newest message to `to` (compared case-insensitively), if any. */
  latest(to: string): MailboxMessage | undefined
  clear(): void
}

export interface MailboxOptions {
  /** Messages kept; older ones are dropped. Default 200. */
  capacity?: number
  /** Called with a one-line notice per message (development: console.log). */
  log?: (line: string) => void
  now?: () => number
}

/**
 * @example
 * const mailbox = createMailbox({ log: console.log })
 * await mailbox.send({ to: 'a@b.co', subject: 'Code', text: '…', meta: { purpose: 'login', code: '123456' } })
 * mailbox.latest('a@b.co')?.meta.code // '123456'
 */
export function createMailbox({ capacity = 200, log, now = Date.now }: MailboxOptions = {}): Mailbox {
  let messages: MailboxMessage[] = []
  let nextId = 1
  return {
    async send(mail) {
      messages.unshift({ ...mail, id: nextId++, sentAt: new Date(now()).toISOString() })
      if (messages.length > capacity) messages = messages.slice(0, capacity)
      log?.(`[dev mailbox] ${mail.meta.purpose} code for ${mail.to}: ${mail.meta.code}`)
    },
    list: () => [...messages],
    latest: (to) => messages.find((message) => message.to === to.trim().toLowerCase()),
    clear: () => {
      messages = []
    },
  }
}

/** Sends through each mailer in turn (SMTP and the development mailbox together). */
export function teeMailer(...mailers: Mailer[]): Mailer {
  return {
    async send(mail) {
      for (const mailer of mailers) await mailer.send(mail)
    },
    async close() {
      for (const mailer of mailers) await mailer.close?.()
    },
  }
}

/** The part of nodemailer used here, so it can be loaded by name at run time. */
interface NodemailerModule {
  createTransport(url: string): {
    sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>
    verify?(): Promise<unknown>
    close(): void
  }
}

export class SmtpUnavailableError extends Error {
  override name = 'SmtpUnavailableError'
}

/**
 * SMTP delivery (`smtp://user:pass@host:587`, `smtps://…:465`). nodemailer is
 * loaded only here, when SMTP_URL is set, so a server that uses the
 * development mailbox does not need it.
 *
 * @example
 * const mailer = await createSmtpMailer({ url: process.env.SMTP_URL!, from: 'Portico <no-reply@shop.example>' })
 */
export async function createSmtpMailer({ url, from }: { url: string; from: string }): Promise<Mailer> {
  const moduleName = 'nodemailer'
  let nodemailer: NodemailerModule
  try {
    const loaded = (await import(moduleName)) as NodemailerModule & { default?: NodemailerModule }
    nodemailer = loaded.default ?? loaded
  } catch (error) {
    throw new SmtpUnavailableError('SMTP_URL is set but the nodemailer package is not installed (npm install nodemailer)', { cause: error })
  }
  const transport = nodemailer.createTransport(url)
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
    },
    async close() {
      transport.close()
    },
  }
}

/** The words of each message. Codes never go in the subject, which lock screens show. */
export function composeMail(purpose: MailPurpose, details: { to: string; code: string; ttlMinutes: number; newEmail?: string; device?: string }): OutgoingMail {
  const expiry = `It expires in ${details.ttlMinutes} minutes and works once.`
  const notYou = 'If you did not ask for this, ignore this email: nothing happens without the code. Never share it with anyone.'
  const byPurpose: Record<MailPurpose, { subject: string; lines: string[] }> = {
    login: {
      subject: 'Your sign-in code',
      lines: [`Your sign-in code is ${details.code}.`, expiry, notYou],
    },
    device: {
      subject: 'Approve a new device',
      lines: [
        'Someone is signing in to your wallet from a device it has not seen before' + (details.device ? ` (${details.device}).` : '.'),
        `If this is you, approve the device with the code ${details.code}.`,
        expiry,
        notYou,
      ],
    },
    update_primary: {
      subject: 'Confirm your email change',
      lines: [`To confirm changing your wallet's email to ${details.newEmail ?? 'a new address'}, enter the code ${details.code}.`, expiry, notYou],
    },
    update_secondary: {
      subject: 'Verify your new email',
      lines: [`To make this address your wallet's email, enter the code ${details.code}.`, expiry, notYou],
    },
    step_up: {
      subject: 'Confirm it is you',
      lines: [
        `Your wallet asks you to confirm it is you before a sensitive action, such as showing its private key. If this is you, enter the code ${details.code}.`,
        expiry,
        'If you did not ask for this, someone may be signed in to your wallet: do not share the code, and sign out of the wallet on devices you do not use.',
      ],
    },
  }
  const { subject, lines } = byPurpose[purpose]
  return { to: details.to, subject, text: `${lines.join('\n\n')}\n`, meta: { purpose, code: details.code } }
}
