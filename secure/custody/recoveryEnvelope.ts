/**
 * The recovery share, encrypted in the secure frame under a key the server never sees,
 * derived either from the visitor's passkey (the WebAuthn PRF extension's 32-byte output,
 * through HKDF-SHA-256) or from a recovery password (PBKDF2-SHA-256, 600,000 iterations:
 * OWASP's 2023 figure, built into WebCrypto, so no wasm and no new dependency in the page).
 * The server keeps only the envelope.
 *
 * A passkey envelope also names the passkey (its credential id) and the PRF salt the
 * passkey evaluated (`recoveryPrfInput`): both are needed again to open it on a new
 * device, and both are bound into the associated data.
 *
 * The envelope states its KDF and parameters, so they can be raised later: a reader
 * accepts any iteration count from the floor up to a ceiling (a guard against an envelope
 * made to hang the page). The derived bits give an AES-256-GCM key and a separate 16-byte
 * check value; the check tells a wrong password from altered ciphertext. The GCM
 * associated data is the envelope header plus the caller's context (e.g. the wallet
 * address), so neither the parameters nor the owner can be swapped.
 */
import { fromBase64, toBase64 } from './bytes'
import { CustodyError, CustodyErrorCodes } from './errors'

export const PBKDF2_MIN_ITERATIONS = 600_000
export const PBKDF2_MAX_ITERATIONS = 10_000_000
export const PRF_OUTPUT_BYTES = 32
/**
 * The prefix of what the frame asks the passkey's PRF to evaluate, before the wallet's PRF
 * salt (`recoveryPrfInput`); the browser hashes the whole under its own 'WebAuthn PRF' prefix.
 */
export const RECOVERY_PRF_INPUT = 'portico/recovery-share/prf-input/1'
/** The random salt a passkey evaluates for the recovery, made at set-up and stored in the envelope. */
export const PRF_SALT_BYTES = 32
/** Longest credential id accepted (WebAuthn caps them at 1023 bytes). */
const MAX_CREDENTIAL_ID_CHARS = 1400
const SALT_BYTES = 16
const IV_BYTES = 12
const CHECK_BYTES = 16
const PRF_INFO = 'portico/recovery-share/prf/1'

/** Which passkey sealed an envelope, and what it evaluated. */
export interface RecoveryPasskeyRef {
  /** The credential id, base64url as WebAuthn's JSON forms write it. */
  credentialId: string
  /** PRF_SALT_BYTES, base64. */
  prfSalt: string
}

export type RecoveryKdf = { name: 'PBKDF2-SHA-256'; iterations: number; salt: string } | { name: 'HKDF-SHA-256'; source: 'webauthn-prf'; info: string; salt: string; passkey: RecoveryPasskeyRef }

export interface RecoveryEnvelope {
  version: 1
  kdf: RecoveryKdf
  cipher: 'AES-256-GCM'
  iv: string
  /** 16 bytes derived beside the key: equal only when the password / PRF output is right. */
  check: string
  ciphertext: string
}

/** What opens an envelope. */
export type RecoverySecret = { password: string } | { prfOutput: Uint8Array }
/** What seals one: a passkey's output comes with the passkey it came from. */
export type RecoverySealSecret = { password: string } | { prfOutput: Uint8Array; passkey: RecoveryPasskeyRef }

/** The bytes the passkey's PRF evaluates (`extensions.prf.eval.first`) for a wallet's PRF salt, the same at sealing and at opening. */
export function recoveryPrfInput(prfSalt: Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = new TextEncoder().encode(RECOVERY_PRF_INPUT)
  const input = new Uint8Array(prefix.length + prfSalt.length)
  input.set(prefix)
  input.set(prfSalt, prefix.length)
  return input
}

/** How an envelope is opened: with a password, or with the passkey it names. Throws CUSTODY_RECOVERY_UNSUPPORTED as `openRecoveryShare`. */
export function recoveryMethod(envelope: unknown): { kind: 'password' } | { kind: 'passkey'; passkey: RecoveryPasskeyRef } {
  const { kdf } = parseEnvelope(envelope)
  return kdf.name === 'PBKDF2-SHA-256' ? { kind: 'password' } : { kind: 'passkey', passkey: { ...kdf.passkey } }
}

/**
 * @example
 * const envelope = await sealRecoveryShare(shares.recovery, { password }, address)
 * const envelope = await sealRecoveryShare(shares.recovery, { prfOutput: prf.results.first, passkey: { credentialId, prfSalt } }, address)
 */
export async function sealRecoveryShare(share: Uint8Array, secret: RecoverySealSecret, context: string, options: { iterations?: number } = {}): Promise<RecoveryEnvelope> {
  const salt = toBase64(crypto.getRandomValues(new Uint8Array(SALT_BYTES)))
  const kdf: RecoveryKdf =
    'password' in secret
      ? { name: 'PBKDF2-SHA-256', iterations: options.iterations ?? PBKDF2_MIN_ITERATIONS, salt }
      : { name: 'HKDF-SHA-256', source: 'webauthn-prf', info: PRF_INFO, salt, passkey: { credentialId: secret.passkey.credentialId, prfSalt: secret.passkey.prfSalt } }
  checkKdf(kdf)
  if (kdf.name === 'HKDF-SHA-256' && !isPasskeyRef(kdf.passkey)) throw unsupported('A passkey recovery needs the credential id and a PRF salt')
  const { key, check } = await deriveKeys(kdf, secret)
  const header = { version: 1, kdf, cipher: 'AES-256-GCM', iv: toBase64(crypto.getRandomValues(new Uint8Array(IV_BYTES))), check: toBase64(check) } as const
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: fromBase64(header.iv), additionalData: associatedData(header, context) }, key, Uint8Array.from(share))
  return { ...header, ciphertext: toBase64(new Uint8Array(ciphertext)) }
}

/**
 * Throws CustodyError CUSTODY_RECOVERY_UNSUPPORTED (not an envelope this code reads, or
 * parameters under the floor), CUSTODY_WRONG_RECOVERY_SECRET, CUSTODY_RECOVERY_TAMPERED.
 */
export async function openRecoveryShare(envelope: unknown, secret: RecoverySecret, context: string): Promise<Uint8Array> {
  const parsed = parseEnvelope(envelope)
  const { key, check } = await deriveKeys(parsed.kdf, secret)
  if (toBase64(check) !== parsed.check) {
    throw new CustodyError(CustodyErrorCodes.wrongRecoverySecret, 'The recovery password or passkey does not open this recovery share')
  }
  const { ciphertext, ...header } = parsed
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(parsed.iv), additionalData: associatedData(header, context) }, key, fromBase64(ciphertext))
    return new Uint8Array(plain)
  } catch {
    throw new CustodyError(CustodyErrorCodes.recoveryTampered, 'The recovery share was altered or belongs to another wallet')
  }
}

function associatedData(header: Omit<RecoveryEnvelope, 'ciphertext'>, context: string): Uint8Array<ArrayBuffer> {
  // Key order fixed here, not taken from the stored JSON.
  const { version, kdf, cipher, iv, check } = header
  const kdfFields = kdf.name === 'PBKDF2-SHA-256' ? [kdf.name, kdf.iterations, kdf.salt] : [kdf.name, kdf.source, kdf.info, kdf.salt, kdf.passkey.credentialId, kdf.passkey.prfSalt]
  return new TextEncoder().encode(JSON.stringify(['portico/recovery-share/1', version, kdfFields, cipher, iv, check, context]))
}

async function deriveKeys(kdf: RecoveryKdf, secret: RecoverySecret): Promise<{ key: CryptoKey; check: Uint8Array }> {
  let bits: ArrayBuffer
  if (kdf.name === 'PBKDF2-SHA-256') {
    if (!('password' in secret)) throw unsupported('This recovery share is sealed with a password')
    if (secret.password.length === 0) throw new CustodyError(CustodyErrorCodes.wrongRecoverySecret, 'The recovery password is empty')
    const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret.password.normalize('NFKC')), 'PBKDF2', false, ['deriveBits'])
    bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', iterations: kdf.iterations, salt: fromBase64(kdf.salt) }, material, 256 + CHECK_BYTES * 8)
  } else {
    if (!('prfOutput' in secret)) throw unsupported('This recovery share is sealed with a passkey')
    if (secret.prfOutput.length !== PRF_OUTPUT_BYTES) throw new CustodyError(CustodyErrorCodes.wrongRecoverySecret, `A passkey PRF output is ${PRF_OUTPUT_BYTES} bytes`)
    const material = await crypto.subtle.importKey('raw', Uint8Array.from(secret.prfOutput), 'HKDF', false, ['deriveBits'])
    bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: fromBase64(kdf.salt), info: new TextEncoder().encode(kdf.info) }, material, 256 + CHECK_BYTES * 8)
  }
  const derived = new Uint8Array(bits)
  const key = await crypto.subtle.importKey('raw', derived.slice(0, 32), 'AES-GCM', false, ['encrypt', 'decrypt'])
  const check = derived.slice(32)
  derived.fill(0)
  return { key, check }
}

function unsupported(message: string): CustodyError {
  return new CustodyError(CustodyErrorCodes.recoveryUnsupported, message)
}

function checkKdf(kdf: RecoveryKdf): void {
  if (kdf.name === 'PBKDF2-SHA-256' && !(Number.isSafeInteger(kdf.iterations) && kdf.iterations >= PBKDF2_MIN_ITERATIONS && kdf.iterations <= PBKDF2_MAX_ITERATIONS)) {
    throw unsupported(`PBKDF2 iterations must be between ${PBKDF2_MIN_ITERATIONS} and ${PBKDF2_MAX_ITERATIONS}`)
  }
}

function isBase64(field: unknown, length?: number): field is string {
  if (typeof field !== 'string') return false
  try {
    const bytes = fromBase64(field)
    return length === undefined || bytes.length === length
  } catch {
    return false
  }
}

function isPasskeyRef(value: unknown): value is RecoveryPasskeyRef {
  if (typeof value !== 'object' || value === null) return false
  const { credentialId, prfSalt } = value as Record<string, unknown>
  return typeof credentialId === 'string' && credentialId.length <= MAX_CREDENTIAL_ID_CHARS && /^[A-Za-z0-9_-]+$/.test(credentialId) && isBase64(prfSalt, PRF_SALT_BYTES)
}

function parseEnvelope(value: unknown): RecoveryEnvelope {
  const bad = () => unsupported('Not a recovery share envelope this version reads')
  if (typeof value !== 'object' || value === null) throw bad()
  const envelope = value as Record<string, unknown>
  const kdf = envelope.kdf as Record<string, unknown> | null | undefined
  if (envelope.version !== 1 || envelope.cipher !== 'AES-256-GCM' || typeof kdf !== 'object' || kdf === null) throw bad()
  if (!isBase64(envelope.iv, IV_BYTES) || !isBase64(envelope.check, CHECK_BYTES) || !isBase64(envelope.ciphertext) || !isBase64(kdf.salt, SALT_BYTES)) throw bad()
  let parsedKdf: RecoveryKdf
  if (kdf.name === 'PBKDF2-SHA-256' && typeof kdf.iterations === 'number') {
    parsedKdf = { name: kdf.name, iterations: kdf.iterations, salt: kdf.salt as string }
  } else if (kdf.name === 'HKDF-SHA-256' && kdf.source === 'webauthn-prf' && kdf.info === PRF_INFO && isPasskeyRef(kdf.passkey)) {
    const { credentialId, prfSalt } = kdf.passkey
    parsedKdf = { name: kdf.name, source: kdf.source, info: kdf.info, salt: kdf.salt as string, passkey: { credentialId, prfSalt } }
  } else {
    throw bad()
  }
  checkKdf(parsedKdf)
  return { version: 1, kdf: parsedKdf, cipher: 'AES-256-GCM', iv: envelope.iv as string, check: envelope.check as string, ciphertext: envelope.ciphertext as string }
}
