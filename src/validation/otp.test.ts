import { ValidationError } from '../errors'
import { isOtp, MAX_OTP_LENGTH, validateOtp } from './otp'

// SPEC §5: "OTP is a string." The form rule: ASCII digits, optionally of an exact length.
describe('isOtp', () => {
  it('accepts a string of digits, keeping leading zeros', () => {
    expect(isOtp('123456')).toBe(true)
    expect(isOtp('000042')).toBe(true)
    expect(isOtp('7')).toBe(true)
  })

  it('checks the exact length when given', () => {
    expect(isOtp('123456', { length: 6 })).toBe(true)
    expect(isOtp('12345', { length: 6 })).toBe(false)
    expect(isOtp('1234567', { length: 6 })).toBe(false)
  })

  it(`accepts ${MAX_OTP_LENGTH} digits and refuses more`, () => {
    expect(isOtp('1'.repeat(MAX_OTP_LENGTH))).toBe(true)
    expect(isOtp('1'.repeat(MAX_OTP_LENGTH + 1))).toBe(false)
  })

  it.each([
    ['an empty string', ''],
    ['letters', '12a456'],
    ['a space', '123 456'],
    ['a hyphen', '123-456'],
    ['surrounding spaces', ' 123456 '],
    ['Arabic-Indic digits', '١٢٣٤٥٦'],
    ['full-width digits', '１２３４５６'],
    ['a sign', '-123456'],
  ])('refuses %s', (_case, value) => {
    expect(isOtp(value)).toBe(false)
  })

  it('refuses a number: the payload is a string (leading zeros would be lost)', () => {
    expect(isOtp(123456)).toBe(false)
  })
})

describe('validateOtp', () => {
  it('returns a valid code', () => {
    expect(validateOtp('042137', { length: 6 })).toBe('042137')
  })

  it.each([undefined, null, ''])("throws 'Required' for %p", (value) => {
    expect(() => validateOtp(value)).toThrow(ValidationError)
    expect(() => validateOtp(value)).toThrow(expect.objectContaining({ shortMessage: 'Required', issues: [{ path: 'otp', message: 'Required' }] }))
  })

  it("throws 'Invalid code' for anything else", () => {
    expect(() => validateOtp('12ab56')).toThrow(expect.objectContaining({ shortMessage: 'Invalid code' }))
    expect(() => validateOtp('12345', { length: 6 })).toThrow(expect.objectContaining({ shortMessage: 'Invalid code' }))
  })
})
