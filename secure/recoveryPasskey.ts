/**
 * The passkey of a recovery sealed with WebAuthn PRF (issue 32, docs/security.md "Recovery
 * with a passkey"): which passkey seals it, and its PRF output, in this page only.
 *
 * At set-up the visitor's own login passkey is used when they have one; otherwise a new one
 * is made and registered through the server's add-a-passkey path, so the passkey that
 * guards the recovery also signs them in. Which passkeys the user has is read from that
 * path's options (`excludeCredentials` lists them); the unused ceremony expires on the server.
 * A new random PRF salt is drawn at each set-up and kept in the envelope.
 */
import type { SecureApi } from './api'
import { fromBase64, toBase64 } from './custody/bytes'
import type { WithSession } from './custody/custodyCalls'
import { PRF_OUTPUT_BYTES, PRF_SALT_BYTES, recoveryPrfInput, type RecoveryPasskeyRef } from './custody/recoveryEnvelope'
import { passkeyCancelled, passkeyWithoutPrf, PasskeyErrorCodes, type PasskeyCeremonies } from './passkeyPrf'
import { ReplyError } from './replyError'

export interface RecoveryPasskey {
  /** Whether this browser has WebAuthn at all (PRF support is known only from a ceremony). */
  supported(): boolean
  /** From the visitor's click: the passkey that will seal the recovery, and its PRF output for a new salt. */
  setUp(): Promise<{ prfOutput: Uint8Array; passkey: RecoveryPasskeyRef }>
  /** From the visitor's click: the PRF output of the passkey an envelope names. */
  open(passkey: RecoveryPasskeyRef): Promise<Uint8Array>
}

/** A browser's refusal as the prompt explains it; our own errors pass through. */
function explained(error: unknown): unknown {
  if (error instanceof ReplyError) return error
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'NotAllowedError' || name === 'AbortError') return passkeyCancelled()
  if (name === 'InvalidStateError') return new ReplyError('This passkey is registered already', 'PASSKEY_IN_USE')
  return new ReplyError('This browser cannot use a passkey in the wallet frame', PasskeyErrorCodes.unavailable)
}

const credentialIdsOf = (options: Record<string, unknown>): string[] =>
  Array.isArray(options.excludeCredentials) ? options.excludeCredentials.flatMap((entry: unknown) => (typeof (entry as { id?: unknown })?.id === 'string' ? [(entry as { id: string }).id] : [])) : []

/**
 * @example
 * const passkey = createRecoveryPasskey({ api, projectId, authed, ceremonies, supported: browserSupportsWebAuthn })
 * const { prfOutput, passkey: ref } = await passkey.setUp()
 */
export function createRecoveryPasskey({
  api,
  projectId,
  authed,
  ceremonies,
  supported,
}: {
  api: SecureApi
  projectId: string
  authed: WithSession
  ceremonies: PasskeyCeremonies
  supported: () => boolean
}): RecoveryPasskey {
  async function evaluate(credentialIds: string[], prfSalt: Uint8Array): Promise<{ credentialId: string; prfOutput: Uint8Array }> {
    let answer
    try {
      answer = await ceremonies.assertPrf({ credentialIds, prfInput: recoveryPrfInput(prfSalt) })
    } catch (error) {
      throw explained(error)
    }
    if (answer.prfOutput === undefined || answer.prfOutput.length !== PRF_OUTPUT_BYTES) throw passkeyWithoutPrf()
    return { credentialId: answer.credentialId, prfOutput: answer.prfOutput }
  }

  return {
    supported,

    async setUp() {
      const prfSalt = crypto.getRandomValues(new Uint8Array(PRF_SALT_BYTES))
      const { ceremonyId, options } = await authed((token) => api.startAddPasskey(token, projectId))
      let credentialIds = credentialIdsOf(options)
      if (credentialIds.length === 0) {
        let registration: Record<string, unknown>
        try {
          registration = await ceremonies.register(options)
        } catch (error) {
          throw explained(error)
        }
        // Registered either way: the new passkey signs the visitor in even when it cannot seal a recovery.
        const { credentialId } = await authed((token) => api.finishAddPasskey(token, projectId, { ceremonyId, response: registration }))
        const results = registration.clientExtensionResults as { prf?: { enabled?: unknown } } | undefined
        if (results?.prf?.enabled === false) throw passkeyWithoutPrf()
        credentialIds = [credentialId]
      }
      const { credentialId, prfOutput } = await evaluate(credentialIds, prfSalt)
      return { prfOutput, passkey: { credentialId, prfSalt: toBase64(prfSalt) } }
    },

    async open({ credentialId, prfSalt }) {
      return (await evaluate([credentialId], fromBase64(prfSalt))).prfOutput
    },
  }
}
