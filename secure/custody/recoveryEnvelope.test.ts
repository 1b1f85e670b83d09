// Node's WebCrypto (globalThis.crypto.subtle) is the same API the secure page uses in the browser.
import { fromBase64, toBase64 } from './bytes'
import { CustodyErrorCodes } from './errors'
import { openRecoveryShare, PBKDF2_MIN_ITERATIONS, recoveryMethod, recoveryPrfInput, RECOVERY_PRF_INPUT, sealRecoveryShare, type RecoveryEnvelope } from './recoveryEnvelope'

jest.setTimeout(30_000)

const share = Uint8Array.from({ length: 33 }, (_, i) => (i * 7 + 3) & 0xff)
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const prfOutput = crypto.getRandomValues(new Uint8Array(32))
const passkey = { credentialId: 'AbC-_9xyz', prfSalt: toBase64(crypto.getRandomValues(new Uint8Array(32))) }

function flipped(base64: string, index = 0): string {
  const bytes = fromBase64(base64)
  bytes[index] = bytes[index]! ^ 0x01
  return toBase64(bytes)
}

describe('recovery share sealed with a password (PBKDF2-SHA-256)', () => {
  let envelope: RecoveryEnvelope
  beforeAll(async () => {
    envelope = await sealRecoveryShare(share, { password: 'correct horse battery staple' }, address)
  })

  it('round-trips, and states its KDF and parameters in the envelope with no plaintext', async () => {
    expect(envelope).toMatchObject({ version: 1, cipher: 'AES-256-GCM', kdf: { name: 'PBKDF2-SHA-256', iterations: 600_000 } })
    expect(PBKDF2_MIN_ITERATIONS).toBe(600_000)
    expect(fromBase64(envelope.kdf.salt)).toHaveLength(16)
    expect(JSON.stringify(envelope)).not.toContain(toBase64(share).slice(0, 12))
    expect(await openRecoveryShare(JSON.parse(JSON.stringify(envelope)), { password: 'correct horse battery staple' }, address)).toEqual(share)
  })

  it('a wrong password fails with CUSTODY_WRONG_RECOVERY_SECRET', async () => {
    await expect(openRecoveryShare(envelope, { password: 'correct horse battery stapler' }, address)).rejects.toMatchObject({
      name: 'CustodyError',
      code: CustodyErrorCodes.wrongRecoverySecret,
      message: 'The recovery password or passkey does not open this recovery share',
    })
    await expect(openRecoveryShare(envelope, { password: '' }, address)).rejects.toMatchObject({ code: CustodyErrorCodes.wrongRecoverySecret })
  })

  it('altered ciphertext, or an envelope moved to another wallet, is refused with CUSTODY_RECOVERY_TAMPERED', async () => {
    const password = { password: 'correct horse battery staple' }
    await expect(openRecoveryShare({ ...envelope, ciphertext: flipped(envelope.ciphertext, 3) }, password, address)).rejects.toMatchObject({ code: CustodyErrorCodes.recoveryTampered })
    await expect(openRecoveryShare({ ...envelope, iv: flipped(envelope.iv) }, password, address)).rejects.toMatchObject({ code: CustodyErrorCodes.recoveryTampered })
    await expect(openRecoveryShare(envelope, password, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).rejects.toMatchObject({ code: CustodyErrorCodes.recoveryTampered })
  })

  it('parameters can be raised later; lowered, absurd or unknown ones are refused before any work', async () => {
    const stronger = await sealRecoveryShare(share, { password: 'pw' }, address, { iterations: 700_000 })
    expect(stronger.kdf).toMatchObject({ iterations: 700_000 })
    expect(await openRecoveryShare(stronger, { password: 'pw' }, address)).toEqual(share)
    await expect(sealRecoveryShare(share, { password: 'pw' }, address, { iterations: 100_000 })).rejects.toMatchObject({ code: CustodyErrorCodes.recoveryUnsupported })

    const unsupported = { code: CustodyErrorCodes.recoveryUnsupported }
    await expect(openRecoveryShare({ ...envelope, kdf: { ...envelope.kdf, iterations: 1000 } }, { password: 'pw' }, address)).rejects.toMatchObject(unsupported)
    await expect(openRecoveryShare({ ...envelope, kdf: { ...envelope.kdf, iterations: 1e12 } }, { password: 'pw' }, address)).rejects.toMatchObject(unsupported)
    await expect(openRecoveryShare({ ...envelope, version: 2 }, { password: 'pw' }, address)).rejects.toMatchObject(unsupported)
    await expect(openRecoveryShare({ ...envelope, kdf: { name: 'scrypt', salt: envelope.kdf.salt } }, { password: 'pw' }, address)).rejects.toMatchObject(unsupported)
    await expect(openRecoveryShare({ ...envelope, iv: 'short' }, { password: 'pw' }, address)).rejects.toMatchObject(unsupported)
    await expect(openRecoveryShare(null, { password: 'pw' }, address)).rejects.toMatchObject(unsupported)
    // A password envelope cannot be opened with a passkey.
    await expect(openRecoveryShare(envelope, { prfOutput }, address)).rejects.toMatchObject(unsupported)
  })
})

describe('recovery share sealed with a passkey’s PRF output (HKDF-SHA-256)', () => {
  it('round-trips; another PRF output fails with CUSTODY_WRONG_RECOVERY_SECRET; tampering is refused', async () => {
    const envelope = await sealRecoveryShare(share, { prfOutput, passkey }, address)
    expect(envelope.kdf).toEqual({ name: 'HKDF-SHA-256', source: 'webauthn-prf', info: 'portico/recovery-share/prf/1', salt: expect.any(String), passkey })
    expect(await openRecoveryShare(envelope, { prfOutput: Uint8Array.from(prfOutput) }, address)).toEqual(share)

    await expect(openRecoveryShare(envelope, { prfOutput: crypto.getRandomValues(new Uint8Array(32)) }, address)).rejects.toMatchObject({ code: CustodyErrorCodes.wrongRecoverySecret })
    await expect(openRecoveryShare(envelope, { prfOutput: prfOutput.subarray(0, 16) }, address)).rejects.toMatchObject({ code: CustodyErrorCodes.wrongRecoverySecret })
    await expect(openRecoveryShare(envelope, { password: 'pw' }, address)).rejects.toMatchObject({ code: CustodyErrorCodes.recoveryUnsupported })
    // A different salt derives a different key: the check value no longer matches.
    await expect(openRecoveryShare({ ...envelope, kdf: { ...envelope.kdf, salt: flipped(envelope.kdf.salt) } }, { prfOutput }, address)).rejects.toMatchObject({
      code: CustodyErrorCodes.wrongRecoverySecret,
    })
    await expect(openRecoveryShare({ ...envelope, ciphertext: flipped(envelope.ciphertext, 10) }, { prfOutput }, address)).rejects.toMatchObject({ code: CustodyErrorCodes.recoveryTampered })
  })

  it('names the passkey and its PRF salt, which cannot be swapped for others', async () => {
    const envelope = await sealRecoveryShare(share, { prfOutput, passkey }, address)
    expect(recoveryMethod(JSON.parse(JSON.stringify(envelope)))).toEqual({ kind: 'passkey', passkey })
    expect(recoveryMethod(await sealRecoveryShare(share, { password: 'pw' }, address))).toEqual({ kind: 'password' })
    const kdf = envelope.kdf as Extract<RecoveryEnvelope['kdf'], { name: 'HKDF-SHA-256' }>
    const otherSalt = toBase64(crypto.getRandomValues(new Uint8Array(32)))
    for (const swapped of [
      { ...passkey, credentialId: 'another' },
      { ...passkey, prfSalt: otherSalt },
    ]) {
      await expect(openRecoveryShare({ ...envelope, kdf: { ...kdf, passkey: swapped } }, { prfOutput }, address)).rejects.toMatchObject({ code: CustodyErrorCodes.recoveryTampered })
    }
    const unsupported = { code: CustodyErrorCodes.recoveryUnsupported }
    for (const bad of [
      undefined,
      { credentialId: '', prfSalt: passkey.prfSalt },
      { credentialId: 'a b', prfSalt: passkey.prfSalt },
      { credentialId: 'x'.repeat(1401), prfSalt: passkey.prfSalt },
      { credentialId: 'abc', prfSalt: toBase64(new Uint8Array(16)) },
    ]) {
      await expect(openRecoveryShare({ ...envelope, kdf: { ...kdf, passkey: bad } }, { prfOutput }, address)).rejects.toMatchObject(unsupported)
      expect(() => recoveryMethod({ ...envelope, kdf: { ...kdf, passkey: bad } })).toThrow(expect.objectContaining(unsupported))
    }
    await expect(sealRecoveryShare(share, { prfOutput, passkey: { credentialId: 'abc', prfSalt: 'short' } }, address)).rejects.toMatchObject(unsupported)
  })

  it('evaluates the recovery prefix followed by the wallet’s PRF salt', () => {
    const salt = Uint8Array.from([1, 2, 3])
    const input = recoveryPrfInput(salt)
    expect(new TextDecoder().decode(input.subarray(0, RECOVERY_PRF_INPUT.length))).toBe('portico/recovery-share/prf-input/1')
    expect([...input.subarray(RECOVERY_PRF_INPUT.length)]).toEqual([1, 2, 3])
  })
})
