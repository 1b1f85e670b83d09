/**
 * An authenticator app as a second factor (issue 32, docs/security.md "Second factor"):
 * TOTP as RFC 6238 defines it and every authenticator app reads it (SHA-1, 6 digits,
 * 30 seconds), through the `otpauth` library.
 *
 * - Enrolment makes a 160-bit secret, kept encrypted under the master key and bound to
 *   the user, and hands it to the secure page once (as text and as an otpauth:// URI
 *   for a QR code). It counts only once the user enters a first right code.
 * - A code is accepted for the current time step or one either side (clock drift), and
 *   only for a step later than the last accepted one, so a code seen over a shoulder or
 *   in a log cannot be used again (one atomic update, shared by every instance).
 * - Every wrong code counts toward the client's wrong-code limit, as email codes do.
 */
import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { type Kysely } from 'kysely'
import { createTotpStore, totpSecretAad } from '../db/mfaTotp'
import { type DatabaseSchema } from '../db/schema'
import { TOTP_CODE_PATTERN, TOTP_DIGITS, TOTP_PERIOD_SECONDS, type TotpStatus } from '../../src/shared/mfaApi'
import { AuthError } from './errors'
import { type Keyring } from './masterKey'
import { type Authenticated, type AuthService, type RequestContext } from './service'

/** 20 bytes, the length RFC 4226 recommends for HMAC-SHA-1. */
export const TOTP_SECRET_BYTES = 20
/** Steps accepted either side of the server's: one, so a code typed as it rolls over still works. */
export const TOTP_WINDOW = 1

export interface TotpServiceOptions {
  db: Kysely<DatabaseSchema>
  keyring: Keyring
  /** For the wrong-code limit (`countedCodeCheck`). */
  auth: Pick<AuthService, 'countedCodeCheck'>
  /** The name authenticator apps show above the code. Default 'Portico'. */
  issuer?: string
  /** Epoch milliseconds. Default Date.now. */
  now?: () => number
}

export interface TotpService {
  status(userId: string): Promise<TotpStatus>
  /** A new secret for the user's authenticator app; replaces one not confirmed yet. 409 MFA_ALREADY_ENROLLED when one is. */
  startEnrolment(auth: Authenticated): Promise<{ secret: string; uri: string }>
  /** The first right code confirms the enrolment. 409 MFA_NOT_STARTED without a pending secret. */
  confirmEnrolment(auth: Authenticated, code: string, context: RequestContext): Promise<{ totp: 'enrolled' }>
  /**
   * Checks a code of the user's confirmed authenticator app, for an action that needs the
   * second factor: 404 MFA_NOT_ENROLLED, 400 MFA_CODE_INVALID, 400 MFA_CODE_USED.
   */
  verify(userId: string, code: string, context: RequestContext): Promise<void>
  /** Removes the authenticator app, with a current code of it. */
  remove(auth: Authenticated, code: string, context: RequestContext): Promise<{ totp: 'none' }>
}

const notEnrolled = () => new AuthError(404, 'Not Found', 'MFA_NOT_ENROLLED', 'No authenticator app is set up for this account')
const wrongCode = () => new AuthError(400, 'Bad Request', 'MFA_CODE_INVALID', 'The code is not correct; enter the 6 digits your authenticator app shows now')

/**
 * @example
 * const totp = createTotpService({ db, keyring, auth })
 * const { uri } = await totp.startEnrolment(authenticated) // shown as a QR code in the secure page
 * await totp.confirmEnrolment(authenticated, '123456', context)
 */
export function createTotpService(options: TotpServiceOptions): TotpService {
  const { db, keyring, auth } = options
  const issuer = options.issuer ?? 'Portico'
  const now = options.now ?? Date.now
  const store = createTotpStore(db)

  const totpOf = (secret: Uint8Array, label: string) =>
    new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: new Secret({ buffer: Uint8Array.from(secret).buffer }) })

  /** The time step `code` is right for, or undefined. */
  const matchingStep = (secret: Uint8Array, code: string, at: number): number | undefined => {
    if (!TOTP_CODE_PATTERN.test(code)) return undefined
    const delta = totpOf(secret, '').validate({ token: code, timestamp: at, window: TOTP_WINDOW })
    return delta === null ? undefined : Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta
  }

  /** The user's secret, confirmed or pending as asked, with the nonce that names this very secret. */
  const secretOf = async (userId: string, confirmed: boolean): Promise<{ secret: Uint8Array; iv: string } | undefined> => {
    const stored = await store.find(userId)
    if (stored === undefined || (stored.confirmedAt !== undefined) !== confirmed) return undefined
    return { secret: keyring.decrypt(stored.encrypted, totpSecretAad(userId)), iv: stored.encrypted.iv }
  }

  /** A code of the confirmed app, used up: wrong ones count toward the client's limit. */
  const spendCode = async (userId: string, code: string, context: RequestContext): Promise<void> => {
    const secret = (await secretOf(userId, true))?.secret
    if (secret === undefined) throw notEnrolled()
    let replayed = false
    const right = await auth.countedCodeCheck(context, async () => {
      const step = matchingStep(secret, code, now())
      if (step === undefined) return false
      replayed = !(await store.useStep(userId, step))
      return !replayed
    })
    if (replayed) throw new AuthError(400, 'Bad Request', 'MFA_CODE_USED', 'This code was used already; wait for the next one your authenticator app shows')
    if (!right) throw wrongCode()
  }

  const status = async (userId: string): Promise<TotpStatus> => {
    const stored = await store.find(userId)
    if (stored === undefined) return 'none'
    return stored.confirmedAt === undefined ? 'pending' : 'enrolled'
  }

  return {
    status,
    async startEnrolment({ user }) {
      const secret = randomBytes(TOTP_SECRET_BYTES)
      const put = await store.putPending(user.id, keyring.encrypt(secret, totpSecretAad(user.id)), now())
      if (!put) throw new AuthError(409, 'Conflict', 'MFA_ALREADY_ENROLLED', 'An authenticator app is set up already; remove it first to set up another')
      const totp = totpOf(secret, user.email ?? 'Embedded wallet')
      return { secret: totp.secret.base32, uri: totp.toString() }
    },
    async confirmEnrolment({ user }, code, context) {
      const pending = await secretOf(user.id, false)
      if (pending === undefined) {
        if ((await store.find(user.id)) !== undefined) throw new AuthError(409, 'Conflict', 'MFA_ALREADY_ENROLLED', 'The authenticator app is set up already')
        throw new AuthError(409, 'Conflict', 'MFA_NOT_STARTED', 'Start setting up an authenticator app first')
      }
      let confirmed = false
      const right = await auth.countedCodeCheck(context, async () => {
        const at = now()
        const step = matchingStep(pending.secret, code, at)
        if (step === undefined) return false
        // Only the secret this code was checked against: not one a newer enrolment put in its place.
        confirmed = await store.confirm(user.id, pending.iv, step, at)
        return true
      })
      if (!right) throw wrongCode()
      // Replaced by a newer enrolment meanwhile: that one needs its own code.
      if (!confirmed) throw new AuthError(409, 'Conflict', 'MFA_NOT_STARTED', 'Setting up the authenticator app was started again; enter a code of the newest one')
      return { totp: 'enrolled' }
    },
    verify: spendCode,
    async remove({ user }, code, context) {
      await spendCode(user.id, code, context)
      await store.remove(user.id)
      return { totp: 'none' }
    },
  }
}
