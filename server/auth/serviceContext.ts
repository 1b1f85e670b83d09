/**
 * What every part of the auth service shares (server/auth/service.ts): the stores, the
 * keyring, the limits, the clock, one transaction helper and the input checks.
 */
import { createHmac } from 'node:crypto'
import { type Kysely, type Transaction } from 'kysely'
import { type AuthSessionStore, createAuthSessionStore } from '../db/authSessions'
import { type AuthUserStore, createAuthUserStore } from '../db/authUsers'
import { createDpopProofStore } from '../db/dpopProofs'
import { createAuthIdentityStore, createLoginAttemptStore } from '../db/loginAttempts'
import { type OtpCodeStore, createOtpCodeStore } from '../db/otpCodes'
import { type LimitResult, createRateLimitStore } from '../db/rateLimits'
import { type DatabaseSchema } from '../db/schema'
import { type WalletKeyStore, createWalletKeyStore } from '../db/walletKeys'
import { clientKey } from '../clientAddress'
import { type ProjectRegistry } from '../projects'
import { normalizeEmail } from './email'
import { AuthError, invalidEmail, rateLimitError } from './errors'
import { type Mailer } from './mailer'
import { type Keyring } from './masterKey'
import { CODE_PATTERN } from './oneTimeCode'
import { type AuthLimits, DEFAULT_AUTH_LIMITS, type RequestContext } from './serviceTypes'

export interface AuthServiceOptions {
  db: Kysely<DatabaseSchema>
  projects: ProjectRegistry
  keyring: Keyring
  mailer: Mailer
  limits?: Partial<AuthLimits>
  /** Epoch milliseconds. Default Date.now. */
  now?: () => number
  /** Where failures the caller must not see in detail are reported (the request log). */
  logError?: (error: unknown, message: string) => void
}

/** The stores bound to one transaction, and the transaction itself (for stores that take it). */
export interface TransactionStores {
  trx: Transaction<DatabaseSchema>
  codes: OtpCodeStore
  users: AuthUserStore
  sessions: AuthSessionStore
  walletKeys: WalletKeyStore
}

export type AuthContext = ReturnType<typeof createAuthContext>

export function createAuthContext(options: AuthServiceOptions) {
  const { db, projects, keyring, mailer } = options
  /** Rate-limit buckets name addresses and IPs by a keyed hash, not in clear. */
  const subject = (value: string) => createHmac('sha256', keyring.derive('rate-limit/1')).update(value).digest('base64url').slice(0, 32)
  return {
    db,
    keyring,
    mailer,
    limits: { ...DEFAULT_AUTH_LIMITS, ...options.limits },
    now: options.now ?? Date.now,
    logError: options.logError ?? (() => {}),
    users: createAuthUserStore(db),
    codes: createOtpCodeStore(db),
    sessions: createAuthSessionStore(db),
    walletKeys: createWalletKeyStore(db),
    rateLimits: createRateLimitStore(db),
    identities: createAuthIdentityStore(db),
    loginAttempts: createLoginAttemptStore(db),
    proofs: createDpopProofStore(db),

    /**
     * Runs `work` in one transaction, with the stores bound to it: all its writes land, or
     * none (a crash or a lost database rolls them back). Inside, only `tx` may be used:
     * SQLite has one connection, which the transaction holds.
     */
    inTransaction: <T>(work: (tx: TransactionStores) => Promise<T>): Promise<T> =>
      db.transaction().execute((trx) => work({ codes: createOtpCodeStore(trx), users: createAuthUserStore(trx), sessions: createAuthSessionStore(trx), walletKeys: createWalletKeyStore(trx), trx })),

    subject,
    /** The per-IP subject: the client's address (an IPv6 client by its /64), keyed. */
    clientSubject: (context: RequestContext) => subject(clientKey(context.ip)),

    requireProject(projectId: string): void {
      if (projects.get(projectId) === undefined) {
        throw new AuthError(403, 'Invalid Project ID', 'INVALID_PROJECT', `Project ID '${projectId}' is not configured on this server`)
      }
    },
    requireEmail: (value: string, field = 'email'): string => normalizeEmail(value) ?? throwError(invalidEmail(field)),
    requireOtpShape(otp: string): void {
      if (!CODE_PATTERN.test(otp)) throw new AuthError(400, 'Bad Request', 'OTP_FORMAT', 'The code must be the 6 digits from the email')
    },
    refuse(result: LimitResult, code: 'EMAIL_RATE_LIMITED' | 'IP_RATE_LIMITED'): void {
      if (!result.allowed) throw rateLimitError(code, result.retryAfterMs)
    },
  }
}

/** The browser as the device email names it: printable characters only, short. */
export function describeDevice(context: RequestContext): string | undefined {
  const agent = context.userAgent
    ?.replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, 160)
  return agent ? `browser: ${agent}` : undefined
}

export function throwError(error: Error): never {
  throw error
}
