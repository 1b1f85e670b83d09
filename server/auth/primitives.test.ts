import fc from 'fast-check'
import { normalizeEmail } from './email'
import { cooldownError, secondsLeft } from './errors'
import { CODE_PATTERN, codeMatches, generateCode, generateSalt, hashCode } from './oneTimeCode'
import { SESSION_TOKEN_PATTERN, generateSessionToken, hashDeviceId, hashSessionToken } from './sessionToken'

describe('normalizeEmail', () => {
  it.each([
    ['alice@example.com', 'alice@example.com'],
    ['  Alice.Smith+wallet@Mail.Example.CO.UK ', 'alice.smith+wallet@mail.example.co.uk'],
    ["o'brien@example.ie", "o'brien@example.ie"],
  ])('accepts %j as %j', (input, output) => {
    expect(normalizeEmail(input)).toBe(output)
  })

  it.each([
    'alice',
    'alice@',
    '@example.com',
    'alice@example',
    'alice@@example.com',
    'a b@example.com',
    'alice@exa mple.com',
    'alice@-example.com',
    '.alice@example.com',
    'alice.@example.com',
    'al..ice@example.com',
    'alice@example.c',
    'alice@example.com\nBcc: eve@example.com',
    'alice\u0000@example.com',
    'alice@exämple.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
    '',
    42,
    null,
    undefined,
    { email: 'a@b.co' },
  ])('refuses %j', (input) => {
    expect(normalizeEmail(input)).toBeUndefined()
  })

  it('gives back only short, lower-case, single-line addresses for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.emailAddress()), (input) => {
        const email = normalizeEmail(input)
        if (email === undefined) return
        expect(email).toBe(email.toLowerCase())
        expect(email.length).toBeLessThanOrEqual(254)
        expect(email).toMatch(/^[\x21-\x7e]+$/)
      }),
    )
  })
})

describe('one-time codes', () => {
  it('are 6 digits, leading zeros kept, and spread over the whole range', () => {
    const codes = Array.from({ length: 2_000 }, generateCode)
    for (const code of codes) expect(code).toMatch(CODE_PATTERN)
    expect(new Set(codes).size).toBeGreaterThan(1_990)
    expect(codes.some((code) => code.startsWith('0'))).toBe(true)
  })

  it('are stored as a keyed hash that depends on pepper, purpose, address and salt', () => {
    const pepper = Buffer.alloc(32, 7)
    const context = { purpose: 'login', email: 'a@b.co', salt: generateSalt() }
    const hash = hashCode(pepper, '042917', context)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).not.toContain('042917')
    expect(codeMatches(pepper, '042917', context, hash)).toBe(true)
    expect(codeMatches(pepper, '042918', context, hash)).toBe(false)
    expect(codeMatches(Buffer.alloc(32, 8), '042917', context, hash)).toBe(false)
    expect(codeMatches(pepper, '042917', { ...context, purpose: 'device' }, hash)).toBe(false)
    expect(codeMatches(pepper, '042917', { ...context, email: 'c@d.co' }, hash)).toBe(false)
    expect(codeMatches(pepper, '042917', { ...context, salt: generateSalt() }, hash)).toBe(false)
    expect(codeMatches(pepper, '042917', context, 'abcd')).toBe(false)
  })
})

describe('session tokens and device ids', () => {
  it('are 256 random bits behind a pts_ prefix, stored as a keyed hash', () => {
    const token = generateSessionToken()
    const secret = Buffer.alloc(32, 1)
    expect(token).toMatch(SESSION_TOKEN_PATTERN)
    expect(generateSessionToken()).not.toBe(token)
    expect(hashSessionToken(secret, token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashSessionToken(secret, token)).toBe(hashSessionToken(secret, token))
    expect(hashSessionToken(Buffer.alloc(32, 2), token)).not.toBe(hashSessionToken(secret, token))
    expect(hashDeviceId('device-1234567890ab')).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('cooldown message (SPEC §5)', () => {
  it.each([
    [30_000, 30],
    [29_001, 30],
    [17_500, 18],
    [1, 1],
    [0, 1],
  ])('%d ms left reads "Please try again after %d seconds"', (ms, n) => {
    expect(secondsLeft(ms)).toBe(n)
    const error = cooldownError(ms)
    expect(error.message).toBe(`Please try again after ${n} seconds`)
    expect(error.statusCode).toBe(429)
    expect(error.headers).toEqual({ 'retry-after': String(n) })
  })
})
