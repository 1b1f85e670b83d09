/**
 * The embedded wallet's server side (SPEC §4 email connect and email update,
 * §5 the 30 s resend rule, §9): one-time codes by email, new-device approval,
 * sessions and email change. It makes no wallet key and signs nothing: keys are made
 * and used in the secure frame (server/auth/custody.ts keeps the server's share).
 * HTTP lives in routes/auth.ts; this module is the behaviour, with an
 * injectable clock so expiry and cooldowns are tested without waiting.
 */
import { createHmac } from 'node:crypto'
import { type Kysely, type Transaction } from 'kysely'
import { type AuthSession, type AuthSessionStore, createAuthSessionStore } from '../db/authSessions'
import { type AuthUser, type AuthUserStore, createAuthUserStore } from '../db/authUsers'
import { createAuthIdentityStore, createLoginAttemptStore } from '../db/loginAttempts'
import { type OtpCode, type OtpCodeStore, createOtpCodeStore } from '../db/otpCodes'
import { type LimitResult, type RateLimitRule, createRateLimitStore } from '../db/rateLimits'
import { type DatabaseSchema, type OtpPurpose, type WalletNamespace } from '../db/schema'
import { walletAddresses } from '../db/custodyWallets'
import { type WalletKeyStore, createWalletKeyStore, walletKeyAad } from '../db/walletKeys'
import { clientKey } from '../clientAddress'
import { type ProjectRegistry } from '../projects'
import { normalizeEmail } from './email'
import { AuthError, cooldownError, invalidEmail, proofRefused, rateLimitError, sessionExpired, unauthorized } from './errors'
import { DPOP_WINDOW_MS, type ProvenRequest, checkDpopProof } from './dpop'
import { createDpopProofStore } from '../db/dpopProofs'
import { type Mailer, composeMail } from './mailer'
import { type Keyring } from './masterKey'
import { CODE_PATTERN, codeMatches, generateCode, generateSalt, hashCode } from './oneTimeCode'
import { DEVICE_HEADER } from '../../src/shared/authApi'
import { generateSessionToken, hashDeviceId, hashSessionToken, SESSION_TOKEN_PATTERN } from './sessionToken'

export interface AuthLimits {
  /** How long a code works. Default 10 minutes. */
  codeTtlMs: number
  /** Wrong entries before a code is invalidated. Default 5. */
  maxAttempts: number
  /** SPEC §5/§9: another code to the same address and purpose is refused for 30 s. */
  resendCooldownMs: number
  /** Session lifetime from sign-in. Default 7 days. */
  sessionTtlMs: number
  /**
   * Codes sent to one address from one client (IP address, or IPv6 /64). Default 5 an
   * hour. A stranger who asks for codes for someone else's address uses up only their
   * own share: the address's owner, elsewhere, still gets codes.
   */
  codesPerEmailAndIp: RateLimitRule
  /**
   * Codes sent to one address from everywhere: the ceiling that bounds guessing against
   * one address. Default 30 an hour, shared, so never escalated. Devices the address's
   * owner approved are not counted against it, so a stranger with many IPs cannot lock
   * a returning user out.
   */
  codesPerEmail: RateLimitRule
  /** Codes requested from one client (IP address, or IPv6 /64). Default 30 per 15 minutes. */
  codesPerIp: RateLimitRule
  /** Wrong or unknown codes entered from one IP address. Default 30 per 15 minutes. */
  failedCodesPerIp: RateLimitRule
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  resendCooldownMs: 30_000,
  sessionTtlMs: 7 * 24 * 3_600_000,
  codesPerEmailAndIp: { max: 5, windowMs: 3_600_000 },
  codesPerEmail: { max: 30, windowMs: 3_600_000, escalate: false },
  codesPerIp: { max: 30, windowMs: 15 * 60_000 },
  failedCodesPerIp: { max: 30, windowMs: 15 * 60_000 },
}

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

/** Who is asking, as far as the server can tell. */
export interface RequestContext {
  ip: string
  userAgent?: string | undefined
  /** The thumbprint of the device key this request proved (proveDeviceKey); a session opens only with one. */
  deviceKey?: string | undefined
}

export type EmailConnectAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'
export type EmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/** SPEC §3 Embedded-wallet User, plus every address the wallet has. */
export interface EmbeddedWalletUser {
  email: string | null
  /** The account on the asked chain's namespace; absent while the user has no wallet there yet. */
  address?: string
  chainId: string | number
  accounts: Array<{ address: string; type: 'eoa' }>
  smartAccountDeployed: false
  preferredAccountType: 'eoa'
  addresses: Partial<Record<WalletNamespace, string>>
  /** SPEC §3 userName: the username of the social account the wallet was last signed in with. */
  userName?: string
}

export interface SessionGrant {
  /** Bearer token for every authenticated call. Keep it in the secure page's origin only. */
  token: string
  expiresAt: string
}

export interface Authenticated {
  session: AuthSession
  user: AuthUser
}

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
  rewrapWalletKeys(): Promise<{ rewrapped: number; unreadable: Record<string, number>; undecryptable: number }>
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
  const { db, projects, keyring, mailer } = options
  const limits = { ...DEFAULT_AUTH_LIMITS, ...options.limits }
  const now = options.now ?? Date.now
  const logError = options.logError ?? (() => {})
  const users = createAuthUserStore(db)
  const codes = createOtpCodeStore(db)
  const sessions = createAuthSessionStore(db)
  const walletKeys = createWalletKeyStore(db)
  const rateLimits = createRateLimitStore(db)
  const identities = createAuthIdentityStore(db)
  const loginAttempts = createLoginAttemptStore(db)
  const proofs = createDpopProofStore(db)
  let lastSweep = 0

  /**
   * Runs `work` in one transaction, with the stores bound to it: all its writes land, or
   * none (a crash or a lost database rolls them back). Inside, only `tx` may be used:
   * SQLite has one connection, which the transaction holds.
   */
  const inTransaction = <T>(work: (tx: TransactionStores) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => work({ codes: createOtpCodeStore(trx), users: createAuthUserStore(trx), sessions: createAuthSessionStore(trx), walletKeys: createWalletKeyStore(trx), trx }))

  /**
   * A token's stored hash under each configured master key, current first: a
   * session outlives a key rotation as long as the previous key is configured.
   */
  const tokenHashes = (token: string) => keyring.ids().map((id) => hashSessionToken(keyring.derive('session-token/1', id), token))

  /** Rate-limit buckets name addresses and IPs by a keyed hash, not in clear. */
  const subject = (value: string) => createHmac('sha256', keyring.derive('rate-limit/1')).update(value).digest('base64url').slice(0, 32)

  const requireProject = (projectId: string) => {
    if (projects.get(projectId) === undefined) {
      throw new AuthError(403, 'Invalid Project ID', 'INVALID_PROJECT', `Project ID '${projectId}' is not configured on this server`)
    }
  }

  const requireEmail = (value: string, field = 'email') => normalizeEmail(value) ?? throwError(invalidEmail(field))

  const requireOtpShape = (otp: string) => {
    if (!CODE_PATTERN.test(otp)) throw new AuthError(400, 'Bad Request', 'OTP_FORMAT', 'The code must be the 6 digits from the email')
  }

  const refuse = (result: LimitResult, code: 'EMAIL_RATE_LIMITED' | 'IP_RATE_LIMITED') => {
    if (!result.allowed) throw rateLimitError(code, result.retryAfterMs)
  }

  /** The per-IP subject: the client's address (an IPv6 client by its /64), keyed. */
  const clientSubject = (context: RequestContext) => subject(clientKey(context.ip))

  async function maybeSweep(): Promise<void> {
    if (now() - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = now()
    await service.sweep()
  }

  /**
   * Makes a code, stores its hash and emails it. The resend cooldown comes
   * first (SPEC §5), per address, purpose and device: it paces one visitor's
   * resends and never blocks someone else asking for the same address. Then the
   * per-IP, per-(address, IP) and per-address limits; the per-address ceiling is
   * skipped for a device the address's owner approved (`trustedDevice`). A code
   * the server sends on its own as the next step (`followUp`) starts the
   * cooldown without being refused by it.
   */
  async function sendCode(request: {
    purpose: OtpPurpose
    to: string
    projectId: string
    deviceHash: string
    userId?: string | null
    newEmail?: string | null
    followUp?: boolean
    trustedDevice?: boolean
    context: RequestContext
  }): Promise<void> {
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
        await mailer.send(mail)
      } catch (error) {
        logError(error, 'sending a one-time code failed')
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
        const used = await inTransaction(async (tx) => ((await tx.codes.end(code.id, 'used', at)) ? { granted: await grant(code, tx) } : undefined))
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
   * A new user, in the caller's transaction (or one of its own). It has no wallet yet: the
   * secure frame makes the keys and registers the addresses (server/auth/custody.ts).
   */
  async function createUser(email: string | null, tx?: TransactionStores): Promise<AuthUser> {
    if (tx === undefined) return inTransaction((own) => createUser(email, own))
    const user = await tx.users.insert(tx.trx, email, now())
    if (user !== undefined) return user
    // Someone signed up with this address a moment ago: that is the user.
    return (email === null ? undefined : await tx.users.findByEmail(email)) ?? throwError(new Error(`user '${email}' neither created nor found`))
  }

  /** Approves the device and stores a new session for it, in the caller's transaction. */
  async function startSession(tx: TransactionStores, userId: string, { projectId, deviceHash }: { projectId: string; deviceHash: string }, context: RequestContext): Promise<SessionGrant> {
    const deviceKeyThumbprint = context.deviceKey ?? throwError(new Error('a session is opened only with a proven device key (proveDeviceKey)'))
    await tx.users.approveDevice(userId, deviceHash, describeDevice(context) ?? null, now())
    const token = generateSessionToken()
    const at = now()
    const session = await tx.sessions.insert({ tokenHash: tokenHashes(token)[0]!, userId, projectId, deviceHash, deviceKeyThumbprint, createdAt: at, expiresAt: at + limits.sessionTtlMs })
    return { token, expiresAt: session.expiresAt.toISOString() }
  }

  async function userJson(user: AuthUser, chainId: unknown): Promise<EmbeddedWalletUser> {
    const chain = normalizeChainId(chainId)
    const addresses = await walletAddresses(db, user.id)
    const namespace: WalletNamespace = typeof chain === 'string' && chain.startsWith('solana:') ? 'solana' : 'eip155'
    const address = addresses[namespace]
    const userName = await identities.latestUsername(user.id)
    return {
      email: user.email,
      // No address until the secure frame registers the wallet it made (routes/custody.ts).
      ...(address !== undefined ? { address } : {}),
      chainId: chain,
      accounts: address === undefined ? [] : [{ address, type: 'eoa' }],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
      addresses,
      ...(userName !== undefined ? { userName } : {}),
    }
  }

  async function liveSession(token: string | undefined): Promise<{ session: AuthSession; expired: boolean } | undefined> {
    if (token === undefined || !SESSION_TOKEN_PATTERN.test(token)) return undefined
    const session = await sessions.findByTokenHash(tokenHashes(token))
    if (session === undefined || session.revokedAt !== null) return undefined
    return { session, expired: now() >= session.expiresAt.getTime() }
  }

  /** Checks a proof (dpop.ts) and records its jti, refusing one recorded before, on this instance or another. */
  async function takeProof(request: ProvenRequest, accessToken: string | undefined): Promise<string> {
    const { keyThumbprint, jti, issuedAt } = await checkDpopProof(request, { accessToken, now: now() })
    // After issuedAt + the window the iat check refuses the proof, so it need not be remembered longer.
    if (!(await proofs.remember(keyThumbprint, jti, issuedAt + DPOP_WINDOW_MS))) {
      throw proofRefused('DPOP_REPLAYED', 'This DPoP proof was sent before; every request needs a new one')
    }
    return keyThumbprint
  }

  const service: AuthService = {
    async countedCodeCheck(context, check) {
      const at = now()
      const failures = `verify-failed:ip:${clientSubject(context)}`
      refuse(await rateLimits.hit(failures, limits.failedCodesPerIp, at), 'IP_RATE_LIMITED')
      const right = await check()
      if (right) await rateLimits.refund(failures, limits.failedCodesPerIp, at)
      return right
    },
    async startEmailLogin({ projectId, email: rawEmail, deviceId, sessionToken }, context) {
      requireProject(projectId)
      const email = requireEmail(rawEmail)
      const deviceHash = hashDeviceId(deviceId)
      await maybeSweep()

      // SPEC §4 "CONNECT": this device already holds a live session for this address.
      const live = await liveSession(sessionToken)
      if (live !== undefined && !live.expired && live.session.projectId === projectId && live.session.deviceHash === deviceHash) {
        const owner = await users.findById(live.session.userId)
        if (owner?.email === email) return { action: 'CONNECT' }
      }

      const user = await users.findByEmail(email)
      const approved = user !== undefined && (await users.isDeviceApproved(user.id, deviceHash))
      const newDevice = user !== undefined && !approved
      await sendCode({ purpose: newDevice ? 'device' : 'login', to: email, projectId, deviceHash, userId: newDevice ? user.id : null, trustedDevice: approved, context })
      return { action: newDevice ? 'VERIFY_DEVICE' : 'VERIFY_OTP' }
    },

    async verifyDevice({ projectId, email: rawEmail, deviceId, otp }, context) {
      requireProject(projectId)
      const email = requireEmail(rawEmail)
      requireOtpShape(otp)
      const deviceHash = hashDeviceId(deviceId)
      await redeem(await codes.findPending({ purpose: 'device', email, projectId, deviceHash }), otp, context, async (code, tx) => {
        if (code.userId === null) throw new Error(`device code ${code.id} has no user`)
        await tx.users.approveDevice(code.userId, deviceHash, describeDevice(context) ?? null, now())
      })
      // The device is approved; signing in still takes a code (SPEC §4: VERIFY_DEVICE, then VERIFY_OTP).
      await sendCode({ purpose: 'login', to: email, projectId, deviceHash, followUp: true, trustedDevice: true, context })
      return { action: 'VERIFY_OTP' }
    },

    async verifyEmailLogin({ projectId, email: rawEmail, deviceId, otp, chainId }, context) {
      requireProject(projectId)
      const email = requireEmail(rawEmail)
      requireOtpShape(otp)
      normalizeChainId(chainId)
      const deviceHash = hashDeviceId(deviceId)
      // The code, the user with its keys, the device and the session: all or none.
      const { granted } = await redeem(await codes.findPending({ purpose: 'login', email, projectId, deviceHash }), otp, context, async (_code, tx) => {
        const user = (await tx.users.findByEmail(email)) ?? (await createUser(email, tx))
        // The code proves the inbox, which is what approving a device proves too.
        return { user, session: await startSession(tx, user.id, { projectId, deviceHash }, context) }
      })
      return { user: await userJson(granted.user, chainId), session: granted.session }
    },

    async openSession(userId, where, chainId, context) {
      const user = (await users.findById(userId)) ?? throwError(new Error(`user ${userId} not found`))
      normalizeChainId(chainId)
      const session = await inTransaction((tx) => startSession(tx, user.id, where, context))
      return { user: await userJson(user, chainId), session }
    },

    async userForIdentity({ provider, subject, username }) {
      const at = now()
      const known = await identities.find(provider, subject)
      if (known !== undefined) {
        await identities.link({ userId: known.userId, provider, subject, username }, at)
        return (await users.findById(known.userId)) ?? throwError(new Error(`user ${known.userId} of ${provider} identity not found`))
      }
      const user = await createUser(null)
      await identities.link({ userId: user.id, provider, subject, username }, at)
      // Two first logins at once: the identity row names the one user that won.
      const linked = await identities.find(provider, subject)
      return linked?.userId === user.id ? user : ((await users.findById(linked!.userId)) ?? user)
    },

    createUserWithoutEmail: () => createUser(null),

    async authenticate(token, { projectId, deviceId, proof }) {
      if (token === undefined) throw unauthorized('Send the session as Authorization: Bearer <token>')
      if (projectId === undefined) throw unauthorized('Send the project the session was opened for as ?projectId=', 'PROJECT_REQUIRED')
      if (deviceId === undefined) throw unauthorized(`Send the device id the session was opened on as the ${DEVICE_HEADER} header`, 'DEVICE_REQUIRED')
      if (proof.proof === undefined) throw proofRefused('DPOP_REQUIRED', 'Send a proof of this device’s key as the DPoP header; the secure page adds it to every call')
      const live = await liveSession(token)
      if (live === undefined) throw unauthorized()
      if (live.expired) throw sessionExpired()
      if (projectId !== live.session.projectId) throw unauthorized('This session belongs to another project; sign in again', 'PROJECT_MISMATCH')
      if (hashDeviceId(deviceId) !== live.session.deviceHash) throw unauthorized('This session belongs to another device; sign in again', 'DEVICE_MISMATCH')
      if (live.session.deviceKeyThumbprint === null) {
        throw proofRefused('SESSION_UNBOUND', 'This session was opened before sessions were bound to a device key; sign in again')
      }
      if ((await takeProof(proof, token)) !== live.session.deviceKeyThumbprint) {
        throw proofRefused('DEVICE_KEY_MISMATCH', 'This session is bound to another device key; the request was not signed by the device that signed in')
      }
      const user = await users.findById(live.session.userId)
      if (user === undefined) throw unauthorized()
      return { session: live.session, user }
    },

    proveDeviceKey: (proof) => takeProof(proof, undefined),

    getUser: (auth, chainId) => userJson(auth.user, chainId),

    async logout(token) {
      const live = await liveSession(token)
      return live === undefined ? false : sessions.revoke(live.session.id, now())
    },

    async isConnected(token) {
      const live = await liveSession(token)
      return live !== undefined && !live.expired
    },

    async startEmailUpdate({ session, user }, rawNewEmail, context) {
      const newEmail = requireEmail(rawNewEmail, 'newEmail')
      if (newEmail === user.email) throw new AuthError(400, 'Bad Request', 'EMAIL_UNCHANGED', 'The new email is the same as the current one')
      if ((await users.findByEmail(newEmail)) !== undefined) {
        throw new AuthError(409, 'Conflict', 'EMAIL_IN_USE', 'Another wallet already uses this email')
      }
      const common = { projectId: session.projectId, deviceHash: session.deviceHash, userId: user.id, newEmail, context }
      // A wallet without an email (a social login, later) has no primary address to confirm from.
      if (user.email === null) {
        await sendCode({ ...common, purpose: 'update_secondary', to: newEmail })
        return { action: 'VERIFY_SECONDARY_OTP' }
      }
      // The owner's own signed-in device asks for a code to the owner's address.
      await sendCode({ ...common, purpose: 'update_primary', to: user.email, trustedDevice: true })
      return { action: 'VERIFY_PRIMARY_OTP' }
    },

    async verifyPrimaryEmail({ session, user }, otp, context) {
      requireOtpShape(otp)
      const { code } = await redeem(
        await codes.findPending({ purpose: 'update_primary', userId: user.id, projectId: session.projectId, deviceHash: session.deviceHash }),
        otp,
        context,
        async () => undefined,
      )
      if (code.newEmail === null) throw new Error(`email change code ${code.id} has no new email`)
      await sendCode({
        purpose: 'update_secondary',
        to: code.newEmail,
        newEmail: code.newEmail,
        userId: user.id,
        projectId: session.projectId,
        deviceHash: session.deviceHash,
        followUp: true,
        context,
      })
      return { action: 'VERIFY_SECONDARY_OTP' }
    },

    async verifySecondaryEmail({ session, user }, otp, context) {
      requireOtpShape(otp)
      // The code and the change: both or neither (a refused change leaves the code usable).
      const { granted } = await redeem(
        await codes.findPending({ purpose: 'update_secondary', userId: user.id, projectId: session.projectId, deviceHash: session.deviceHash }),
        otp,
        context,
        async (code, tx) => {
          if (code.newEmail === null) throw new Error(`email change code ${code.id} has no new email`)
          if (!(await tx.users.changeEmail(user.id, code.newEmail, now()))) {
            throw new AuthError(409, 'Conflict', 'EMAIL_IN_USE', 'Another wallet already uses this email')
          }
          return code.newEmail
        },
      )
      return { newEmail: granted }
    },

    async sendStepUpCode({ session, user }, context) {
      if (user.email === null) throw new AuthError(409, 'Conflict', 'STEP_UP_NO_EMAIL', 'This wallet has no email to send a code to; confirm with your passkey instead')
      // The owner's own signed-in device asks for a code to the owner's address.
      await sendCode({ purpose: 'step_up', to: user.email, projectId: session.projectId, deviceHash: session.deviceHash, userId: user.id, trustedDevice: true, context })
    },

    async verifyStepUpCode({ session, user }, otp, context, record) {
      requireOtpShape(otp)
      await redeem(await codes.findPending({ purpose: 'step_up', userId: user.id, projectId: session.projectId, deviceHash: session.deviceHash }), otp, context, (_code, tx) => record(tx.sessions))
    },

    async rewrapWalletKeys() {
      let rewrapped = 0
      let undecryptable = 0
      const unreadable: Record<string, number> = {}
      let afterId = ''
      for (;;) {
        const batch = await walletKeys.listNotUnder(keyring.current.id, afterId, 100)
        if (batch.length === 0) break
        for (const stored of batch) {
          afterId = stored.id
          if (!keyring.has(stored.encrypted.masterKeyId)) {
            unreadable[stored.encrypted.masterKeyId] = (unreadable[stored.encrypted.masterKeyId] ?? 0) + 1
            continue
          }
          let secret: Buffer
          try {
            secret = keyring.decrypt(stored.encrypted, walletKeyAad(stored))
          } catch (error) {
            // One damaged row must not stop the server starting; it is reported and left as it is.
            logError(error, `wallet key ${stored.id} does not decrypt; left as it is`)
            undecryptable++
            continue
          }
          try {
            if (await walletKeys.replaceCiphertext(stored.id, stored.encrypted.masterKeyId, keyring.encrypt(secret, walletKeyAad(stored)), now())) rewrapped++
          } finally {
            secret.fill(0)
          }
        }
      }
      return { rewrapped, unreadable, undecryptable }
    },

    async sweep() {
      const at = now()
      await rateLimits.sweep(at)
      await codes.deleteOlderThan(at - KEEP_ENDED_MS)
      await sessions.deleteOlderThan(at - KEEP_ENDED_MS)
      await loginAttempts.deleteOlderThan(at - KEEP_ENDED_MS)
      await proofs.deleteExpired(at)
    },
  }
  return service
}

/**
 * The chain the caller is on (SPEC §3: "chainId (string or number)"); default
 * eip155:1 (SPEC §9). eip155 chains come back as numbers, others as CAIP-2.
 */
export function normalizeChainId(value: unknown): string | number {
  if (value === undefined || value === null || value === '') return 1
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string') {
    const eip155 = /^(?:eip155:)?([1-9][0-9]{0,15})$/.exec(value)
    if (eip155) return Number(eip155[1])
    if (/^solana:[1-9A-HJ-NP-Za-km-z]{1,44}$/.test(value)) return value
  }
  throw new AuthError(400, 'Bad Request', 'INVALID_PAYLOAD', "chainId must be an EVM chain id (1 or 'eip155:1') or a Solana CAIP-2 id ('solana:…')")
}

/** The browser as the device email names it: printable characters only, short. */
function describeDevice(context: RequestContext): string | undefined {
  const agent = context.userAgent
    ?.replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, 160)
  return agent ? `browser: ${agent}` : undefined
}

/** The stores bound to one transaction, and the transaction itself (for stores that take it). */
interface TransactionStores {
  trx: Transaction<DatabaseSchema>
  codes: OtpCodeStore
  users: AuthUserStore
  sessions: AuthSessionStore
  walletKeys: WalletKeyStore
}

function throwError(error: Error): never {
  throw error
}
