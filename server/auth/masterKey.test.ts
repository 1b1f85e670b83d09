import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, chmodSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DecryptionFailedError, InvalidMasterKeyError, MasterKeyNotConfiguredError, createKeyring, generateMasterKey, loadOrCreateDevMasterKey, masterKeyId, parseMasterKey } from './masterKey'

describe('parseMasterKey', () => {
  const bytes = randomBytes(32)

  it.each([
    ['base64', bytes.toString('base64')],
    ['base64 without padding', bytes.toString('base64').replace(/=+$/, '')],
    ['base64url', bytes.toString('base64url')],
    ['hex', bytes.toString('hex')],
    ['0x hex', `0x${bytes.toString('hex').toUpperCase()}`],
    ['with spaces around', `  ${bytes.toString('base64')}\n`],
  ])('reads %s', (_form, text) => {
    expect(parseMasterKey(text, 'PORTICO_MASTER_KEY')).toEqual({ id: masterKeyId(bytes), key: bytes })
  })

  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(33).toString('base64')],
    ['63 hex characters', randomBytes(32).toString('hex').slice(1)],
    ['not base64 or hex', 'correct horse battery staple'],
    ['empty', ''],
  ])('refuses %s, naming the variable', (_form, text) => {
    expect(() => parseMasterKey(text, 'PORTICO_MASTER_KEY')).toThrow(InvalidMasterKeyError)
    expect(() => parseMasterKey(text, 'PORTICO_MASTER_KEY')).toThrow(/^PORTICO_MASTER_KEY must be 32 bytes written as base64 or 64 hex characters/)
  })

  it('gives a stable 16-hex-character id that differs between keys', () => {
    expect(masterKeyId(bytes)).toMatch(/^[0-9a-f]{16}$/)
    expect(masterKeyId(bytes)).toBe(masterKeyId(Buffer.from(bytes)))
    expect(masterKeyId(randomBytes(32))).not.toBe(masterKeyId(bytes))
  })
})

describe('keyring', () => {
  const secret = randomBytes(32)
  const aad = 'portico/wallet-key/1\nuser\neip155\n0xabc'

  it('encrypts with AES-256-GCM under the current key and decrypts back', () => {
    const keyring = createKeyring(generateMasterKey())
    const sealed = keyring.encrypt(secret, aad)
    expect(sealed).toEqual({
      scheme: 'aes-256-gcm/1',
      masterKeyId: keyring.current.id,
      iv: expect.stringMatching(/^[A-Za-z0-9+/]{16}$/),
      ciphertext: expect.any(String),
      authTag: expect.stringMatching(/^[A-Za-z0-9+/]{22}==$/),
    })
    expect(Buffer.from(sealed.ciphertext, 'base64')).toHaveLength(32)
    expect(Buffer.from(sealed.ciphertext, 'base64').equals(secret)).toBe(false)
    expect(keyring.decrypt(sealed, aad).equals(secret)).toBe(true)
    // A fresh IV every time.
    expect(keyring.encrypt(secret, aad).iv).not.toBe(sealed.iv)
  })

  it('refuses another master key, other associated data, and altered bytes', () => {
    const keyring = createKeyring(generateMasterKey())
    const sealed = keyring.encrypt(secret, aad)
    expect(() => createKeyring(generateMasterKey()).decrypt(sealed, aad)).toThrow(MasterKeyNotConfiguredError)
    expect(() => createKeyring(generateMasterKey()).decrypt(sealed, aad)).toThrow(`Data was encrypted under master key '${keyring.current.id}', which is not configured`)
    // Same id but different bytes cannot happen by accident; forge it to prove GCM catches it.
    const impostor = createKeyring({ id: keyring.current.id, key: randomBytes(32) })
    expect(() => impostor.decrypt(sealed, aad)).toThrow(DecryptionFailedError)
    expect(() => keyring.decrypt(sealed, `${aad}x`)).toThrow(DecryptionFailedError)
    const flipped = Buffer.from(sealed.ciphertext, 'base64')
    flipped[0]! ^= 1
    expect(() => keyring.decrypt({ ...sealed, ciphertext: flipped.toString('base64') }, aad)).toThrow(DecryptionFailedError)
    expect(() => keyring.decrypt({ ...sealed, scheme: 'rot13' }, aad)).toThrow("Unknown encryption scheme 'rot13'")
  })

  it('decrypts with a previous key and encrypts with the current one (rotation)', () => {
    const old = generateMasterKey()
    const sealedOld = createKeyring(old).encrypt(secret, aad)
    const rotated = createKeyring(generateMasterKey(), [old])
    expect(rotated.ids()).toEqual([rotated.current.id, old.id])
    expect(rotated.decrypt(sealedOld, aad).equals(secret)).toBe(true)
    expect(rotated.encrypt(secret, aad).masterKeyId).toBe(rotated.current.id)
  })

  it('derives per-purpose secrets that follow the master key', () => {
    const key = generateMasterKey()
    const keyring = createKeyring(key)
    expect(keyring.derive('otp-pepper/1')).toHaveLength(32)
    expect(keyring.derive('otp-pepper/1').equals(createKeyring(key).derive('otp-pepper/1'))).toBe(true)
    expect(keyring.derive('otp-pepper/1').equals(keyring.derive('rate-limit/1'))).toBe(false)
    expect(keyring.derive('otp-pepper/1').equals(key.key)).toBe(false)
    expect(() => keyring.derive('otp-pepper/1', 'ffffffffffffffff')).toThrow(MasterKeyNotConfiguredError)
  })
})

describe('loadOrCreateDevMasterKey', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'portico-master-key-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('creates the key file (and its folder) with mode 0600 once, then reads it back', () => {
    const file = join(dir, 'nested', 'master.key')
    const first = loadOrCreateDevMasterKey(file)
    expect(first.created).toBe(true)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first.key.key)).toBe(true)

    const second = loadOrCreateDevMasterKey(file)
    expect(second).toEqual({ key: first.key, created: false })
  })

  it('narrows a key file others can read back to 0600', () => {
    const file = join(dir, 'master.key')
    loadOrCreateDevMasterKey(file)
    chmodSync(file, 0o644)
    loadOrCreateDevMasterKey(file)
    expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('refuses a damaged key file rather than make a new key', () => {
    const file = join(dir, 'master.key')
    writeFileSync(file, 'not a key', { mode: 0o600 })
    expect(() => loadOrCreateDevMasterKey(file)).toThrow(`The development master key file '${file}' must be 32 bytes`)
  })
})
