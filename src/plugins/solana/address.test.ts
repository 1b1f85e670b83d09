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
    expect(isSolanaAddress(base58(32))).toBe(true)
    expect(isSolanaAddress(base58(44))).toBe(true)
    expect(isSolanaAddress(base58(45))).toBe(false)
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
