/**
 * Email addresses as the embedded wallet keys users by them (SPEC §5: "Email
 * must be a valid email address"; the message is the schema default, "Invalid
 * email"). ASCII addresses only: internationalised addresses are refused rather
 * than half-supported.
 */

/** Longest address SMTP can carry (RFC 5321 path limit minus the brackets). */
export const EMAIL_MAX_LENGTH = 254

const LOCAL = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
const EMAIL = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`)

/**
 * The address trimmed and lower-cased (one wallet per mailbox, however it is
 * typed), or undefined when it is not a valid address.
 *
 * @example
 * normalizeEmail('  Alice@Example.COM ') // 'alice@example.com'
 * normalizeEmail('not an email')         // undefined
 */
export function normalizeEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const email = value.trim().toLowerCase()
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL.test(email)) return undefined
  const local = email.slice(0, email.indexOf('@'))
  return local.length <= 64 ? email : undefined
}
