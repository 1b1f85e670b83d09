/**
 * The second-factor API (server/routes/mfa.ts), shared by the server and the secure page:
 * an authenticator app (TOTP, RFC 6238) and/or a passkey enrolled per user as a second
 * factor. Once either is enrolled, a fresh proof by one of them (a step-up,
 * custodyApi.ts STEP_UP_PATHS) is required for key export, recovery on a new device,
 * adding or removing a device, and changing the email (SECOND_FACTOR_REQUIRED).
 *
 * | Route | Body | Answer |
 * |---|---|---|
 * | GET /auth/v1/mfa | - | MfaStatus |
 * | POST /auth/v1/mfa/totp/enrol | {} | { secret, uri } (a new secret; 409 MFA_ALREADY_ENROLLED when one is confirmed) |
 * | POST /auth/v1/mfa/totp/confirm | { code } | { totp: 'enrolled' } |
 * | POST /auth/v1/mfa/totp/remove | { code } | { totp: 'none' } |
 * | POST /auth/v1/mfa/passkey/enrol | {} | { passkey: 'enrolled' } (after a step-up by passkey) |
 * | POST /auth/v1/mfa/passkey/remove | {} | { passkey: 'none' } (after a step-up by a second factor) |
 */
export const MFA_PATHS = {
  status: '/auth/v1/mfa',
  totpEnrol: '/auth/v1/mfa/totp/enrol',
  totpConfirm: '/auth/v1/mfa/totp/confirm',
  totpRemove: '/auth/v1/mfa/totp/remove',
  passkeyEnrol: '/auth/v1/mfa/passkey/enrol',
  passkeyRemove: '/auth/v1/mfa/passkey/remove',
} as const

/** The factors that count as a second factor once enrolled. */
export type SecondFactor = 'totp' | 'passkey'

/** Where the user's second factors stand; `passkeys` is how many passkeys they have (one is needed to enrol the passkey). */
export interface MfaStatus {
  totp: TotpStatus
  passkey: 'none' | 'enrolled'
  passkeys: number
}

/** The refusal of an action that needs a fresh proof of an enrolled second factor. */
export const SECOND_FACTOR_REQUIRED = 'SECOND_FACTOR_REQUIRED'

/** Where the user's authenticator app stands: none, a secret waiting for its first code, or confirmed. */
export type TotpStatus = 'none' | 'pending' | 'enrolled'

/** An authenticator app's code: 6 digits, a new one every {@link TOTP_PERIOD_SECONDS}. */
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
