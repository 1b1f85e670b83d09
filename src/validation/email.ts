import { ErrorMessages, ValidationError } from '../errors'

/**
 * Email: a dot-atom local part (RFC 5322 atext, no leading, trailing or doubled dots), an
 * `@`, and a domain of DNS labels ending in an alphabetic top-level domain of two or
 * more letters. Quoted local parts and IP-literal domains are valid in RFC 5321 but no
 * mail provider issues them, so a login form refuses them as typos.
 *
 * Every repetition is separated by a literal `.` that its body cannot contain, so the
 * regex has exactly one way to match any input: no catastrophic backtracking.
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
const EMAIL = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`)

/** RFC 5321 limits: 64 characters before the `@`, 254 in all. */
const MAX_LOCAL_LENGTH = 64
const MAX_EMAIL_LENGTH = 254

/**
 * Whether `value` is a valid email address. Surrounding spaces make it invalid: a form
 * trims before it validates, so that what is validated is what is sent.
 *
 * @example
 * isEmail('ada@example.com') // true
 * isEmail('ada@localhost')   // false: no top-level domain
 * isEmail('ada..b@example.com') // false
 */
export function isEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_EMAIL_LENGTH) return false
  const at = value.indexOf('@')
  return at > 0 && at <= MAX_LOCAL_LENGTH && EMAIL.test(value)
}

/**
 * Returns `value` as an email address or throws `ValidationError` with the schema's
 * default messages (SPEC §8): 'Required' when it is missing or blank, 'Invalid email'
 * otherwise.
 *
 * @example
 * validateEmail('ada@example.com') // 'ada@example.com'
 * validateEmail('')                // throws ValidationError('Required')
 * validateEmail('ada@')            // throws ValidationError('Invalid email')
 */
export function validateEmail(value: unknown): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    throw new ValidationError({ key: 'required' }, [{ path: 'email', message: ErrorMessages.required }])
  }
  if (!isEmail(value)) {
    throw new ValidationError({ key: 'invalidEmail' }, [{ path: 'email', message: ErrorMessages.invalidEmail }])
  }
  return value
}
