/**
 * Passkey login, sign-up and adding a passkey in the secure page (issue 32): the server
 * begins each WebAuthn ceremony (server/auth/passkeys.ts), the browser runs it
 * through `@simplewebauthn/browser` from the visitor's click in the passkey prompt
 * (passkeyPrompt.ts), and the server checks the answer and opens the session.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import type { ApiUser, SecureApi } from './api'
import type { PasskeyCeremonies } from './passkeyPrf'
import type { PasskeyPrompt } from './passkeyPrompt'
import { ReplyError } from './replyError'

/** The browser side of a ceremony: `navigator.credentials.create` / `get` with JSON in and out. */
export type WebAuthnClient = {
  supported(): boolean
  register(options: Record<string, unknown>): Promise<object>
  authenticate(options: Record<string, unknown>): Promise<object>
}

/**
 * The client over the page's ceremonies (passkeyPrf.ts): in the frame, or in the popup on
 * the secure origin where the browser refuses them there.
 */
export function webAuthnClient(ceremonies: Pick<PasskeyCeremonies, 'register' | 'authenticate'>, supported: () => boolean = browserSupportsWebAuthn): WebAuthnClient {
  return { supported, register: (options) => ceremonies.register(options), authenticate: (options) => ceremonies.authenticate(options) }
}

export const browserWebAuthn: WebAuthnClient = {
  supported: browserSupportsWebAuthn,
  register: (options) => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  authenticate: (options) => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
}

export type PasskeyLogin = { user: ApiUser; session: { token: string; expiresAt: string } }

export type PasskeyFlows = {
  /** "Continue with a passkey": the visitor signs in with a passkey or signs up with a new one. */
  connect(where: { projectId: string; deviceId: string; chainId: string | number }): Promise<PasskeyLogin>
  /** The signed-in visitor adds a passkey to their wallet. */
  add(token: string, projectId: string): Promise<{ credentialId: string }>
}

/**
 * What a browser's refusal means to the visitor; the browser's own text never crosses to
 * the app. A cancel, a timeout and a browser that forbids WebAuthn in the frame all
 * reject with NotAllowedError, so they cannot be told apart.
 */
function browserRefusal(error: unknown): ReplyError {
  // Already said for the visitor (the popup: blocked, or closed by the visitor).
  if (error instanceof ReplyError) return error
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'NotAllowedError' || name === 'AbortError') return new ReplyError('The passkey request was cancelled, timed out or refused by the browser', 'PASSKEY_CANCELLED')
  if (name === 'InvalidStateError') return new ReplyError('This passkey is registered already', 'PASSKEY_IN_USE')
  return new ReplyError('This browser cannot use a passkey in the wallet frame', 'PASSKEY_UNAVAILABLE')
}

/**
 * @example
 * const passkeys = createPasskeyFlows({ api, prompt: createPasskeyPrompt(document, notify) })
 * const { user, session } = await passkeys.connect({ projectId, deviceId, chainId: 1 })
 */
export function createPasskeyFlows({ api, prompt, webauthn = browserWebAuthn }: { api: SecureApi; prompt: PasskeyPrompt; webauthn?: WebAuthnClient }): PasskeyFlows {
  const requireSupport = () => {
    if (!webauthn.supported()) throw new ReplyError('This browser cannot use a passkey in the wallet frame', 'PASSKEY_UNAVAILABLE')
  }
  const inBrowser = <T>(ceremony: Promise<T>) => ceremony.catch((error: unknown) => Promise.reject(browserRefusal(error)))

  return {
    connect({ projectId, deviceId, chainId }) {
      requireSupport()
      return prompt('connect', async (choice) => {
        const kind = choice === 'signup' ? 'signup' : 'login'
        const { ceremonyId, options } = await api.startPasskey(kind, { projectId, deviceId })
        const response = await inBrowser(kind === 'signup' ? webauthn.register(options) : webauthn.authenticate(options))
        return api.finishPasskey(kind, { projectId, deviceId, ceremonyId, response, chainId })
      })
    },
    add(token, projectId) {
      requireSupport()
      return prompt('add', async () => {
        const { ceremonyId, options } = await api.startAddPasskey(token, projectId)
        const response = await inBrowser(webauthn.register(options))
        return api.finishAddPasskey(token, projectId, { ceremonyId, response })
      })
    },
  }
}
