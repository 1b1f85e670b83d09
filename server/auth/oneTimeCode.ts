/**
 * Six-digit one-time codes. Made with the CSPRNG; stored only as an HMAC under
 * a pepper derived from the master key, with a random salt per code and the
 * purpose and recipient mixed in. A million codes are a moment's work to try
 * offline, so a plain or salted hash would not protect a leaked table; the
 * pepper lives outside the database.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

export const CODE_LENGTH = 6
export const CODE_PATTERN = /^[0-9]{6}$/

/** @example generateCode() // '042917' */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0')
}

export function generateSalt(): string {
  return randomBytes(16).toString('base64url')
}

export interface CodeContext {
  purpose: string
  email: string
  salt: string
}

/**
 * @example
 * const hash = hashCode(pepper, '042917', { purpose: 'login', email: 'a@b.co', salt })
 */
export function hashCode(pepper: Uint8Array, code: string, { purpose, email, salt }: CodeContext): string {
  return createHmac('sha256', pepper).update(`portico/otp/1\n${purpose}\n${email}\n${salt}\n${code}`).digest('hex')
}

/** Constant-time comparison of a candidate code with a stored hash. */
export function codeMatches(pepper: Uint8Array, candidate: string, context: CodeContext, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex')
  const actual = Buffer.from(hashCode(pepper, candidate, context), 'hex')
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
