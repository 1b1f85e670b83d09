/**
 * The server calls the secure page makes, behind a small interface so the page's logic
 * is tested without the real server (`secure/test/fakeApi.ts`).
 *
 * The HTTP implementation speaks the reference server's API (server/routes/auth.ts and
 * server/routes/projectConfig.ts):
 *
 * | Call | HTTP |
 * |---|---|
 * | allowed origins | GET  /projects/v1/origins?projectId= → { allowedOrigins } (public) |
 * | start email login | POST /auth/v1/email/start { projectId, email, deviceId } [Bearer] → { action } |
 * | verify device | POST /auth/v1/device/verify { projectId, email, deviceId, otp } → { action: 'VERIFY_OTP' } |
 * | verify login code | POST /auth/v1/email/verify { projectId, email, deviceId, otp, chainId } → { user, session: { token, expiresAt } } |
 * | user | GET  /auth/v1/me?projectId=&chainId= Bearer → { user } |
 * | sign out | POST /auth/v1/logout Bearer → { success } |
 * | is connected | POST /auth/v1/is-connected { token? } → { isConnected } |
 * | email update | POST /auth/v1/email/update?projectId= { newEmail } Bearer → { action } |
 * | primary / secondary code | POST /auth/v1/email/update/primary|secondary?projectId= { otp } Bearer |
 * | auth share | GET  /auth/v1/custody/auth-share?projectId=&namespace= Bearer → { namespace, address, authShare } (404 AUTH_SHARE_NOT_FOUND) |
 * | register wallets | POST /auth/v1/custody/wallets?projectId= { wallets } Bearer → { addresses } |
 * | migrate a custodial key | POST /auth/v1/custody/migration/start?projectId= { namespace } Bearer → { namespace, address, secret } (404 NOT_CUSTODIAL) |
 * | | POST /auth/v1/custody/migration/finish?projectId= { namespace, address, authShare } Bearer → { namespace, address } |
 * | social login | POST /auth/v1/social/start { projectId, provider, deviceId, returnTo } → { uri, attemptToken } |
 * | | POST /auth/v1/social/complete { projectId, deviceId, attemptToken, resultToken, chainId } → { user, session, provider } |
 * | Farcaster login | POST /auth/v1/farcaster/start { projectId, deviceId } → { url, attemptToken } |
 * | | POST /auth/v1/farcaster/complete { projectId, deviceId, attemptToken, chainId } → { user, session, provider } (409 LOGIN_PENDING: ask again) |
 * | passkey sign-up, login | POST /auth/v1/passkey/signup\|login/start { projectId, deviceId } → { ceremonyId, options } |
 * | | POST /auth/v1/passkey/signup\|login/finish { projectId, deviceId, ceremonyId, response, chainId } → { user, session } |
 * | devices | GET  /auth/v1/devices?projectId= Bearer → { devices } |
 * | remove a device | POST /auth/v1/devices/remove?projectId= { id } Bearer → { removed } (404 DEVICE_NOT_FOUND, 409 CURRENT_DEVICE, 403 DEVICE_CANNOT_SIGN) |
 * | add a passkey | POST /auth/v1/passkey/add/start\|finish?projectId= Bearer ({ ceremonyId, response }) → { ceremonyId, options } / { credentialId } |
 * | step-up | GET /auth/v1/step-up?projectId= Bearer → { methods, freshUntil? } |
 * | | POST /auth/v1/step-up/email/start\|finish?projectId= Bearer ({ otp }) → { method } / { method, freshUntil } |
 * | | POST /auth/v1/step-up/passkey/start\|finish?projectId= Bearer ({ ceremonyId, response }) → { ceremonyId, options } / { method, freshUntil } |
 * | key export | POST /auth/v1/custody/export?projectId= { namespace } Bearer → { namespace, address, authShare } (403 STEP_UP_REQUIRED) |
 *
 * Every call with a Bearer token also sends the device id the session was opened on
 * (`X-Portico-Device`): the server takes a session only from its own device and project.
 * Every /auth/v1 call carries a fresh proof of the device key (`DPoP`, deviceKey.ts),
 * bound to its method, URL and token: the server opens a session only with one, binds the
 * session to its key, and takes the session only with a new proof made with that key.
 *
 * Nothing here signs: keys are rebuilt and used in this page only (custody/keyring.ts).
 *
 * Errors are `{ error, message, code?, retryAfter?, attemptsLeft? }` with an HTTP status.
 */
import { DEVICE_HEADER, DPOP_HEADER } from '../src/shared/authApi'
import { CUSTODY_PATHS, STEP_UP_PATHS, type CustodyWalletNamespace, type RecoverySetup, type StepUpMethod, type StepUpStatusAnswer, type WalletRegistration } from '../src/shared/custodyApi'
import { DEVICE_PATHS, type DeviceSummary } from '../src/shared/devicesApi'
import { MFA_PATHS, type MfaStatus } from '../src/shared/mfaApi'
import { type DeviceProver, createDeviceProver } from './deviceKey'
import { deviceIdOfSession } from './session'

export { DEVICE_HEADER }

export type ApiUser = {
  email: string | null
  /** Absent while the user has no wallet in the chain's namespace (the frame registers one at login). */
  address?: string
  chainId: string | number
  accounts?: { address: string; type: string }[]
  smartAccountDeployed?: boolean
  preferredAccountType?: string
  /** Every address the wallet has, by namespace. */
  addresses?: { eip155?: string; solana?: string }
  /** The social account's username (social and Farcaster logins). */
  userName?: string
}

/** What a finished social or Farcaster login answers. */
export type ExternalLogin = { user: ApiUser; session: { token: string; expiresAt: string }; provider: string }

export type LoginInput = { projectId: string; email: string; deviceId: string }

/** A WebAuthn ceremony the server began: its id and the options for the browser (JSON form). */
export type PasskeyCeremony = { ceremonyId: string; options: Record<string, unknown> }
/** The credential's JSON form, as `@simplewebauthn/browser` gives it. */
export type PasskeyAnswer = { ceremonyId: string; response: object }

export interface SecureApi {
  /**
   * The headers that carry the session to an `/auth/` route this API does not wrap (the
   * bundler, which viem's bundler client calls): the bearer token, its device id and a
   * proof of the device key for this method and URL.
   */
  sessionHeaders(token: string, target: { method: string; url: string }): Promise<Record<string, string>>
  getAllowedOrigins(projectId: string): Promise<string[]>
  startEmailLogin(input: LoginInput, sessionToken: string | undefined): Promise<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' }>
  verifyDevice(input: LoginInput & { otp: string }): Promise<{ action: 'VERIFY_OTP' }>
  verifyEmailLogin(input: LoginInput & { otp: string; chainId: string | number }): Promise<{ user: ApiUser; session: { token: string; expiresAt: string } }>
  getUser(token: string, query: { projectId: string; chainId: string | number }): Promise<{ user: ApiUser }>
  logout(token: string): Promise<void>
  isConnected(token: string): Promise<boolean>
  startEmailUpdate(token: string, projectId: string, newEmail: string): Promise<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }>
  verifyPrimaryEmail(token: string, projectId: string, otp: string): Promise<{ action: 'VERIFY_SECONDARY_OTP' }>
  verifySecondaryEmail(token: string, projectId: string, otp: string): Promise<{ newEmail: string }>
  getAuthShare(token: string, projectId: string, namespace: CustodyWalletNamespace): Promise<{ namespace: string; address: string; authShare: string; recoverySet: boolean }>
  registerWallets(token: string, projectId: string, wallets: WalletRegistration[]): Promise<{ addresses: { eip155?: string; solana?: string } }>
  startMigration(token: string, projectId: string, namespace: CustodyWalletNamespace): Promise<{ namespace: string; address: string; secret: string }>
  finishMigration(token: string, projectId: string, wallet: WalletRegistration): Promise<{ namespace: string; address: string }>
  setRecovery(token: string, projectId: string, setup: RecoverySetup): Promise<{ namespace: string; address: string; version: number }>
  getRecovery(
    token: string,
    projectId: string,
    namespace: CustodyWalletNamespace,
  ): Promise<{ namespace: string; address: string; version: number; envelope: Record<string, unknown>; authShare: string }>
  registerRecoveredDevice(token: string, projectId: string, wallet: WalletRegistration): Promise<{ namespace: string; address: string }>
  startSocialLogin(input: { projectId: string; provider: string; deviceId: string; returnTo: string }): Promise<{ uri: string; attemptToken: string }>
  completeSocialLogin(input: { projectId: string; deviceId: string; attemptToken: string; resultToken: string; chainId: string | number }): Promise<ExternalLogin>
  startFarcasterLogin(input: { projectId: string; deviceId: string }): Promise<{ url: string; attemptToken: string }>
  completeFarcasterLogin(input: { projectId: string; deviceId: string; attemptToken: string; chainId: string | number }): Promise<ExternalLogin>
  /** A passkey sign-up (`signup`) or login (`login`) begins. */
  startPasskey(kind: 'signup' | 'login', input: { projectId: string; deviceId: string }): Promise<PasskeyCeremony>
  finishPasskey(
    kind: 'signup' | 'login',
    input: PasskeyAnswer & { projectId: string; deviceId: string; chainId: string | number },
  ): Promise<{ user: ApiUser; session: { token: string; expiresAt: string } }>
  listDevices(token: string, projectId: string): Promise<{ devices: DeviceSummary[] }>
  removeDevice(token: string, projectId: string, id: string): Promise<{ removed: boolean }>
  startAddPasskey(token: string, projectId: string): Promise<PasskeyCeremony>
  finishAddPasskey(token: string, projectId: string, answer: PasskeyAnswer): Promise<{ credentialId: string }>
  /** The second factors the user can prove now, and until when the session's step-up counts. */
  stepUpStatus(token: string, projectId: string): Promise<StepUpStatusAnswer>
  startEmailStepUp(token: string, projectId: string): Promise<{ method: 'email' }>
  finishEmailStepUp(token: string, projectId: string, otp: string): Promise<{ method: StepUpMethod; freshUntil: string }>
  startPasskeyStepUp(token: string, projectId: string): Promise<PasskeyCeremony>
  finishPasskeyStepUp(token: string, projectId: string, answer: PasskeyAnswer): Promise<{ method: StepUpMethod; freshUntil: string }>
  finishTotpStepUp(token: string, projectId: string, code: string): Promise<{ method: StepUpMethod; freshUntil: string }>
  /** The user's second factors (src/shared/mfaApi.ts). */
  mfaStatus(token: string, projectId: string): Promise<MfaStatus>
  startTotpEnrolment(token: string, projectId: string): Promise<{ secret: string; uri: string }>
  confirmTotpEnrolment(token: string, projectId: string, code: string): Promise<{ totp: 'enrolled' }>
  removeTotp(token: string, projectId: string, code: string): Promise<{ totp: 'none' }>
  enrolPasskeyFactor(token: string, projectId: string): Promise<{ passkey: 'enrolled' }>
  removePasskeyFactor(token: string, projectId: string): Promise<{ passkey: 'none' }>
  /** This device's auth share for key export; 403 STEP_UP_REQUIRED without a fresh step-up. */
  exportShare(token: string, projectId: string, namespace: CustodyWalletNamespace): Promise<{ namespace: string; address: string; authShare: string }>
}

/** A refusal from the server, with what the frame passes on to the app. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly retryAfter: number | undefined,
  ) {
    super(message)
  }
}

/** The server could not be reached, or answered something that is not its API. */
export class ApiUnavailableError extends Error {
  override name = 'ApiUnavailableError'
}

const TIMEOUT_MS = 15_000
/** The Farcaster `complete` call waits up to ~20 s on the server for the visitor. */
const LONG_POLL_TIMEOUT_MS = 30_000
const CODE = /^[A-Z_]{1,64}$/

export type HttpSecureApiOptions = {
  /** The server's base URL, e.g. 'http://127.0.0.1:8787'. From the page's own config, never from its URL. */
  baseUrl: string
  fetch?: typeof fetch
  /** The device id a session token was opened on. Default: what this page's session store recorded (session.ts). */
  deviceIdOf?: (token: string) => string | undefined
  /** Signs each call's proof of the device key. Default: the key in this origin's IndexedDB (deviceKey.ts). */
  prove?: DeviceProver
}

/**
 * @example
 * const api = createHttpSecureApi({ baseUrl: 'http://127.0.0.1:8787' })
 * await api.getAllowedOrigins('portico-dev') // ['http://localhost:*', 'http://127.0.0.1:*']
 */
export function createHttpSecureApi({ baseUrl, fetch: fetchImpl = globalThis.fetch.bind(globalThis), deviceIdOf = deviceIdOfSession, prove = createDeviceProver() }: HttpSecureApiOptions): SecureApi {
  const base = baseUrl.replace(/\/+$/, '')

  /** The session's headers; the proof of the device key on the embedded-wallet API (`/auth/`) only. */
  async function authHeaders(method: string, url: URL, token: string | undefined, proven: boolean): Promise<Record<string, string>> {
    const headers: Record<string, string> = {}
    if (token !== undefined) {
      headers.authorization = `Bearer ${token}`
      const deviceId = deviceIdOf(token)
      if (deviceId !== undefined) headers[DEVICE_HEADER] = deviceId
    }
    if (proven) headers[DPOP_HEADER] = await prove({ method, url: url.href, accessToken: token })
    return headers
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    { query, body, token, timeoutMs = TIMEOUT_MS }: { query?: Record<string, string>; body?: unknown; token?: string | undefined; timeoutMs?: number } = {},
  ): Promise<T> {
    const url = new URL(`${base}${path}`)
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value)
    const headers: Record<string, string> = { accept: 'application/json', ...(await authHeaders(method, url, token, path.startsWith('/auth/'))) }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    let response: Response
    try {
      response = await fetchImpl(url.href, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: controller.signal,
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      })
    } catch (cause) {
      throw new ApiUnavailableError('The embedded-wallet server could not be reached', { cause })
    } finally {
      clearTimeout(timer)
    }
    let json: unknown
    try {
      json = await response.json()
    } catch (cause) {
      throw new ApiUnavailableError(`The embedded-wallet server answered ${response.status} without JSON`, { cause })
    }
    if (!response.ok) {
      const error = (typeof json === 'object' && json !== null ? json : {}) as { message?: unknown; code?: unknown; retryAfter?: unknown }
      throw new ApiError(
        response.status,
        typeof error.message === 'string' ? error.message.slice(0, 500) : `The embedded-wallet server answered ${response.status}`,
        typeof error.code === 'string' && CODE.test(error.code) ? error.code : undefined,
        typeof error.retryAfter === 'number' && Number.isSafeInteger(error.retryAfter) && error.retryAfter >= 0 ? error.retryAfter : undefined,
      )
    }
    if (typeof json !== 'object' || json === null) throw new ApiUnavailableError('The embedded-wallet server answered something that is not an object')
    return json as T
  }

  return {
    async sessionHeaders(token, { method, url }) {
      const target = new URL(url)
      // Only to this API: the session never goes to another host.
      if (!target.href.startsWith(`${base}/auth/`)) throw new Error(`The session is sent to ${base}/auth/ only`)
      return authHeaders(method, target, token, true)
    },
    async getAllowedOrigins(projectId) {
      const { allowedOrigins } = await call<{ allowedOrigins?: unknown }>('GET', '/projects/v1/origins', { query: { projectId } })
      if (!Array.isArray(allowedOrigins) || !allowedOrigins.every((origin) => typeof origin === 'string')) {
        throw new ApiUnavailableError('The allowed origins are not a list of strings')
      }
      return allowedOrigins as string[]
    },
    startEmailLogin: (input, sessionToken) => call('POST', '/auth/v1/email/start', { body: input, token: sessionToken }),
    verifyDevice: (input) => call('POST', '/auth/v1/device/verify', { body: input }),
    verifyEmailLogin: (input) => call('POST', '/auth/v1/email/verify', { body: input }),
    getUser: (token, { projectId, chainId }) => call('GET', '/auth/v1/me', { token, query: { projectId, chainId: String(chainId) } }),
    async logout(token) {
      await call('POST', '/auth/v1/logout', { token })
    },
    async isConnected(token) {
      const { isConnected } = await call<{ isConnected?: unknown }>('POST', '/auth/v1/is-connected', { body: { token } })
      return isConnected === true
    },
    startEmailUpdate: (token, projectId, newEmail) => call('POST', '/auth/v1/email/update', { token, query: { projectId }, body: { newEmail } }),
    verifyPrimaryEmail: (token, projectId, otp) => call('POST', '/auth/v1/email/update/primary', { token, query: { projectId }, body: { otp } }),
    verifySecondaryEmail: (token, projectId, otp) => call('POST', '/auth/v1/email/update/secondary', { token, query: { projectId }, body: { otp } }),
    getAuthShare: (token, projectId, namespace) => call('GET', CUSTODY_PATHS.authShare, { token, query: { projectId, namespace } }),
    registerWallets: (token, projectId, wallets) => call('POST', CUSTODY_PATHS.wallets, { token, query: { projectId }, body: { wallets } }),
    startMigration: (token, projectId, namespace) => call('POST', CUSTODY_PATHS.migrationStart, { token, query: { projectId }, body: { namespace } }),
    finishMigration: (token, projectId, wallet) => call('POST', CUSTODY_PATHS.migrationFinish, { token, query: { projectId }, body: wallet }),
    setRecovery: (token, projectId, setup) => call('POST', CUSTODY_PATHS.recovery, { token, query: { projectId }, body: setup }),
    getRecovery: (token, projectId, namespace) => call('GET', CUSTODY_PATHS.recovery, { token, query: { projectId, namespace } }),
    registerRecoveredDevice: (token, projectId, wallet) => call('POST', CUSTODY_PATHS.recoveredDevice, { token, query: { projectId }, body: wallet }),
    startSocialLogin: (input) => call('POST', '/auth/v1/social/start', { body: input }),
    completeSocialLogin: (input) => call('POST', '/auth/v1/social/complete', { body: input }),
    startFarcasterLogin: (input) => call('POST', '/auth/v1/farcaster/start', { body: input }),
    completeFarcasterLogin: (input) => call('POST', '/auth/v1/farcaster/complete', { body: input, timeoutMs: LONG_POLL_TIMEOUT_MS }),
    startPasskey: (kind, input) => call('POST', `/auth/v1/passkey/${kind}/start`, { body: input }),
    finishPasskey: (kind, input) => call('POST', `/auth/v1/passkey/${kind}/finish`, { body: input }),
    listDevices: (token, projectId) => call('GET', DEVICE_PATHS.list, { token, query: { projectId } }),
    removeDevice: (token, projectId, id) => call('POST', DEVICE_PATHS.remove, { token, query: { projectId }, body: { id } }),
    startAddPasskey: (token, projectId) => call('POST', '/auth/v1/passkey/add/start', { token, query: { projectId }, body: {} }),
    finishAddPasskey: (token, projectId, answer) => call('POST', '/auth/v1/passkey/add/finish', { token, query: { projectId }, body: answer }),
    stepUpStatus: (token, projectId) => call('GET', STEP_UP_PATHS.status, { token, query: { projectId } }),
    startEmailStepUp: (token, projectId) => call('POST', STEP_UP_PATHS.emailStart, { token, query: { projectId }, body: {} }),
    finishEmailStepUp: (token, projectId, otp) => call('POST', STEP_UP_PATHS.emailFinish, { token, query: { projectId }, body: { otp } }),
    startPasskeyStepUp: (token, projectId) => call('POST', STEP_UP_PATHS.passkeyStart, { token, query: { projectId }, body: {} }),
    finishPasskeyStepUp: (token, projectId, answer) => call('POST', STEP_UP_PATHS.passkeyFinish, { token, query: { projectId }, body: answer }),
    finishTotpStepUp: (token, projectId, code) => call('POST', STEP_UP_PATHS.totpFinish, { token, query: { projectId }, body: { code } }),
    mfaStatus: (token, projectId) => call('GET', MFA_PATHS.status, { token, query: { projectId } }),
    startTotpEnrolment: (token, projectId) => call('POST', MFA_PATHS.totpEnrol, { token, query: { projectId }, body: {} }),
    confirmTotpEnrolment: (token, projectId, code) => call('POST', MFA_PATHS.totpConfirm, { token, query: { projectId }, body: { code } }),
    removeTotp: (token, projectId, code) => call('POST', MFA_PATHS.totpRemove, { token, query: { projectId }, body: { code } }),
    enrolPasskeyFactor: (token, projectId) => call('POST', MFA_PATHS.passkeyEnrol, { token, query: { projectId }, body: {} }),
    removePasskeyFactor: (token, projectId) => call('POST', MFA_PATHS.passkeyRemove, { token, query: { projectId }, body: {} }),
    exportShare: (token, projectId, namespace) => call('POST', CUSTODY_PATHS.export, { token, query: { projectId }, body: { namespace } }),
  }
}
