import { isTransactionHash } from './transactionHash'

const hex = (length: number) => '0123456789abcdefABCDEF'.repeat(20).slice(0, length)

// SPEC §5: "Transaction hash: 0x followed by 64 hex characters."
describe('isTransactionHash', () => {
  it('accepts 0x and exactly 64 hex characters, in either case', () => {
    expect(isTransactionHash(`0x${hex(64)}`)).toBe(true)
    expect(isTransactionHash(`0x${'F'.repeat(64)}`)).toBe(true)
  })

  it.each([63, 65, 0])('refuses %i hex characters', (length) => {
    expect(isTransactionHash(`0x${hex(length)}`)).toBe(false)
  })

  it.each([
    ['no prefix', hex(64)],
    ['an upper-case prefix', `0X${hex(64)}`],
    ['a non-hex character', `0x${hex(63)}g`],
    ['a trailing newline', `0x${hex(64)}\n`],
    ['a Solana signature', '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'],
  ])('refuses %s', (_case, value) => {
    expect(isTransactionHash(value)).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(isTransactionHash(undefined)).toBe(false)
    expect(isTransactionHash(1n)).toBe(false)
  })
})
