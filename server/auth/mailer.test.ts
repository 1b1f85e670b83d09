import { type AddressInfo } from 'node:net'
import { type Mailer, composeMail, createMailbox, createSmtpMailer, teeMailer } from './mailer'

describe('composeMail', () => {
  it.each(['login', 'device', 'update_primary', 'update_secondary'] as const)('%s: the code is in the text, never in the subject', (purpose) => {
    const mail = composeMail(purpose, { to: 'a@b.co', code: '042917', ttlMinutes: 10, newEmail: 'new@b.co', device: 'browser: Test/1.0' })
    expect(mail.to).toBe('a@b.co')
    expect(mail.subject).not.toContain('042917')
    expect(mail.text).toContain('042917')
    expect(mail.text).toContain('It expires in 10 minutes')
    expect(mail.meta).toEqual({ purpose, code: '042917' })
  })

  it('names the new address and the device where it matters', () => {
    expect(composeMail('update_primary', { to: 'a@b.co', code: '1', ttlMinutes: 10, newEmail: 'new@b.co' }).text).toContain('new@b.co')
    expect(composeMail('device', { to: 'a@b.co', code: '1', ttlMinutes: 10, device: 'browser: Test/1.0' }).text).toContain('(browser: Test/1.0)')
  })
})

describe('createMailbox', () => {
  it('keeps the newest messages first, finds the latest per address, logs each code, and stays bounded', async () => {
    const lines: string[] = []
    const mailbox = createMailbox({ capacity: 3, log: (line) => lines.push(line), now: () => Date.parse('2030-01-01T00:00:00Z') })
    for (const [to, code] of [
      ['a@b.co', '111111'],
      ['c@d.co', '222222'],
      ['a@b.co', '333333'],
      ['e@f.co', '444444'],
    ] as const) {
      await mailbox.send(composeMail('login', { to, code, ttlMinutes: 10 }))
    }
    expect(mailbox.list().map((message) => message.meta.code)).toEqual(['444444', '333333', '222222'])
    expect(mailbox.latest(' A@B.CO ')?.meta.code).toBe('333333')
    expect(mailbox.latest('x@y.co')).toBeUndefined()
    expect(mailbox.list()[0]).toMatchObject({ id: 4, sentAt: '2030-01-01T00:00:00.000Z' })
    expect(lines).toContain('[dev mailbox] login code for c@d.co: 222222')
    mailbox.clear()
    expect(mailbox.list()).toEqual([])
  })
})

describe('teeMailer', () => {
  it('sends through every mailer and fails when one fails', async () => {
    const a = createMailbox()
    const b = createMailbox()
    await teeMailer(a, b).send(composeMail('login', { to: 'a@b.co', code: '1', ttlMinutes: 10 }))
    expect([a.list().length, b.list().length]).toEqual([1, 1])
    const broken: Mailer = { send: async () => Promise.reject(new Error('down')) }
    await expect(teeMailer(a, broken).send(composeMail('login', { to: 'a@b.co', code: '1', ttlMinutes: 10 }))).rejects.toThrow('down')
  })
})

describe('createSmtpMailer', () => {
  // A real SMTP conversation with an in-process smtp-server.
  it('delivers the message over SMTP', async () => {
    const received: string[] = []
    const smtpServerModule = 'smtp-server'
    const { SMTPServer } = (await import(smtpServerModule)) as {
      SMTPServer: new (options: Record<string, unknown>) => { listen(port: number, host: string, done: () => void): void; close(done: () => void): void; server: { address(): AddressInfo } }
    }
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream: NodeJS.ReadableStream, _session: unknown, done: () => void) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push(data)
          done()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    try {
      const mailer = await createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.server.address().port}`, from: 'Portico <no-reply@localhost>' })
      await mailer.send(composeMail('login', { to: 'alice@example.com', code: '042917', ttlMinutes: 10 }))
      await mailer.close?.()
      expect(received).toHaveLength(1)
      expect(received[0]).toContain('To: alice@example.com')
      expect(received[0]).toContain('Subject: Your sign-in code')
      expect(received[0]).toContain('042917')
    } finally {
      await new Promise<void>((resolve) => smtp.close(resolve))
    }
  })
})
