/**
 * The embedded-wallet auth API between the secure page (`secure/api.ts`, its client) and
 * the reference server (`server/routes/auth.ts`): names both ends must spell the same.
 */

/**
 * The header every authenticated call carries the device id in: a session works only
 * from the device it was opened on (docs/security.md), so a token alone signs nothing.
 */
export const DEVICE_HEADER = 'x-portico-device'

/** The header every call that opens or uses a session carries its proof of the device key in (DPoP, RFC 9449; docs/security.md). */
export const DPOP_HEADER = 'dpop'
