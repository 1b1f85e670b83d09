/**
 * "Continue with a passkey" (issue 32, docs/security.md "Passkeys"): WebAuthn
 * registration and authentication, verified with @simplewebauthn/server.
 *
 * - The relying party is the secure page's origin: the ceremony runs in the secure
 *   frame, so its id is the secure origin's host name and the answer must come from
 *   that origin. A ceremony begun from one secure origin must finish from it.
 * - A challenge is single-use and short-lived, kept in the database (db/passkeys.ts)
 *   and bound to the project and device that asked for it.
 * - In a cross-origin frame the browser also names the page on top (`topOrigin`): it
 *   must be on the project's allow list, as the dapp embedding the frame must be.
 * - A sign-up makes the wallet and the session through the auth service's own paths
 *   (the ones the email login uses), and answers the same `{ user, session }`.
 */
import { randomBytes } from 'node:crypto'
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers'
import { type Kysely } from 'kysely'
import { type PasskeyCeremony, type PasskeyChallenge, createPasskeyStore } from '../db/passkeys'
import { isUniqueViolation } from '../db/authUsers'
import { type DatabaseSchema } from '../db/schema'
import { type ProjectRegistry } from '../projects'
import { AuthError } from './errors'
import { type AuthService, type Authenticated, type EmbeddedWalletUser, type RequestContext, type SessionGrant } from './service'
import { hashDeviceId } from './sessionToken'

/** How long a ceremony may take, from its options to its answer. */
export const PASSKEY_CEREMONY_TTL_MS = 5 * 60_000
/** The name authenticators show for the relying party. */
export const PASSKEY_RP_NAME = 'Portico wallet'

export type PasskeyOptions<C extends PasskeyCeremony> = {
  /** Sent back with the answer: names the stored challenge. */
  ceremonyId: string
  options: C extends 'register' ? PublicKeyCredentialCreationOptionsJSON : PublicKeyCredentialRequestOptionsJSON
}

/** Where a ceremony happens: the project, the device, and the secure origin that asked. */
export type CeremonyPlace = { projectId: string; deviceId: string; origin: string }

export interface PasskeyLogin {
  /** Options for a new wallet's first passkey (sign-up, no email). */
  startSignUp(place: CeremonyPlace): Promise<PasskeyOptions<'register'>>
  finishSignUp(input: CeremonyAnswer<RegistrationResponseJSON> & { chainId?: unknown }, context: RequestContext): Promise<{ user: EmbeddedWalletUser; session: SessionGrant }>
  /** Options for adding a passkey to the signed-in user's wallet. */
  startAdd(auth: Authenticated, origin: string): Promise<PasskeyOptions<'register'>>
  finishAdd(auth: Authenticated, input: { ceremonyId: string; response: RegistrationResponseJSON }): Promise<{ credentialId: string }>
  /** Options for signing in with any passkey of this server (discoverable credentials). */
  startLogin(place: CeremonyPlace): Promise<PasskeyOptions<'login'>>
  finishLogin(input: CeremonyAnswer<AuthenticationResponseJSON> & { chainId?: unknown }, context: RequestContext): Promise<{ user: EmbeddedWalletUser; session: SessionGrant }>
  /** Step-up (server/auth/stepUp.ts): options naming the signed-in user's own passkeys; 404 STEP_UP_NO_PASSKEY when none. */
  startStepUp(auth: Authenticated, origin: string): Promise<PasskeyOptions<'login'>>
  /** Checks the assertion by one of the user's passkeys, on this session's project and device; opens no session. */
  finishStepUp(auth: Authenticated, input: { ceremonyId: string; response: AuthenticationResponseJSON }): Promise<void>
}

export type CeremonyAnswer<R> = { projectId: string; deviceId: string; ceremonyId: string; response: R }

export interface PasskeyLoginOptions {
  db: Kysely<DatabaseSchema>
  projects: ProjectRegistry
  auth: AuthService
  now?: () => number
  /** Where verification failures are reported (the visitor gets one plain refusal). */
  logError?: (error: unknown, message: string) => void
}

const ceremonyGone = () => new AuthError(400, 'Bad Request', 'PASSKEY_CEREMONY_NOT_FOUND', 'This passkey request has expired or was already used; start again')
const refused = () => new AuthError(400, 'Bad Request', 'PASSKEY_REFUSED', 'The passkey could not be verified; try again')

/**
 * @example
 * const passkeys = createPasskeyLogin({ db, projects, auth })
 * const { ceremonyId, options } = await passkeys.startLogin({ projectId: 'shop', deviceId, origin: 'https://secure.example' })
 */
export function createPasskeyLogin(options: PasskeyLoginOptions): PasskeyLogin {
  const { db, projects, auth } = options
  const now = options.now ?? Date.now
  const logError = options.logError ?? (() => {})
  const store = createPasskeyStore(db)

  const requireProject = (projectId: string) =>
    projects.get(projectId) ?? throwError(new AuthError(403, 'Invalid Project ID', 'INVALID_PROJECT', `Project ID '${projectId}' is not configured on this server`))

  async function begin<C extends PasskeyCeremony>(
    ceremony: C,
    place: { projectId: string; deviceHash: string; origin: string },
    make: (rpID: string) => Promise<PasskeyOptions<C>['options']>,
    user: { userId: string | null; webauthnUserId: string | null } = { userId: null, webauthnUserId: null },
  ): Promise<PasskeyOptions<C>> {
    requireProject(place.projectId)
    const at = now()
    await store.deleteExpiredChallenges(at)
    const made = await make(new URL(place.origin).hostname)
    const ceremonyId = randomBytes(24).toString('base64url')
    await store.putChallenge({ id: ceremonyId, ceremony, challenge: made.challenge, ...place, ...user, expiresAt: at + PASSKEY_CEREMONY_TTL_MS })
    return { ceremonyId, options: made }
  }

  /** Takes the ceremony's challenge (once, ever) and checks it is this project's and device's, and live. */
  async function take(ceremony: PasskeyCeremony, ceremonyId: string, where: { projectId: string; deviceHash: string }): Promise<PasskeyChallenge> {
    const challenge = await store.takeChallenge(ceremonyId, ceremony)
    if (challenge === undefined || challenge.projectId !== where.projectId || challenge.deviceHash !== where.deviceHash || challenge.expiresAt <= now()) throw ceremonyGone()
    return challenge
  }

  /** The page on top of the frame, when the browser names it: it must be one the project allows. */
  function expectedTopOrigin(projectId: string, clientDataJSON: string): string | undefined {
    let clientData: { crossOrigin?: boolean; topOrigin?: string }
    try {
      clientData = decodeClientDataJSON(clientDataJSON)
    } catch {
      throw refused()
    }
    if (clientData.crossOrigin !== true || clientData.topOrigin === undefined) return undefined
    if (!requireProject(projectId).isOriginAllowed(clientData.topOrigin)) {
      throw new AuthError(403, 'Origin Not Allowed', 'ORIGIN_NOT_ALLOWED', `The passkey was used on '${clientData.topOrigin.slice(0, 200)}', which is not on the project's allow list`)
    }
    return clientData.topOrigin
  }

  async function verified<T>(what: string, verify: () => Promise<T>): Promise<T> {
    try {
      return await verify()
    } catch (error) {
      if (error instanceof AuthError) throw error
      logError(error, `passkey ${what} refused`)
      throw refused()
    }
  }

  async function register(challenge: PasskeyChallenge, response: RegistrationResponseJSON, userId: string | (() => Promise<string>)): Promise<{ userId: string; credentialId: string }> {
    // Registration has no expectedTopOrigin to give the library; the allow list is checked here.
    expectedTopOrigin(challenge.projectId, response.response?.clientDataJSON ?? '')
    const result = await verified('registration', () =>
      verifyRegistrationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: challenge.origin,
        expectedRPID: new URL(challenge.origin).hostname,
        requireUserVerification: true,
      }),
    )
    if (!result.verified) throw refused()
    const { credential } = result.registrationInfo
    if ((await store.findCredential(credential.id)) !== undefined) throw new AuthError(409, 'Conflict', 'PASSKEY_IN_USE', 'This passkey is registered already')
    const owner = typeof userId === 'string' ? userId : await userId()
    try {
      await store.insertCredential(
        {
          id: credential.id,
          userId: owner,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          webauthnUserId: challenge.webauthnUserId ?? '',
        },
        now(),
      )
    } catch (error) {
      if (isUniqueViolation(error)) throw new AuthError(409, 'Conflict', 'PASSKEY_IN_USE', 'This passkey is registered already')
      throw error
    }
    return { userId: owner, credentialId: credential.id }
  }

  /** Verifies an assertion against the stored credential it names and advances its counter; answers that credential. */
  async function assert(challenge: PasskeyChallenge, response: AuthenticationResponseJSON) {
    const stored = await store.findCredential(typeof response.id === 'string' ? response.id : '')
    if (stored === undefined) throw new AuthError(400, 'Bad Request', 'PASSKEY_UNKNOWN', 'This passkey is not registered with this wallet server')
    const topOrigin = expectedTopOrigin(challenge.projectId, response.response?.clientDataJSON ?? '')
    const result = await verified('login', () =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: challenge.origin,
        expectedRPID: new URL(challenge.origin).hostname,
        ...(topOrigin !== undefined ? { expectedTopOrigin: topOrigin } : {}),
        credential: { id: stored.id, publicKey: isoBase64URL.toBuffer(stored.publicKey), counter: stored.counter, transports: stored.transports },
        requireUserVerification: true,
      }),
    )
    if (!result.verified) throw refused()
    // Only over the counter just checked: two logins racing with one counter value cannot both pass.
    if (!(await store.advanceCounter(stored.id, stored.counter, result.authenticationInfo.newCounter, now()))) throw refused()
    return stored
  }

  const registrationOptions = (rpID: string, userName: string, webauthnUserId: string, exclude: Array<{ id: string; transports: string[] }>) =>
    generateRegistrationOptions({
      rpName: PASSKEY_RP_NAME,
      rpID,
      userName,
      userID: isoBase64URL.toBuffer(webauthnUserId),
      attestationType: 'none',
      excludeCredentials: exclude,
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: PASSKEY_CEREMONY_TTL_MS,
    })

  return {
    async startSignUp({ projectId, deviceId, origin }) {
      const webauthnUserId = randomBytes(16).toString('base64url')
      // No email: the authenticator lists the passkey under this name.
      const userName = `Wallet ${new Date(now()).toISOString().slice(0, 10)}`
      return begin('register', { projectId, deviceHash: hashDeviceId(deviceId), origin }, (rpID) => registrationOptions(rpID, userName, webauthnUserId, []), {
        userId: null,
        webauthnUserId,
      })
    },

    async finishSignUp({ projectId, deviceId, ceremonyId, response, chainId }, context) {
      const deviceHash = hashDeviceId(deviceId)
      const challenge = await take('register', ceremonyId, { projectId, deviceHash })
      if (challenge.userId !== null) throw ceremonyGone()
      const { userId } = await register(challenge, response, async () => (await auth.createUserWithoutEmail()).id)
      return auth.openSession(userId, { projectId, deviceHash }, chainId, context)
    },

    async startAdd({ session, user }, origin) {
      const existing = await store.listCredentials(user.id)
      const webauthnUserId = existing[0]?.webauthnUserId || randomBytes(16).toString('base64url')
      const userName = user.email ?? `Wallet ${user.id.slice(0, 8)}`
      return begin(
        'register',
        { projectId: session.projectId, deviceHash: session.deviceHash, origin },
        (rpID) =>
          registrationOptions(
            rpID,
            userName,
            webauthnUserId,
            existing.map(({ id, transports }) => ({ id, transports })),
          ),
        { userId: user.id, webauthnUserId },
      )
    },

    async finishAdd({ session, user }, { ceremonyId, response }) {
      const challenge = await take('register', ceremonyId, { projectId: session.projectId, deviceHash: session.deviceHash })
      if (challenge.userId !== user.id) throw ceremonyGone()
      const { credentialId } = await register(challenge, response, user.id)
      return { credentialId }
    },

    async startLogin({ projectId, deviceId, origin }) {
      return begin('login', { projectId, deviceHash: hashDeviceId(deviceId), origin }, (rpID) =>
        generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: PASSKEY_CEREMONY_TTL_MS }),
      )
    },

    async finishLogin({ projectId, deviceId, ceremonyId, response, chainId }, context) {
      const deviceHash = hashDeviceId(deviceId)
      const challenge = await take('login', ceremonyId, { projectId, deviceHash })
      // A step-up's challenge names its user: it is not a login.
      if (challenge.userId !== null) throw ceremonyGone()
      const stored = await assert(challenge, response)
      return auth.openSession(stored.userId, { projectId, deviceHash }, chainId, context)
    },

    async startStepUp({ session, user }, origin) {
      const own = await store.listCredentials(user.id)
      if (own.length === 0) throw new AuthError(404, 'Not Found', 'STEP_UP_NO_PASSKEY', 'This wallet has no passkey; confirm with an email code instead')
      return begin(
        'login',
        { projectId: session.projectId, deviceHash: session.deviceHash, origin },
        (rpID) =>
          generateAuthenticationOptions({
            rpID,
            userVerification: 'required',
            timeout: PASSKEY_CEREMONY_TTL_MS,
            allowCredentials: own.map(({ id, transports }) => ({ id, transports })),
          }),
        { userId: user.id, webauthnUserId: null },
      )
    },

    async finishStepUp({ session, user }, { ceremonyId, response }) {
      const challenge = await take('login', ceremonyId, { projectId: session.projectId, deviceHash: session.deviceHash })
      if (challenge.userId !== user.id) throw ceremonyGone()
      const stored = await assert(challenge, response)
      if (stored.userId !== user.id) throw new AuthError(400, 'Bad Request', 'PASSKEY_UNKNOWN', 'This passkey is not one of this wallet’s')
    },
  }
}

function throwError(error: Error): never {
  throw error
}
