import { isSignedMessage } from './signedMessage'

const hex = (length: number) => '0123456789abcdefABCDEF'.repeat(20).slice(0, length)

// SPEC §5: "Signed message: 0x followed by 62 or more hex characters."
describe('isSignedMessage', () => {
  it('accepts 62 hex characters and more', () => {
    expect(isSignedMessage(`0x${hex(62)}`)).toBe(true)
    expect(isSignedMessage(`0x${hex(130)}`)).toBe(true) // 65-byte ECDSA
    expect(isSignedMessage(`0x${'ab'.repeat(600)}`)).toBe(true) // wrapped smart-account signature
  })

  it('refuses 61 hex characters', () => {
    expect(isSignedMessage(`0x${hex(61)}`)).toBe(false)
  })

  it.each([
    ['no prefix', hex(130)],
    ['a non-hex character', `0x${hex(129)}z`],
    ['the prefix alone', '0x'],
  ])('refuses %s', (_case, value) => {
    expect(isSignedMessage(value)).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(isSignedMessage(null)).toBe(false)
  })
})
