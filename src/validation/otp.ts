import { ErrorMessages, ValidationError } from '../errors'

/**
 * SPEC §5 says only "OTP is a string" (the frame payload's schema). The form rule adds
 * what makes a one-time code: ASCII digits only, at least one, at most
 * `MAX_OTP_LENGTH`, so a pasted paragraph never reaches the server. The length the
 * server issues is the server's choice; a form that knows it passes `length`.
 */
export const MAX_OTP_LENGTH = 12

/** Shown when an OTP is present but not a code; SPEC §8 gives no wording for this. */
export const INVALID_OTP_MESSAGE = ErrorMessages.invalidCode

export type OtpOptions = {
  /** Exact number of digits required (the 6-box code input passes 6). */
  length?: number | undefined
}

const DIGITS = /^[0-9]+$/

/**
 * Whether `value` is a one-time code: a string of ASCII digits, of `length` digits when
 * given.
 *
 * @example
 * isOtp('123456')                 // true
 * isOtp('12345', { length: 6 })   // false
 * isOtp('12 34')                  // false
 */
export function isOtp(value: unknown, options: OtpOptions = {}): value is string {
  if (typeof value !== 'string' || !DIGITS.test(value) || value.length > MAX_OTP_LENGTH) return false
  return options.length === undefined || value.length === options.length
}

/**
 * Returns `value` as a one-time code or throws `ValidationError`: 'Required' when it is
 * missing or empty, 'Invalid code' otherwise.
 *
 * @example
 * validateOtp('042137', { length: 6 }) // '042137'
 * validateOtp('')                      // throws ValidationError('Required')
 */
export function validateOtp(value: unknown, options: OtpOptions = {}): string {
  if (value === undefined || value === null || value === '') {
    throw new ValidationError({ key: 'required' }, [{ path: 'otp', message: ErrorMessages.required }])
  }
  if (!isOtp(value, options)) {
    throw new ValidationError({ key: 'invalidCode' }, [{ path: 'otp', message: INVALID_OTP_MESSAGE }])
  }
  return value
}
