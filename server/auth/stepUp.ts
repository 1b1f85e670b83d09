/**
 * Step-up: a fresh proof of a second factor on a signed-in session, asked before what
 * matters (issue 32; docs/security.md "Step-up" and "Second factor").
 *
 * - Key export always needs one (`requireFreshStepUp`).
 * - Once the user enrols a second factor (an authenticator app, and/or a passkey;
 *   server/routes/mfa.ts), only those prove a step-up, and `requireSecondFactor` asks for
 *   one before key export, recovery on a new device, adding or removing a device and
 *   changing the email. Without one enrolled, those three actions stay as they were.
 *
 * - **Email**: a new one-time code of its own purpose (`step_up`) sent to the account's
 *   address, bound to the session's user, project and device. A login code does not pass
 *   it (another purpose, another HMAC), and it opens no session. A wrong code counts as
 *   every wrong code does (5 per code, 30 per client per 15 minutes).
 * - **Passkey**: a WebAuthn assertion by one of the user's own passkeys, with the secure
 *   origin as relying party (server/auth/passkeys.ts, `startStepUp` / `finishStepUp`).
 * - **Authenticator app**: a code of the user's confirmed TOTP app (server/auth/totp.ts),
 *   good once.
 *
 * The proof is recorded on the session (`auth_sessions.step_up_expires_at`, migration
 * 0014) for STEP_UP_TTL_MS: another session, device or project does not inherit it.
 */
import { type Kysely, type Migration } from 'kysely'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { type AuthSession, type AuthSessionStore, createAuthSessionStore } from '../db/authSessions'
import { createMfaPasskeyStore } from '../db/mfaPasskey'
import { createPasskeyStore } from '../db/passkeys'
import { type DatabaseSchema } from '../db/schema'
import { AuthError } from './errors'
import { type PasskeyLogin, type PasskeyOptions } from './passkeys'
import { type AuthService, type Authenticated, type RequestContext } from './service'
import { type TotpService } from './totp'
import type { StepUpMethod, StepUpStatusAnswer } from '../../src/shared/custodyApi'
import { SECOND_FACTOR_REQUIRED, type MfaStatus, type SecondFactor } from '../../src/shared/mfaApi'

/** How long a step-up counts after it is proved: 5 minutes. */
export const STEP_UP_TTL_MS = 5 * 60_000

export type { StepUpMethod }

/** What the signed-in user can prove, and until when the session's latest proof counts. */
export type StepUpStatus = StepUpStatusAnswer

export interface StepUpService {
  status(auth: Authenticated): Promise<StepUpStatus>
  /** The user's second factors (authenticator app, passkey), and how many passkeys they have. */
  mfa(userId: string): Promise<MfaStatus>
  /**
   * When the user enrolled a second factor: refuses (403 SECOND_FACTOR_REQUIRED) unless this
   * session proved one of them less than STEP_UP_TTL_MS ago. Without one, passes.
   */
  requireSecondFactor(auth: Authenticated): Promise<void>
  /** Key export: a fresh step-up always, by an enrolled second factor when there is one. */
  requireExportStepUp(auth: Authenticated): Promise<void>
  /** Enrols a passkey as a second factor, after a fresh step-up by a passkey (403 STEP_UP_REQUIRED). */
  enrolPasskey(auth: Authenticated): Promise<{ passkey: 'enrolled' }>
  /** Stops requiring the passkey, after a fresh step-up by an enrolled second factor. */
  removePasskey(auth: Authenticated): Promise<{ passkey: 'none' }>
  /** Checks a code of the user's authenticator app and records the step-up on the session. */
  finishTotp(auth: Authenticated, code: string, context: RequestContext): Promise<{ method: 'totp'; freshUntil: string }>
  /** Emails a step-up code to the account's address. */
  startEmail(auth: Authenticated, context: RequestContext): Promise<{ method: 'email' }>
  /** Checks the emailed code and records the step-up on the session. */
  finishEmail(auth: Authenticated, otp: string, context: RequestContext): Promise<{ method: 'email'; freshUntil: string }>
  /** Assertion options for one of the user's passkeys; 404 STEP_UP_NO_PASSKEY when they have none. */
  startPasskey(auth: Authenticated, origin: string): Promise<PasskeyOptions<'login'>>
  /** Checks the assertion and records the step-up on the session. */
  finishPasskey(auth: Authenticated, input: { ceremonyId: string; response: AuthenticationResponseJSON }): Promise<{ method: 'passkey'; freshUntil: string }>
}

/**
 * Refuses (403 STEP_UP_REQUIRED) unless the session proved a second factor less than
 * STEP_UP_TTL_MS ago. `session` is the one read when the request was authenticated.
 */
export function requireFreshStepUp(session: AuthSession, at: number): void {
  if (session.stepUp === null || session.stepUp.expiresAt.getTime() <= at) {
    throw new AuthError(403, 'Step-up Required', 'STEP_UP_REQUIRED', 'Confirm it is you first, with a new email code or your passkey; the confirmation lasts 5 minutes')
  }
}

/** The refusal of an action that needs an enrolled second factor proved recently. */
export const secondFactorRequired = () =>
  new AuthError(403, 'Second Factor Required', SECOND_FACTOR_REQUIRED, 'Confirm it is you with your authenticator app or passkey first; the confirmation lasts 5 minutes')

export interface StepUpServiceOptions {
  db: Kysely<DatabaseSchema>
  auth: AuthService
  passkeys: PasskeyLogin
  totp: Pick<TotpService, 'status' | 'verify'>
  now?: () => number
}

/**
 * @example
 * const stepUp = createStepUpService({ db, auth, passkeys })
 * await stepUp.startEmail(authenticated, context)
 * await stepUp.finishEmail(authenticated, '123456', context) // { method: 'email', freshUntil }
 * requireFreshStepUp((await auth.authenticate(...)).session, Date.now())
 */
export function createStepUpService({ db, auth, passkeys, totp, now = Date.now }: StepUpServiceOptions): StepUpService {
  const credentials = createPasskeyStore(db)
  const sessions = createAuthSessionStore(db)
  const passkeyFactor = createMfaPasskeyStore(db)

  async function mfa(userId: string): Promise<MfaStatus> {
    const [totpStatus, passkeyEnrolled, passkeyCount] = await Promise.all([totp.status(userId), passkeyFactor.isEnrolled(userId), credentials.listCredentials(userId).then((list) => list.length)])
    // A passkey enrolled as the factor and then deleted everywhere would lock the user out: it counts only while one exists.
    return { totp: totpStatus, passkey: passkeyEnrolled && passkeyCount > 0 ? 'enrolled' : 'none', passkeys: passkeyCount }
  }

  const secondFactorsOf = (status: MfaStatus): SecondFactor[] => [...(status.totp === 'enrolled' ? ['totp' as const] : []), ...(status.passkey === 'enrolled' ? ['passkey' as const] : [])]

  /** Whether the session's latest proof is fresh and, when factors are given, by one of them. */
  const freshBy = (session: AuthSession, factors: readonly string[]): boolean =>
    session.stepUp !== null && session.stepUp.expiresAt.getTime() > now() && (factors.length === 0 || factors.includes(session.stepUp.method))

  async function requireSecondFactor({ session, user }: Authenticated): Promise<void> {
    const factors = secondFactorsOf(await mfa(user.id))
    if (factors.length > 0 && !freshBy(session, factors)) throw secondFactorRequired()
  }

  /** Records the proof on the session; the session must still be live (not signed out meanwhile). */
  async function record(store: AuthSessionStore, session: AuthSession, method: StepUpMethod): Promise<string> {
    const until = now() + STEP_UP_TTL_MS
    if (!(await store.recordStepUp(session.id, method, until))) throw new AuthError(401, 'Unauthorized', 'UNAUTHORIZED', 'The session ended; sign in again')
    return new Date(until).toISOString()
  }

  return {
    async status({ session, user }) {
      const status = await mfa(user.id)
      const factors = secondFactorsOf(status)
      const methods: StepUpMethod[] = []
      if (factors.length > 0) methods.push(...factors)
      else {
        if (user.email !== null) methods.push('email')
        if (status.passkeys > 0) methods.push('passkey')
      }
      const fresh = freshBy(session, factors)
      return { methods, secondFactor: factors.length > 0, ...(fresh ? { freshUntil: session.stepUp!.expiresAt.toISOString() } : {}) }
    },

    mfa,
    requireSecondFactor,

    async requireExportStepUp(authenticated) {
      requireFreshStepUp(authenticated.session, now())
      await requireSecondFactor(authenticated)
    },

    async enrolPasskey({ session, user }) {
      if ((await credentials.listCredentials(user.id)).length === 0) {
        throw new AuthError(409, 'Conflict', 'STEP_UP_NO_PASSKEY', 'Add a passkey to this account first')
      }
      if (!freshBy(session, ['passkey'])) {
        throw new AuthError(403, 'Step-up Required', 'STEP_UP_REQUIRED', 'Confirm it is you with your passkey first; the confirmation lasts 5 minutes')
      }
      await passkeyFactor.enrol(user.id, now())
      return { passkey: 'enrolled' }
    },

    async removePasskey(authenticated) {
      await requireSecondFactor(authenticated)
      await passkeyFactor.remove(authenticated.user.id)
      return { passkey: 'none' }
    },

    async finishTotp(authenticated, code, context) {
      await totp.verify(authenticated.user.id, code, context)
      return { method: 'totp', freshUntil: await record(sessions, authenticated.session, 'totp') }
    },

    async startEmail(authenticated, context) {
      await auth.sendStepUpCode(authenticated, context)
      return { method: 'email' }
    },

    async finishEmail(authenticated, otp, context) {
      let freshUntil = ''
      await auth.verifyStepUpCode(authenticated, otp, context, async (store) => {
        freshUntil = await record(store, authenticated.session, 'email')
      })
      return { method: 'email', freshUntil }
    },

    startPasskey: (authenticated, origin) => passkeys.startStepUp(authenticated, origin),

    async finishPasskey(authenticated, input) {
      await passkeys.finishStepUp(authenticated, input)
      return { method: 'passkey', freshUntil: await record(sessions, authenticated.session, 'passkey') }
    },
  }
}

/** Migration 0014: the step-up proved on a session, until when and how. */
export function stepUpMigration(engine: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('auth_sessions')
        .addColumn('step_up_expires_at', engine === 'postgres' ? 'timestamptz' : 'text')
        .execute()
      await db.schema.alterTable('auth_sessions').addColumn('step_up_method', 'text').execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('auth_sessions').dropColumn('step_up_method').execute()
      await db.schema.alterTable('auth_sessions').dropColumn('step_up_expires_at').execute()
    },
  }
}
