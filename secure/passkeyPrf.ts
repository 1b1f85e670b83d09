/**
 * The secure page's WebAuthn ceremonies (issue 32, docs/security.md "Recovery with a
 * passkey", "Passkeys"): an assertion that asks the passkey's PRF extension to evaluate a
 * wallet's PRF input (the recovery), the registration of a new passkey with PRF on, and
 * the login assertion the server verifies (passkeyLogin.ts).
 *
 * The assertion is checked by nobody but this page: what matters is the PRF output, which
 * only the authenticator can compute and which opens (or not) the envelope's check value.
 * So its challenge is made here and the server never sees the answer.
 *
 * Some browsers refuse WebAuthn in a cross-origin frame (Safari without a fresh user
 * activation there, Firefox before 118 always). `withPopupFallback` runs the ceremony in
 * the frame first and, when the browser refused it at once (too fast for a visitor to have
 * cancelled a prompt), again in a popup window on the secure origin (passkeyPopup.ts).
 */
import { base64URLStringToBuffer, startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { ReplyError } from './replyError'

/** An assertion asking the PRF of one of `credentialIds` (base64url) to evaluate `prfInput`. */
export type PrfRequest = { credentialIds: string[]; prfInput: Uint8Array }
/** The passkey that answered and its PRF output; `prfOutput` is absent when its authenticator has no PRF. */
export type PrfAnswer = { credentialId: string; prfOutput?: Uint8Array | undefined }

/** The passkey ceremonies, wherever they run (this frame, or the popup). */
export interface PasskeyCeremonies {
  assertPrf(request: PrfRequest): Promise<PrfAnswer>
  /** A new passkey from the server's creation options (JSON form), with the PRF extension asked for; answers the registration's JSON form. */
  register(options: Record<string, unknown>): Promise<Record<string, unknown>>
  /** A login assertion from the server's request options (JSON form), answered in JSON form for the server to verify (passkeyLogin.ts). */
  authenticate(options: Record<string, unknown>): Promise<Record<string, unknown>>
}

export const PASSKEY_RECOVERY_TIMEOUT_MS = 120_000

export const PasskeyErrorCodes = {
  cancelled: 'PASSKEY_CANCELLED',
  noPrf: 'PASSKEY_NO_PRF',
  unavailable: 'PASSKEY_UNAVAILABLE',
  popupBlocked: 'PASSKEY_POPUP_BLOCKED',
} as const

export const passkeyCancelled = () => new ReplyError('The passkey request was cancelled, timed out or refused by the browser', PasskeyErrorCodes.cancelled)
export const passkeyWithoutPrf = () => new ReplyError('This passkey cannot seal a recovery: its authenticator does not support the PRF extension', PasskeyErrorCodes.noPrf)

/**
 * The ceremonies with this page's `navigator.credentials`.
 *
 * @example
 * const { prfOutput } = await browserPasskeyCeremonies(navigator.credentials).assertPrf({ credentialIds, prfInput })
 */
export function browserPasskeyCeremonies(credentials: Pick<CredentialsContainer, 'get'>): PasskeyCeremonies {
  return {
    async assertPrf({ credentialIds, prfInput }) {
      const credential = (await credentials.get({
        publicKey: {
          challenge: crypto.getRandomValues(new Uint8Array(32)),
          allowCredentials: credentialIds.map((id) => ({ type: 'public-key', id: base64URLStringToBuffer(id) })),
          userVerification: 'required',
          timeout: PASSKEY_RECOVERY_TIMEOUT_MS,
          extensions: { prf: { eval: { first: Uint8Array.from(prfInput) } } },
        },
      })) as PublicKeyCredential | null
      if (credential === null) throw passkeyCancelled()
      const first = credential.getClientExtensionResults().prf?.results?.first
      return {
        credentialId: credential.id,
        prfOutput: first === undefined ? undefined : new Uint8Array(ArrayBuffer.isView(first) ? first.buffer.slice(first.byteOffset, first.byteOffset + first.byteLength) : first),
      }
    },
    async register(options) {
      const extensions = (options.extensions ?? {}) as Record<string, unknown>
      const optionsJSON = { ...options, extensions: { ...extensions, prf: {} } } as unknown as PublicKeyCredentialCreationOptionsJSON
      return (await startRegistration({ optionsJSON })) as unknown as Record<string, unknown>
    },
    async authenticate(options) {
      return (await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })) as unknown as Record<string, unknown>
    },
  }
}

/** A refusal this fast came from the browser, not from a visitor cancelling its prompt. */
export const FAST_REFUSAL_MS = 1_000

/**
 * Whether to run the ceremony again in a popup: only in a frame, and only when the browser
 * refused it outright: `SecurityError` (WebAuthn not allowed in this frame at all), or
 * `NotAllowedError` before a visitor could have answered a prompt (Safari without user
 * activation in the frame). A later `NotAllowedError` is the visitor's cancel or a timeout.
 */
export function shouldUsePopup(error: unknown, { framed, elapsedMs }: { framed: boolean; elapsedMs: number }): boolean {
  if (!framed) return false
  const name = (error as { name?: unknown } | null)?.name
  return name === 'SecurityError' || (name === 'NotAllowedError' && elapsedMs < FAST_REFUSAL_MS)
}

/**
 * The ceremonies in this frame, falling back to `popup` where the browser refuses them here.
 *
 * @example
 * const ceremonies = withPopupFallback(browserPasskeyCeremonies(navigator.credentials), popupCeremonies, { framed: window.parent !== window })
 */
export function withPopupFallback(
  inFrame: PasskeyCeremonies,
  popup: PasskeyCeremonies | undefined,
  { framed, now = () => performance.now() }: { framed: boolean; now?: () => number },
): PasskeyCeremonies {
  const run = async <T>(here: () => Promise<T>, there: (() => Promise<T>) | undefined): Promise<T> => {
    const started = now()
    try {
      return await here()
    } catch (error) {
      if (there === undefined || !shouldUsePopup(error, { framed, elapsedMs: now() - started })) throw error
      return there()
    }
  }
  return {
    assertPrf: (request) => run(() => inFrame.assertPrf(request), popup && (() => popup.assertPrf(request))),
    register: (options) => run(() => inFrame.register(options), popup && (() => popup.register(options))),
    authenticate: (options) => run(() => inFrame.authenticate(options), popup && (() => popup.authenticate(options))),
  }
}
