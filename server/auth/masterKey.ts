/**
 * The master key that encrypts wallet private keys at rest (AES-256-GCM), and
 * the keyring that lets it be rotated: one current key encrypts, older keys
 * still decrypt until every row is re-encrypted (see rewrapWalletKeys).
 *
 * A key is 32 random bytes, written as base64 or hex in PORTICO_MASTER_KEY.
 * Its id is a short hash of the key, stored beside every ciphertext, so a
 * row tells which key it needs and a wrong key is named, not guessed at.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

export const MASTER_KEY_BYTES = 32
/** The scheme written beside each ciphertext, so a later one can be told apart. */
export const ENCRYPTION_SCHEME = 'aes-256-gcm/1'
const IV_BYTES = 12

export interface MasterKey {
  /** 16 hex characters: the first 8 bytes of SHA-256('portico/master-key-id/1:' ‖ key). */
  id: string
  key: Buffer
}

export interface Encrypted {
  scheme: string
  masterKeyId: string
  iv: string
  ciphertext: string
  authTag: string
}

export interface Keyring {
  /** The key new ciphertexts are written under. */
  current: MasterKey
  /** Every key that may decrypt: current first, then previous keys. */
  has(id: string): boolean
  ids(): string[]
  /** Encrypts under the current key; `aad` binds the ciphertext to its context (e.g. its row). */
  encrypt(plaintext: Uint8Array, aad: string): Encrypted
  /** Throws {@link MasterKeyNotConfiguredError} or {@link DecryptionFailedError}. */
  decrypt(encrypted: Encrypted, aad: string): Buffer
  /**
   * A 32-byte secret for another purpose (e.g. the one-time-code pepper),
   * derived from the key with the given id by HKDF-SHA256, so it changes with
   * the master key and needs no variable of its own.
   */
  derive(purpose: string, keyId?: string): Buffer
}

export class InvalidMasterKeyError extends Error {
  override name = 'InvalidMasterKeyError'
}

export class MasterKeyNotConfiguredError extends Error {
  override name = 'MasterKeyNotConfiguredError'
}

export class DecryptionFailedError extends Error {
  override name = 'DecryptionFailedError'
}

/**
 * Reads a key written as base64 (standard or URL-safe, with or without
 * padding) or hex (64 characters, optional 0x).
 *
 * @example
 * parseMasterKey(randomBytes(32).toString('base64'), 'PORTICO_MASTER_KEY')
 */
export function parseMasterKey(text: string, name: string): MasterKey {
  const value = text.trim()
  let bytes: Buffer | undefined
  const hex = value.replace(/^0x/i, '')
  if (/^[0-9a-fA-F]{64}$/.test(hex)) bytes = Buffer.from(hex, 'hex')
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  if (bytes === undefined || bytes.length !== MASTER_KEY_BYTES) {
    throw new InvalidMasterKeyError(
      `${name} must be ${MASTER_KEY_BYTES} bytes written as base64 or 64 hex characters ` + "(make one with: node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\")",
    )
  }
  return { id: masterKeyId(bytes), key: bytes }
}

/** @example masterKeyId(randomBytes(32)) // '3f1c…' (16 hex characters) */
export function masterKeyId(key: Uint8Array): string {
  return createHash('sha256').update('portico/master-key-id/1:').update(key).digest('hex').slice(0, 16)
}

/** A fresh random master key (tests and the development key file). */
export function generateMasterKey(): MasterKey {
  const key = randomBytes(MASTER_KEY_BYTES)
  return { id: masterKeyId(key), key }
}

/**
 * @example
 * const keyring = createKeyring(parseMasterKey(process.env.PORTICO_MASTER_KEY!, 'PORTICO_MASTER_KEY'))
 * const sealed = keyring.encrypt(secret, 'wallet-key:user-1:eip155')
 * keyring.decrypt(sealed, 'wallet-key:user-1:eip155') // secret
 */
export function createKeyring(current: MasterKey, previous: readonly MasterKey[] = []): Keyring {
  const byId = new Map<string, Buffer>([[current.id, current.key]])
  for (const key of previous) if (!byId.has(key.id)) byId.set(key.id, key.key)
  const derivedCache = new Map<string, Buffer>()

  const keyFor = (id: string): Buffer => {
    const key = byId.get(id)
    if (key === undefined) {
      throw new MasterKeyNotConfiguredError(
        `Data was encrypted under master key '${id}', which is not configured ` + `(configured: ${[...byId.keys()].join(', ')}); set it as PORTICO_MASTER_KEY or in PORTICO_PREVIOUS_MASTER_KEYS`,
      )
    }
    return key
  }

  return {
    current,
    has: (id) => byId.has(id),
    ids: () => [...byId.keys()],
    encrypt(plaintext, aad) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', current.key, iv)
      cipher.setAAD(Buffer.from(aad, 'utf8'))
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
      return {
        scheme: ENCRYPTION_SCHEME,
        masterKeyId: current.id,
        iv: iv.toString('base64'),
        ciphertext: ciphertext.toString('base64'),
        authTag: cipher.getAuthTag().toString('base64'),
      }
    },
    decrypt(encrypted, aad) {
      if (encrypted.scheme !== ENCRYPTION_SCHEME) throw new DecryptionFailedError(`Unknown encryption scheme '${encrypted.scheme}'`)
      const key = keyFor(encrypted.masterKeyId)
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(encrypted.iv, 'base64'))
        decipher.setAAD(Buffer.from(aad, 'utf8'))
        decipher.setAuthTag(Buffer.from(encrypted.authTag, 'base64'))
        return Buffer.concat([decipher.update(Buffer.from(encrypted.ciphertext, 'base64')), decipher.final()])
      } catch (error) {
        // GCM says only "unable to authenticate": wrong key, altered bytes, or a row moved elsewhere.
        throw new DecryptionFailedError(`Encrypted data did not authenticate under master key '${encrypted.masterKeyId}' (wrong key, altered data, or moved to another row)`, { cause: error })
      }
    },
    derive(purpose, keyId = current.id) {
      const cacheKey = `${keyId}\n${purpose}`
      let derived = derivedCache.get(cacheKey)
      if (derived === undefined) {
        derived = Buffer.from(hkdfSync('sha256', keyFor(keyId), Buffer.alloc(0), `portico/${purpose}`, 32))
        derivedCache.set(cacheKey, derived)
      }
      // A copy, so a caller that wipes its buffer does not wipe the cache.
      return Buffer.from(derived)
    },
  }
}

export interface DevMasterKeyResult {
  key: MasterKey
  created: boolean
}

/**
 * The development master key: read from `file`, or created there (32 random
 * bytes, base64, mode 0600, folder created) when missing. Never for
 * production: a key kept beside the data it protects protects nothing from
 * whoever copies the folder.
 *
 * @example
 * const { key, created } = loadOrCreateDevMasterKey('.data/master.key')
 */
export function loadOrCreateDevMasterKey(file: string): DevMasterKeyResult {
  mkdirSync(dirname(file), { recursive: true })
  try {
    // 'wx': create only if absent, so two processes starting together cannot both write.
    const fd = openSync(file, 'wx', 0o600)
    const key = generateMasterKey()
    try {
      writeSync(fd, `${key.key.toString('base64')}\n`)
    } finally {
      closeSync(fd)
    }
    return { key, created: true }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  // Someone widened the permissions: narrow them again rather than refuse to start in development.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  return { key: parseMasterKey(readFileSync(file, 'utf8'), `The development master key file '${file}'`), created: false }
}
