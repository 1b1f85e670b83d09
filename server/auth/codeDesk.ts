/**
 * One-time codes of the auth service (SPEC §4, §5 the 30 s resend rule, §9): sending
 * one under the cooldown and rate limits, and redeeming one with what it grants in the
 * same transaction.
 */
import { type OtpCode } from '../db/otpCodes'
import { type OtpPurpose } from '../db/schema'
import { AuthError, cooldownError } from './errors'
import { composeMail } from './mailer'
import { codeMatches, generateCode, generateSalt, hashCode } from './oneTimeCode'
import { type AuthContext, type TransactionStores, describeDevice } from './serviceContext'
import { type RequestContext } from './serviceTypes'

export interface CodeRequest {
  purpose: OtpPurpose
  to: string
  projectId: string
  deviceHash: string
  userId?: string | null
  newEmail?: string | null
  followUp?: boolean
  trustedDevice?: boolean
  context: RequestContext
}

export type CodeDesk = ReturnType<typeof createCodeDesk>

export function createCodeDesk(ctx: AuthContext) {
  const { codes, rateLimits, limits, keyring, now, subject, clientSubject, refuse } = ctx

  /**
   * Makes a code, stores its hash and emails it. The resend cooldown comes
   * first (SPEC §5), per address, purpose and device: it paces one visitor's
   * resends and never blocks someone else asking for the same address. Then the
   * per-IP, per-(address, IP) and per-address limits; the per-address ceiling is
   * skipped for a device the address's owner approved (`trustedDevice`). A code
   * the server sends on its own as the next step (`followUp`) starts the
   * cooldown without being refused by it.
   */
  async function send(request: CodeRequest): Promise<void> {
    const at = now()
    const cooldown = `${request.purpose}:${subject(request.to)}:${request.deviceHash}`
    const started = await rateLimits.startCooldown(cooldown, limits.resendCooldownMs, at, { force: request.followUp ?? false })
    if (!started.allowed) throw cooldownError(started.retryAfterMs)
    let issued: OtpCode | undefined
    try {
      const client = clientSubject(request.context)
      refuse(await rateLimits.hit(`send:ip:${client}`, limits.codesPerIp, at), 'IP_RATE_LIMITED')
      refuse(await rateLimits.hit(`send:email-ip:${subject(request.to)}:${client}`, limits.codesPerEmailAndIp, at), 'EMAIL_RATE_LIMITED')
      if (!request.trustedDevice) refuse(await rateLimits.hit(`send:email:${subject(request.to)}`, limits.codesPerEmail, at), 'EMAIL_RATE_LIMITED')
      const code = generateCode()
      const salt = generateSalt()
      issued = await codes.issue({
        purpose: request.purpose,
        email: request.to,
        projectId: request.projectId,
        deviceHash: request.deviceHash,
        userId: request.userId ?? null,
        newEmail: request.newEmail ?? null,
        salt,
        codeHash: hashCode(keyring.derive('otp-pepper/1'), code, { purpose: request.purpose, email: request.to, salt }),
        masterKeyId: keyring.current.id,
        maxAttempts: limits.maxAttempts,
        createdAt: at,
        expiresAt: at + limits.codeTtlMs,
      })
      const mail = composeMail(request.purpose, {
        to: request.to,
        code,
        ttlMinutes: Math.round(limits.codeTtlMs / 60_000),
        ...(request.newEmail ? { newEmail: request.newEmail } : {}),
        ...(request.purpose === 'device' ? { device: describeDevice(request.context) } : {}),
      })
      try {
        await ctx.mailer.send(mail)
      } catch (error) {
        ctx.logError(error, 'sending a one-time code failed')
        throw new AuthError(502, 'Email Not Sent', 'EMAIL_NOT_SENT', 'The email with the code could not be sent; try again in a moment')
      }
    } catch (error) {
      if (issued !== undefined) await codes.end(issued.id, 'undelivered', now())
      // Nothing reached the inbox, so nothing should block the next attempt.
      await rateLimits.clear(cooldown)
      throw error
    }
  }

  /**
   * Checks `otp` against the live codes this project and device asked for (several may
   * be live: a new code never cancels an earlier one) and uses up the one it matches.
   * A wrong entry counts against every one of them (each is invalidated after
   * maxAttempts) and against the IP.
   *
   * Using the code and what it grants (`grant`: the user, the device, the session) are
   * one transaction: a crash or a lost database between them leaves the code usable,
   * never a used code with nothing to show for it.
   */
  async function redeem<T>(pending: OtpCode[], otp: string, context: RequestContext, grant: (code: OtpCode, tx: TransactionStores) => Promise<T>): Promise<{ code: OtpCode; granted: T }> {
    const at = now()
    const failures = `verify-failed:ip:${clientSubject(context)}`
    // Counted as a failure first, in one atomic step, and given back if the code is
    // right: a check before counting let a concurrent burst all pass it.
    refuse(await rateLimits.hit(failures, limits.failedCodesPerIp, at), 'IP_RATE_LIMITED')
    const notFound = () => new AuthError(400, 'Bad Request', 'OTP_NOT_FOUND', 'No code is waiting to be entered here; request a new code')

    const expired = pending.filter((code) => at >= code.expiresAt.getTime())
    for (const code of expired) await codes.end(code.id, 'expired', at)
    const live = pending.filter((code) => at < code.expiresAt.getTime())
    if (live.length === 0) {
      throw expired.length > 0 ? new AuthError(400, 'Bad Request', 'OTP_EXPIRED', 'The code has expired; request a new code') : notFound()
    }
    let attemptsLeft = 0
    for (const code of live) {
      const attempts = await codes.countAttempt(code.id)
      if (attempts === undefined) continue
      const matches = keyring.has(code.masterKeyId) && codeMatches(keyring.derive('otp-pepper/1', code.masterKeyId), otp, { purpose: code.purpose, email: code.email, salt: code.salt }, code.codeHash)
      if (matches) {
        const used = await ctx.inTransaction(async (tx) => ((await tx.codes.end(code.id, 'used', at)) ? { granted: await grant(code, tx) } : undefined))
        if (used !== undefined) {
          // After the commit: a verify cut short keeps its failure counted, never a code burned.
          await rateLimits.refund(failures, limits.failedCodesPerIp, at)
          return { code, granted: used.granted }
        }
        continue
      }
      const left = code.maxAttempts - attempts
      if (left <= 0) await codes.end(code.id, 'exhausted', at)
      attemptsLeft = Math.max(attemptsLeft, left)
    }
    if (attemptsLeft <= 0) {
      const maxAttempts = Math.max(...live.map((code) => code.maxAttempts))
      throw new AuthError(400, 'Bad Request', 'OTP_EXHAUSTED', `The code is not correct, and after ${maxAttempts} wrong attempts it no longer works; request a new code`, { attemptsLeft: 0 })
    }
    throw new AuthError(400, 'Bad Request', 'OTP_INVALID', `The code is not correct; ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left`, { attemptsLeft })
  }

  /**
   * Runs a code check made elsewhere (an authenticator app's code) under the same
   * per-client limit as wrong email codes: counted first, given back when right.
   */
  async function countedCheck(context: RequestContext, check: () => Promise<boolean>): Promise<boolean> {
    const at = now()
    const failures = `verify-failed:ip:${clientSubject(context)}`
    refuse(await rateLimits.hit(failures, limits.failedCodesPerIp, at), 'IP_RATE_LIMITED')
    const right = await check()
    if (right) await rateLimits.refund(failures, limits.failedCodesPerIp, at)
    return right
  }

  return { send, redeem, countedCheck }
}
