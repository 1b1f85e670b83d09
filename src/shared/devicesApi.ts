/**
 * The device list of an embedded-wallet user, between the secure page (secure/api.ts)
 * and the reference server (server/routes/devices.ts): paths, codes and shapes both ends
 * must spell the same. A device is a browser that signed in; removing one deletes its
 * auth shares and ends its sessions, so it can no longer rebuild the key (docs/security.md,
 * "Removing a device").
 */

export const DEVICE_PATHS = {
  /** GET → { devices: DeviceSummary[] }: the signed-in user's devices, this one marked `current`. */
  list: '/auth/v1/devices',
  /** POST { id } → { removed: true }: deletes that device's auth shares and ends its sessions. */
  remove: '/auth/v1/devices/remove',
} as const

export const DeviceApiCodes = {
  /** No device with this id belongs to the signed-in user. */
  deviceNotFound: 'DEVICE_NOT_FOUND',
  /** The device asked to remove itself: sign out there, or remove it from another device. */
  currentDevice: 'CURRENT_DEVICE',
  /** The asking device holds no share of the wallet, so it may not remove the devices that do. */
  deviceCannotSign: 'DEVICE_CANNOT_SIGN',
} as const

/** One device as the list shows it. */
export interface DeviceSummary {
  /** Random, made when the device first signed in: names the device in this list only, authenticates nothing. */
  id: string
  /** The browser and system, e.g. 'Chrome on macOS'; 'Unknown browser' when the server could not tell. */
  label: string
  /** ISO-8601: when the device first signed in. */
  addedAt: string
  /** ISO-8601: when it last signed in or rebuilt its key. */
  lastUsedAt: string
  /** The device asking. */
  current: boolean
}

/** A device id as the server makes them (a random UUID). */
export const DEVICE_PUBLIC_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
