/**
 * A software passkey authenticator for server tests: a P-256 key made with node:crypto,
 * answering WebAuthn options with the same bytes a browser and a platform authenticator
 * send (authenticator data, CBOR attestation object with format "none", client data
 * JSON, DER ECDSA signature). Every field a test needs to get wrong can be set.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

type Json = Record<string, unknown>

export interface CeremonyOverrides {
  /** The origin the browser puts in client data. Default: the authenticator's origin. */
  origin?: string
  /** The relying party whose hash goes in the authenticator data. Default: the options' rp id. */
  rpId?: string
  /** The page on top of a cross-origin frame (sets crossOrigin: true). */
  topOrigin?: string
  /** The challenge to answer. Default: the options' challenge. */
  challenge?: string
  /** The signature counter to report. Default: one more than last time (0 stays 0 when `countless`). */
  counter?: number
}

export interface SoftAuthenticator {
  readonly credentialId: string
  /** Answers registration options (navigator.credentials.create). */
  register(options: Json, overrides?: CeremonyOverrides): Json
  /** Answers authentication options (navigator.credentials.get). */
  authenticate(options: Json, overrides?: CeremonyOverrides): Json
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest()
const u32 = (n: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(n)
  return bytes
}

/**
 * @example
 * const authenticator = createSoftAuthenticator({ origin: 'https://secure.example' })
 * const response = authenticator.register(options)
 */
export function createSoftAuthenticator({ origin, countless = false }: { origin: string; countless?: boolean }): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const credential = randomBytes(32)
  const credentialId = isoBase64URL.fromBuffer(credential)
  let counter = 0
  let userHandle: string | undefined

  const coseKey = (key: KeyObject) => {
    const jwk = key.export({ format: 'jwk' })
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    )
  }
  const nextCounter = (overrides: CeremonyOverrides) => {
    counter = overrides.counter ?? (countless ? 0 : counter + 1)
    return counter
  }
  const clientData = (type: string, options: Json, overrides: CeremonyOverrides) =>
    Buffer.from(
      JSON.stringify({
        type,
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? origin,
        crossOrigin: overrides.topOrigin !== undefined,
        ...(overrides.topOrigin !== undefined ? { topOrigin: overrides.topOrigin } : {}),
      }),
    )
  /** The credential's JSON form around an authenticator response. */
  const credentialJson = (response: Json) => ({ id: credentialId, rawId: credentialId, type: 'public-key', clientExtensionResults: {}, response })
  // User present, user verified, backup eligible and backed up (a synced passkey).
  const flags = 0x01 | 0x04 | 0x08 | 0x10

  return {
    credentialId,
    register(options, overrides = {}) {
      const rpId = overrides.rpId ?? (options.rp as { id: string }).id
      userHandle = (options.user as { id: string }).id
      const attested = Buffer.concat([Buffer.alloc(16), Buffer.from([0, credential.length]), credential, coseKey(publicKey)])
      const authData = Buffer.concat([sha256(Buffer.from(rpId)), Buffer.from([flags | 0x40]), u32(nextCounter(overrides)), attested])
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      )
      return credentialJson({
        clientDataJSON: isoBase64URL.fromBuffer(clientData('webauthn.create', options, overrides)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal', 'hybrid'],
      })
    },
    authenticate(options, overrides = {}) {
      const rpId = overrides.rpId ?? (options.rpId as string)
      const authData = Buffer.concat([sha256(Buffer.from(rpId)), Buffer.from([flags]), u32(nextCounter(overrides))])
      const data = clientData('webauthn.get', options, overrides)
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), { key: privateKey, dsaEncoding: 'der' })
      return credentialJson({
        clientDataJSON: isoBase64URL.fromBuffer(data),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(signature),
        ...(userHandle !== undefined ? { userHandle } : {}),
      })
    },
  }
}
