import { isEvmAddress } from './address'

// SPEC §5: "EVM address: 40 hex characters, optional 0x prefix."
describe('isEvmAddress', () => {
  const hex = (length: number) => 'a1B2c3D4e5'.repeat(5).slice(0, length)

  it('accepts exactly 40 hex characters, with or without the 0x prefix', () => {
    expect(hex(40)).toHaveLength(40)
    expect(isEvmAddress(`0x${hex(40)}`)).toBe(true)
    expect(isEvmAddress(hex(40))).toBe(true)
    expect(isEvmAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe(true)
  })

  it.each([39, 41, 0, 64])('refuses %i hex characters', (length) => {
    expect(isEvmAddress(`0x${hex(length)}`)).toBe(false)
    expect(isEvmAddress(hex(length))).toBe(false)
  })

  it('does not check the EIP-55 checksum (all lower and all upper case pass)', () => {
    expect(isEvmAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')).toBe(true)
    expect(isEvmAddress('0xD8DA6BF26964AF9D7EED9E03E53415D37AA96045')).toBe(true)
  })

  it.each([
    ['a non-hex character', `0x${hex(39)}g`],
    ['an upper-case 0X prefix', `0X${hex(40)}`],
    ['a doubled prefix', `0x0x${hex(38)}`],
    ['surrounding spaces', ` 0x${hex(40)} `],
    ['a trailing newline', `0x${hex(40)}\n`],
    ['the prefix alone', '0x'],
    ['an empty string', ''],
  ])('refuses %s', (_case, value) => {
    expect(isEvmAddress(value)).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(isEvmAddress(undefined)).toBe(false)
    expect(isEvmAddress(null)).toBe(false)
    expect(isEvmAddress(0x1234)).toBe(false)
    expect(isEvmAddress({ address: `0x${hex(40)}` })).toBe(false)
  })
})
