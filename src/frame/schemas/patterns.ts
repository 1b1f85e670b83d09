/** Patterns shared by the schemas and the code that reads messages before validating them. */

/** `crypto.randomUUID()`: a version-4 UUID in lower case. */
export const MESSAGE_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'

/**
 * The same rule as `src/validation/email.ts` (`isEmail`): a dot-atom local part of at
 * most 64 characters, a domain of DNS labels and an alphabetic top-level domain; 254
 * characters in all (the schema's maxLength). A property test keeps the two in agreement.
 */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
export const EMAIL_PATTERN = `^(?=[^@]{1,64}@)${ATEXT}+(?:\\.${ATEXT}+)*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`

/** Project ids, as the server accepts them (server/projects.ts PROJECT_ID_PATTERN). */
export const PROJECT_ID_PATTERN = '^[A-Za-z0-9_-]{1,128}$'
