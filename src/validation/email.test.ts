import { ValidationError } from '../errors'
import { isEmail, validateEmail } from './email'

// SPEC §5: "Email must be a valid email address"; SPEC §8: "Required", "Invalid email".
describe('isEmail', () => {
  it.each(['ada@example.com', 'ada.lovelace@example.co.uk', 'ada+portico@example.com', "o'brien@example.ie", 'first_last-1@sub.domain.example', 'ADA@EXAMPLE.COM', 'a@b.io', 'x@xn--80ak6aa92e.com'])(
    'accepts %s',
    (email) => {
      expect(isEmail(email)).toBe(true)
    },
  )

  it.each([
    ['no @', 'ada.example.com'],
    ['two @', 'ada@@example.com'],
    ['an empty local part', '@example.com'],
    ['an empty domain', 'ada@'],
    ['no top-level domain', 'ada@localhost'],
    ['a one-letter top-level domain', 'ada@example.c'],
    ['a numeric top-level domain', 'ada@127.0.0.1'],
    ['a leading dot', '.ada@example.com'],
    ['a trailing dot in the local part', 'ada.@example.com'],
    ['a doubled dot', 'ada..l@example.com'],
    ['a doubled dot in the domain', 'ada@example..com'],
    ['a domain label starting with a hyphen', 'ada@-example.com'],
    ['a domain label ending with a hyphen', 'ada@example-.com'],
    ['a space', 'ada lovelace@example.com'],
    ['surrounding spaces', ' ada@example.com '],
    ['a display name', 'Ada <ada@example.com>'],
    ['a quoted local part', '"ada"@example.com'],
    ['an IP literal domain', 'ada@[127.0.0.1]'],
    ['a newline', 'ada@example.com\n'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`],
    ['an address over 254 characters', `ada@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com`],
    ['an empty string', ''],
  ])('refuses %s', (_case, email) => {
    expect(isEmail(email)).toBe(false)
  })

  it('accepts 64 characters before the @', () => {
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true)
  })

  it('answers at once for long near-miss inputs (no catastrophic backtracking)', () => {
    expect(isEmail(`${'a.'.repeat(30)}@${'a-'.repeat(100)}`)).toBe(false)
    expect(isEmail(`a@${'a'.repeat(250)}`)).toBe(false)
    expect(isEmail(`a@${'a.'.repeat(125)}`)).toBe(false)
    expect(isEmail('a'.repeat(1_000_000))).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(isEmail(undefined)).toBe(false)
    expect(isEmail({ email: 'ada@example.com' })).toBe(false)
  })
})

describe('validateEmail', () => {
  it('returns a valid email', () => {
    expect(validateEmail('ada@example.com')).toBe('ada@example.com')
  })

  it.each([undefined, null, '', '   '])("throws 'Required' for %p", (value) => {
    expect(() => validateEmail(value)).toThrow(ValidationError)
    expect(() => validateEmail(value)).toThrow(expect.objectContaining({ shortMessage: 'Required', issues: [{ path: 'email', message: 'Required' }] }))
  })

  it.each(['ada', 'ada@', 42])("throws 'Invalid email' for %p", (value) => {
    expect(() => validateEmail(value)).toThrow(expect.objectContaining({ shortMessage: 'Invalid email', issues: [{ path: 'email', message: 'Invalid email' }] }))
  })
})
