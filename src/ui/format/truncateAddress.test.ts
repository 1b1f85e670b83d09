import { truncateAddress } from './truncateAddress'

describe('truncateAddress (SPEC §9: 4 at the start, 6 at the end)', () => {
  it('keeps 4 leading and 6 trailing characters', () => {
    expect(truncateAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x12…345678')
  })
  it('leaves short strings alone', () => {
    expect(truncateAddress('0x12345678')).toBe('0x12345678')
    expect(truncateAddress('')).toBe('')
  })
})
