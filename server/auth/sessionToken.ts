/**
 * Session tokens and device ids. A token is 256 random bits, stored as an
 * HMAC under a secret derived from the master key: a leaked table cannot be
 * turned back into tokens, and write access to the database alone cannot mint
 * a session (whoever could compute the stored value could sign as any user).
 * The device id is chosen by the secure page; it is hashed too, so a leaked
 * table does not hand out ids that would skip the new-device step.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'

/** `pts_` marks a Portico session token for secret scanners and logs. */
export const SESSION_TOKEN_PREFIX = 'pts_'
export const SESSION_TOKEN_PATTERN = /^pts_[A-Za-z0-9_-]{43}$/

/** @example generateSessionToken() // 'pts_q9Vx…' (47 characters) */
export function generateSessionToken(): string {
  return `${SESSION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
}

/** @example hashSessionToken(keyring.derive('session-token/1'), token) */
export function hashSessionToken(secret: Uint8Array, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex')
}

/** What the secure page may send as its device id: e.g. crypto.randomUUID(). */
export const DEVICE_ID_PATTERN = '^[A-Za-z0-9_-]{16,128}$'

export function hashDeviceId(deviceId: string): string {
  return createHash('sha256').update(`portico/device/1:${deviceId}`).digest('hex')
}
