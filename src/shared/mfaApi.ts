/**
 * The second-factor API (server/routes/mfa.ts), shared by the server and the secure page:
 * an authenticator app (TOTP, RFC 6238) enrolled per user.
 *
 * | Route | Body | Answer |
 * |---|---|---|
 * | GET /auth/v1/mfa | - | { totp: 'none' \| 'pending' \| 'enrolled' } |
 * | POST /auth/v1/mfa/totp/enrol | {} | { secret, uri } (a new secret; 409 MFA_ALREADY_ENROLLED when one is confirmed) |
 * | POST /auth/v1/mfa/totp/confirm | { code } | { totp: 'enrolled' } |
 * | POST /auth/v1/mfa/totp/remove | { code } | { totp: 'none' } |
 */
export const MFA_PATHS = {
  status: '/auth/v1/mfa',
  totpEnrol: '/auth/v1/mfa/totp/enrol',
  totpConfirm: '/auth/v1/mfa/totp/confirm',
  totpRemove: '/auth/v1/mfa/totp/remove',
} as const

/** Where the user's authenticator app stands: none, a secret waiting for its first code, or confirmed. */
export type TotpStatus = 'none' | 'pending' | 'enrolled'

/** An authenticator app's code: 6 digits, a new one every {@link TOTP_PERIOD_SECONDS}. */
export const TOTP_CODE_PATTERN = /^[0-9]{6}$/
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
