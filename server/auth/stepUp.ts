/**
 * Step-up: a fresh proof of a second factor on a signed-in session, asked before what
 * matters (issue 32; docs/security.md "Step-up"). Key export needs it now; device removal
 * and MFA (TOTP) are meant to reuse it: each new factor is one more way to call `record`,
 * each guarded action one more call of `requireFreshStepUp`.
 *
 * - **Email**: a new one-time code of its own purpose (`step_up`) sent to the account's
 *   address, bound to the session's user, project and device. A login code does not pass
 *   it (another purpose, another HMAC), and it opens no session. A wrong code counts as
 *   every wrong code does (5 per code, 30 per client per 15 minutes).
 * - **Passkey**: a WebAuthn assertion by one of the user's own passkeys, with the secure
 *   origin as relying party (server/auth/passkeys.ts, `startStepUp` / `finishStepUp`).
 *
 * The proof is recorded on the session (`auth_sessions.step_up_expires_at`, migration
 * 0014) for STEP_UP_TTL_MS: another session, device or project does not inherit it.
 */
import { type Kysely, type Migration } from 'kysely'
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { type AuthSession, type AuthSessionStore, createAuthSessionStore } from '../db/authSessions'
import { createPasskeyStore } from '../db/passkeys'
import { type DatabaseSchema } from '../db/schema'
import { AuthError } from './errors'
import { type PasskeyLogin, type PasskeyOptions } from './passkeys'
import { type AuthService, type Authenticated, type RequestContext } from './service'

/** How long a step-up counts after it is proved: 5 minutes. */
export const STEP_UP_TTL_MS = 5 * 60_000

export type StepUpMethod = 'email' | 'passkey'

/** What the signed-in user can prove, and until when the session's latest proof counts. */
export interface StepUpStatus {
  methods: StepUpMethod[]
  /** ISO time; absent when no step-up counts now. */
  freshUntil?: string
}

export interface StepUpService {
  status(auth: Authenticated): Promise<StepUpStatus>
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

export interface StepUpServiceOptions {
  db: Kysely<DatabaseSchema>
  auth: AuthService
  passkeys: PasskeyLogin
  now?: () => number
}

/**
 * @example
 * const stepUp = createStepUpService({ db, auth, passkeys })
 * await stepUp.startEmail(authenticated, context)
 * await stepUp.finishEmail(authenticated, '123456', context) // { method: 'email', freshUntil }
 * requireFreshStepUp((await auth.authenticate(...)).session, Date.now())
 */
export function createStepUpService({ db, auth, passkeys, now = Date.now }: StepUpServiceOptions): StepUpService {
  const credentials = createPasskeyStore(db)
  const sessions = createAuthSessionStore(db)

  /** Records the proof on the session; the session must still be live (not signed out meanwhile). */
  async function record(store: AuthSessionStore, session: AuthSession, method: StepUpMethod): Promise<string> {
    const until = now() + STEP_UP_TTL_MS
    if (!(await store.recordStepUp(session.id, method, until))) throw new AuthError(401, 'Unauthorized', 'UNAUTHORIZED', 'The session ended; sign in again')
    return new Date(until).toISOString()
  }

  return {
    async status({ session, user }) {
      const methods: StepUpMethod[] = []
      if (user.email !== null) methods.push('email')
      if ((await credentials.listCredentials(user.id)).length > 0) methods.push('passkey')
      const fresh = session.stepUp !== null && session.stepUp.expiresAt.getTime() > now()
      return { methods, ...(fresh ? { freshUntil: session.stepUp!.expiresAt.toISOString() } : {}) }
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
