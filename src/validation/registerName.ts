import { Limits } from '../config/constants'

/**
 * SPEC §5 register name: at least `Limits.nameMinLength` (4) characters, only letters,
 * digits and hyphens. Letters are ASCII: the name becomes a DNS-style label, where
 * look-alike Unicode letters would let one name impersonate another.
 */
const NAME_CHARACTERS = /^[A-Za-z0-9-]+$/

/**
 * Whether `value` may be registered as an account name (the label before the suffix).
 *
 * @example
 * isRegisterName('vitalik')  // true
 * isRegisterName('abc')      // false: 3 characters
 * isRegisterName('my_name')  // false: underscore
 */
export function isRegisterName(value: unknown): value is string {
  return typeof value === 'string' && value.length >= Limits.nameMinLength && NAME_CHARACTERS.test(value)
}
