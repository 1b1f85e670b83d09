import fc from 'fast-check'
import { decodeBase58, encodeBase58 } from './base58'
import { normalizeEmail } from './email'
import { cooldownError, secondsLeft } from './errors'
import { CODE_PATTERN, codeMatches, generateCode, generateSalt, hashCode } from './oneTimeCode'
import { SESSION_TOKEN_PATTERN, generateSessionToken, hashDeviceId, hashSessionToken } from './sessionToken'
import { solanaSigners } from './signing'

describe('normalizeEmail', () => {
  it.each([
    ['alice@example.com', 'alice@example.com'],
    ['  Alice.Smith+wallet@Mail.Example.CO.UK ', 'alice.smith+wallet@mail.example.co.uk'],
    ["o'brien@example.ie", "o'brien@example.ie"],
  ])('accepts %j as %j', (input, output) => {
    expect(normalizeEmail(input)).toBe(output)
  })

  it.each([
    'alice', 'alice@', '@example.com', 'alice@example', 'alice@@example.com', 'a b@example.com', 'alice@exa mple.com', 'alice@-example.com',
    '.alice@example.com', 'alice.@example.com', 'al..ice@example.com', 'alice@example.c', 'alice@example.com\nBcc: eve@example.com', 'alice\u0000@example.com',
    'alice@exämple.com', `${'a'.repeat(65)}@example.com`, `a@${'b'.repeat(250)}.com`, '', 42, null, undefined, { email: 'a@b.co' },
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

describe('base58', () => {
  it.each([
    [[], ''],
    [[0], '1'],
    [[0, 0, 1], '112'],
    [[...Buffer.from('Hello World!')], '2NEpo7TZRRrLZSi2U'],
    [[...Buffer.from('The quick brown fox jumps over the lazy dog.')], 'USm3fpXnKG5EUBx2ndxBDMPVciP5hGey2Jh4NDv6gmeo1LkMeiKrLJUUBk6Z'],
  ])('encodes %j as %j', (bytes, text) => {
    expect(encodeBase58(Uint8Array.from(bytes))).toBe(text)
    expect([...decodeBase58(text)]).toEqual(bytes)
  })

  it('round-trips any bytes and refuses characters outside the alphabet', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => expect([...decodeBase58(encodeBase58(bytes))]).toEqual([...bytes])))
    expect(() => decodeBase58('0OIl')).toThrow("'0' is not a base58 character")
  })
})

describe('solanaSigners', () => {
  const key = (fill: number) => new Uint8Array(32).fill(fill)
  const message = (prefix: number[], required: number, keys: Uint8Array[], tail = 32) =>
    Uint8Array.from([...prefix, required, 0, 0, keys.length, ...keys.flatMap((k) => [...k]), ...new Uint8Array(tail)])

  it('reads the signers of legacy and v0 messages', () => {
    expect(solanaSigners(message([], 1, [key(1), key(2)]))).toEqual([encodeBase58(key(1))])
    expect(solanaSigners(message([0x80], 2, [key(3), key(4), key(5)]))).toEqual([encodeBase58(key(3)), encodeBase58(key(4))])
  })

  it('says undefined for what is not a message', () => {
    expect(solanaSigners(new Uint8Array())).toBeUndefined()
    expect(solanaSigners(Buffer.from('hello'))).toBeUndefined()
    expect(solanaSigners(message([0x81], 1, [key(1)]))).toBeUndefined() // version 1 does not exist
    expect(solanaSigners(message([], 0, [key(1)]))).toBeUndefined() // no signer
    expect(solanaSigners(message([], 3, [key(1), key(2)]))).toBeUndefined() // more signers than keys
    expect(solanaSigners(message([], 1, [key(1)], 31))).toBeUndefined() // no room for the blockhash
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
      const signers = solanaSigners(bytes)
      if (signers !== undefined) expect(signers.length).toBeGreaterThan(0)
    }))
  })
})
