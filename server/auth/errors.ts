/**
 * The embedded-wallet API's errors. Each is an {@link HttpError} with a
 * machine-readable `code` beside the `{ error, message }` every route answers,
 * so the secure page can branch on the code and show the message as is.
 */
import { HttpError } from '../httpErrors'

export type AuthErrorCode =
  | 'INVALID_EMAIL'
  | 'INVALID_PROJECT'
  | 'ORIGIN_NOT_ALLOWED'
  | 'EMAIL_COOLDOWN'
  | 'EMAIL_RATE_LIMITED'
  | 'IP_RATE_LIMITED'
  | 'EMAIL_NOT_SENT'
  | 'OTP_FORMAT'
  | 'OTP_NOT_FOUND'
  | 'OTP_INVALID'
  | 'OTP_EXPIRED'
  | 'OTP_EXHAUSTED'
  | 'EMAIL_UNCHANGED'
  | 'EMAIL_IN_USE'
  | 'UNAUTHORIZED'
  | 'PROJECT_REQUIRED'
  | 'PROJECT_MISMATCH'
  | 'DEVICE_REQUIRED'
  | 'DEVICE_MISMATCH'
  | 'DPOP_REQUIRED'
  | 'DPOP_INVALID'
  | 'DPOP_REPLAYED'
  | 'DEVICE_KEY_MISMATCH'
  | 'SESSION_UNBOUND'
  | 'SESSION_EXPIRED'
  | 'INVALID_PAYLOAD'
  | 'MFA_ALREADY_ENROLLED'
  | 'MFA_NOT_STARTED'
  | 'MFA_NOT_ENROLLED'
  | 'MFA_CODE_INVALID'
  | 'MFA_CODE_USED'
  | 'WALLET_UNAVAILABLE'
  | 'SOCIAL_PROVIDER_UNAVAILABLE'
  | 'LOGIN_RETURN_NOT_ALLOWED'
  | 'LOGIN_NOT_FOUND'
  | 'LOGIN_PENDING'
  | 'LOGIN_FAILED'
  | 'LOGIN_EXPIRED'
  | 'FARCASTER_UNAVAILABLE'
  | 'AUTH_SHARE_NOT_FOUND'
  | 'NOT_CUSTODIAL'
  | 'WALLET_EXISTS'
  | 'ALREADY_MIGRATED'
  | 'RECOVERY_NOT_SET'
  | 'PASSKEY_CEREMONY_NOT_FOUND'
  | 'PASSKEY_REFUSED'
  | 'PASSKEY_UNKNOWN'
  | 'PASSKEY_IN_USE'
  | 'STEP_UP_REQUIRED'
  | 'STEP_UP_NO_EMAIL'
  | 'STEP_UP_NO_PASSKEY'
  | 'SECOND_FACTOR_REQUIRED'
  | 'DEVICE_NOT_FOUND'
  | 'CURRENT_DEVICE'
  | 'DEVICE_CANNOT_SIGN'

export class AuthError extends HttpError {
  override name = 'AuthError'
  constructor(
    statusCode: number,
    title: string,
    readonly code: AuthErrorCode,
    message: string,
    extra: Readonly<Record<string, string | number | boolean>> = {},
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(statusCode, title, message, { code, ...extra }, headers)
  }
}

/** Whole seconds left, never 0 while something is still blocked (SPEC §5 "{n}"). */
export function secondsLeft(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000))
}

/** SPEC §5: "Email login resend is blocked for 30 seconds with the message 'Please try again after {n} seconds'". */
export function cooldownError(retryAfterMs: number): AuthError {
  const n = secondsLeft(retryAfterMs)
  return new AuthError(429, 'Too Many Requests', 'EMAIL_COOLDOWN', `Please try again after ${n} seconds`, { retryAfter: n }, { 'retry-after': String(n) })
}

/** SPEC §8 "Rate-limit error on email login". */
export function rateLimitError(code: 'EMAIL_RATE_LIMITED' | 'IP_RATE_LIMITED', retryAfterMs: number): AuthError {
  const n = secondsLeft(retryAfterMs)
  const what = {
    EMAIL_RATE_LIMITED: 'Too many codes were sent to this email address',
    IP_RATE_LIMITED: 'Too many requests from this network',
  }[code]
  return new AuthError(429, 'Too Many Requests', code, `${what}. Please try again after ${n} seconds`, { retryAfter: n }, { 'retry-after': String(n) })
}

export const invalidEmail = (field = 'email') => new AuthError(400, 'Bad Request', 'INVALID_EMAIL', 'Invalid email', { field })

export const unauthorized = (
  message = 'Sign in again: the session is missing, unknown or signed out',
  code: 'UNAUTHORIZED' | 'PROJECT_REQUIRED' | 'PROJECT_MISMATCH' | 'DEVICE_REQUIRED' | 'DEVICE_MISMATCH' = 'UNAUTHORIZED',
) => new AuthError(401, 'Unauthorized', code, message, {}, { 'www-authenticate': 'Bearer' })

/** A request whose proof of the device key (DPoP, RFC 9449) is missing, invalid, replayed or made with another key. */
export const proofRefused = (code: 'DPOP_REQUIRED' | 'DPOP_INVALID' | 'DPOP_REPLAYED' | 'DEVICE_KEY_MISMATCH' | 'SESSION_UNBOUND', message: string) =>
  new AuthError(401, 'Unauthorized', code, message, {}, { 'www-authenticate': `DPoP algs="ES256", error="${code === 'DPOP_REQUIRED' ? 'invalid_token' : 'invalid_dpop_proof'}"` })

/** SPEC §8 alert "Session Expired". */
export const sessionExpired = () => new AuthError(401, 'Session Expired', 'SESSION_EXPIRED', 'The session has expired; sign in again', {}, { 'www-authenticate': 'Bearer error="invalid_token"' })

export const invalidPayload = (message: string) => new AuthError(400, 'Bad Request', 'INVALID_PAYLOAD', message)
