/**
 * The embedded wallet's server side (SPEC §4 email connect and email update,
 * §5 the 30 s resend rule, §9): one-time codes by email, new-device approval,
 * sessions and email change. It makes no wallet key and signs nothing: keys are made
 * and used in the secure frame (server/auth/custody.ts keeps the server's share).
 * HTTP lives in routes/auth.ts; this module puts the parts together, each in a module
 * of its own, with an injectable clock so expiry and cooldowns are tested without waiting:
 * - codeDesk.ts: sending and redeeming one-time codes, under the limits;
 * - sessions.ts: opening, checking (bearer token + DPoP) and ending sessions;
 * - accounts.ts: new users, and the user as the client sees it;
 * - emailLogin.ts, emailChange.ts, stepUpCode.ts: the flows built on codes;
 * - keyRewrap.ts: wallet keys moved to the current master key.
 */
import { type AuthSessionStore } from '../db/authSessions'
import { type AuthUser } from '../db/authUsers'
import { createAccounts, normalizeChainId } from './accounts'
import { createCodeDesk } from './codeDesk'
import { type ProvenRequest } from './dpop'
import { createEmailChange } from './emailChange'
import { createEmailLogin } from './emailLogin'
import { type RewrapReport, rewrapWalletKeys } from './keyRewrap'
import { type AuthServiceOptions, createAuthContext, throwError } from './serviceContext'
import { type Authenticated, type EmailConnectAction, type EmailUpdateAction, type EmbeddedWalletUser, type RequestContext, type SessionGrant } from './serviceTypes'
import { createSessions } from './sessions'
import { createStepUpCode } from './stepUpCode'

export { DEFAULT_AUTH_LIMITS } from './serviceTypes'
export type { AuthLimits, Authenticated, EmailConnectAction, EmailUpdateAction, EmbeddedWalletUser, RequestContext, SessionGrant } from './serviceTypes'
export type { AuthServiceOptions } from './serviceContext'
export { normalizeChainId } from './accounts'

export interface AuthService {
  startEmailLogin(input: { projectId: string; email: string; deviceId: string; sessionToken?: string }, context: RequestContext): Promise<{ action: EmailConnectAction }>
  verifyDevice(input: { projectId: string; email: string; deviceId: string; otp: string }, context: RequestContext): Promise<{ action: 'VERIFY_OTP' }>
  verifyEmailLogin(input: { projectId: string; email: string; deviceId: string; otp: string; chainId?: unknown }, context: RequestContext): Promise<{ user: EmbeddedWalletUser; session: SessionGrant }>
  /**
   * The session and user behind a bearer token, or a 401. A session works only for the
   * project and from the device (device id) it was opened for, so both are required.
   */
  authenticate(token: string | undefined, where: { projectId: string | undefined; deviceId: string | undefined; proof: ProvenRequest }): Promise<Authenticated>
  /**
   * Checks a login's proof of the device key (server/auth/dpop.ts) and records it, so it
   * cannot be sent again; the thumbprint goes into the context of the call that opens the session.
   */
  proveDeviceKey(proof: ProvenRequest): Promise<string>
  getUser(auth: Authenticated, chainId?: unknown): Promise<EmbeddedWalletUser>
  /** Signs out; true when a live session ended. */
  logout(token: string | undefined): Promise<boolean>
  isConnected(token: string | undefined): Promise<boolean>
  startEmailUpdate(auth: Authenticated, newEmail: string, context: RequestContext): Promise<{ action: EmailUpdateAction }>
  verifyPrimaryEmail(auth: Authenticated, otp: string, context: RequestContext): Promise<{ action: 'VERIFY_SECONDARY_OTP' }>
  verifySecondaryEmail(auth: Authenticated, otp: string, context: RequestContext): Promise<{ newEmail: string }>
  /**
   * Emails a step-up code (purpose `step_up`, server/auth/stepUp.ts) to the signed-in user's
   * address, bound to this session's project and device; limited like every code.
   * 409 STEP_UP_NO_EMAIL when the wallet has no email.
   */
  sendStepUpCode(auth: Authenticated, context: RequestContext): Promise<void>
  /**
   * Redeems a step-up code of this session's user, project and device (a login code does
   * not pass, and a step-up code opens no session); `record` runs in the same transaction.
   * A wrong code counts toward the client's wrong-code limit and the code's attempts.
   */
  verifyStepUpCode(auth: Authenticated, otp: string, context: RequestContext, record: (sessions: AuthSessionStore) => Promise<void>): Promise<void>
  /**
   * Re-encrypts keys still under a previous master key. Reports, by master key
   * id, keys under a key that is not configured (`unreadable`), and counts keys
   * whose ciphertext does not authenticate under a configured one (`undecryptable`).
   */
  rewrapWalletKeys(): Promise<RewrapReport>
  /** Deletes finished codes, sessions and rate-limit windows. */
  sweep(): Promise<void>
  /**
   * Runs a code check made elsewhere (an authenticator app's code, server/auth/totp.ts)
   * under the same per-client limit as wrong email codes (`failedCodesPerIp`): the entry
   * is counted first, in one atomic step, and given back when `check` finds it right.
   */
  countedCodeCheck(context: RequestContext, check: () => Promise<boolean>): Promise<boolean>
  /**
   * The wallet of an external identity (social provider or Farcaster): found by
   * provider + subject, or created with its keys (no email). The username is kept up to date.
   */
  userForIdentity(identity: { provider: string; subject: string; username: string | null }): Promise<AuthUser>
  /** A new wallet with its keys and no email (a passkey sign-up, server/auth/passkeys.ts). */
  createUserWithoutEmail(): Promise<AuthUser>
  /** Signs a user in on a device (as `email/verify` does): approves the device and opens a session. */
  openSession(userId: string, where: { projectId: string; deviceHash: string }, chainId: unknown, context: RequestContext): Promise<{ user: EmbeddedWalletUser; session: SessionGrant }>
}

const SWEEP_EVERY_MS = 60_000
/** Ended codes and sessions are kept a day, for support questions, then deleted. */
const KEEP_ENDED_MS = 24 * 3_600_000

/**
 * @example
 * const auth = createAuthService({ db, projects, keyring, mailer: createMailbox() })
 * const { action } = await auth.startEmailLogin({ projectId: 'shop', email: 'alice@example.com', deviceId }, { ip: '127.0.0.1' })
 */
export function createAuthService(options: AuthServiceOptions): AuthService {
  const ctx = createAuthContext(options)
  const { now } = ctx
  const codes = createCodeDesk(ctx)
  const sessions = createSessions(ctx)
  const accounts = createAccounts(ctx)
  let lastSweep = 0

  async function sweep(): Promise<void> {
    const at = now()
    await ctx.rateLimits.sweep(at)
    await ctx.codes.deleteOlderThan(at - KEEP_ENDED_MS)
    await ctx.sessions.deleteOlderThan(at - KEEP_ENDED_MS)
    await ctx.loginAttempts.deleteOlderThan(at - KEEP_ENDED_MS)
    await ctx.proofs.deleteExpired(at)
  }

  async function maybeSweep(): Promise<void> {
    if (now() - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = now()
    await sweep()
  }

  return {
    ...createEmailLogin(ctx, { codes, sessions, accounts, maybeSweep }),
    ...createEmailChange(ctx, codes),
    ...createStepUpCode(ctx, codes),
    countedCodeCheck: codes.countedCheck,
    authenticate: sessions.authenticate,
    proveDeviceKey: sessions.proveDeviceKey,
    logout: sessions.logout,
    isConnected: sessions.isConnected,
    getUser: (auth, chainId) => accounts.userJson(auth.user, chainId),
    userForIdentity: accounts.userForIdentity,
    createUserWithoutEmail: () => accounts.createUser(null),
    async openSession(userId, where, chainId, context) {
      const user = (await ctx.users.findById(userId)) ?? throwError(new Error(`user ${userId} not found`))
      normalizeChainId(chainId)
      const session = await ctx.inTransaction((tx) => sessions.start(tx, user.id, where, context))
      return { user: await accounts.userJson(user, chainId), session }
    },
    rewrapWalletKeys: () => rewrapWalletKeys(ctx),
    sweep,
  }
}
