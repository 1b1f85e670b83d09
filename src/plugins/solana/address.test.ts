import { getBase58Decoder } from '@solana/kit'
import { isSolanaAddress } from './address'

// SPEC §5: "Solana address: base58, 32 to 44 characters."
describe('isSolanaAddress', () => {
  const base58 = (length: number) => '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'.repeat(2).slice(0, length)

  it.each([
    ['the system program (32 characters)', '11111111111111111111111111111111'],
    ['the wrapped SOL mint', 'So11111111111111111111111111111111111111112'],
    ['the token program', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
  ])('accepts %s', (_case, address) => {
    expect(isSolanaAddress(address)).toBe(true)
  })

  it('accepts 32 and 44 characters and refuses 31 and 45', () => {
    expect(isSolanaAddress(base58(31))).toBe(false)
    // 32 zero bytes and 32 bytes of 0xff: the shortest and the longest encoding of a key.
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true)
    expect(isSolanaAddress('JEKNVnkbo3jma5nREBBJCDoXFVeKkD56V3xKrvRmWxFG')).toBe(true)
    expect(isSolanaAddress(base58(45))).toBe(false)
  })

  // Beyond the SPEC's string rule: an address is a 32-byte public key, so a string that
  // passes the rule but decodes to another length is no address any wallet can use.
  it.each([
    ['30 bytes', 'tJ93RwaVfE1PEMxd5rpZZuPtLCwbEaDCrNBhAy8Cv'],
    ['31 bytes', '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofL'],
    ['33 bytes (a leading zero byte)', '14vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi'],
    ['34 zero bytes', '1111111111111111111111111111111111'],
    ['about 24 bytes', base58(32)],
  ])('refuses a string of 32 to 44 base58 characters that decodes to %s', (_case, value) => {
    expect(value.length).toBeGreaterThanOrEqual(32)
    expect(value.length).toBeLessThanOrEqual(44)
    expect(isSolanaAddress(value)).toBe(false)
  })

  it('agrees with @solana/kit on the byte length of random keys of 28 to 36 bytes', () => {
    const encode = getBase58Decoder()
    for (let round = 0; round < 200; round++) {
      const length = 28 + (round % 9)
      const bytes = crypto.getRandomValues(new Uint8Array(length))
      if (round % 5 === 0) bytes[0] = 0
      const text = encode.decode(bytes)
      expect(isSolanaAddress(text)).toBe(length === 32 && text.length >= 32 && text.length <= 44)
    }
  })

  it.each(['0', 'O', 'I', 'l'])('refuses the non-base58 character %s', (character) => {
    expect(isSolanaAddress(`${base58(39)}${character}`)).toBe(false)
    expect(isSolanaAddress(`${character}${base58(39)}`)).toBe(false)
  })

  it.each([
    ['an EVM address', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['spaces', ` ${base58(40)} `],
    ['a plus sign', `${base58(40)}+`],
    ['an empty string', ''],
  ])('refuses %s', (_case, value) => {
    expect(isSolanaAddress(value)).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(isSolanaAddress(undefined)).toBe(false)
    expect(isSolanaAddress(42)).toBe(false)
  })
})
