/**
 * A user's devices (docs/security.md, "Removing a device"): every browser that signed in
 * has a row in auth_devices (approved by a login code), and under self-custody its own
 * auth share of each wallet in custody_auth_shares. Removing a device deletes its shares
 * and ends its sessions in one transaction, so it can no longer rebuild the key: its
 * device share alone is one share of a 2-of-3 split. The recovery holder's row and the
 * other devices' rows are never touched.
 *
 * Rules of removal:
 * - only a device that holds a share of each of the user's wallets may remove another
 *   (DEVICE_CANNOT_SIGN): whoever only controls the email cannot cut the owner's devices off;
 * - a device does not remove itself (CURRENT_DEVICE): it signs out, and it is removed
 *   from another device, so no one deletes the last share by mistake.
 */
import Bowser from 'bowser'
import { type Kysely } from 'kysely'
import { createCustodyShareStore } from '../db/custodyShares'
import { type DatabaseSchema } from '../db/schema'
import { isoAt, toDate } from '../db/time'
import { DeviceApiCodes, type DeviceSummary } from '../../src/shared/devicesApi'
import { AuthError } from './errors'
import { type Authenticated } from './service'

export interface DeviceServiceOptions {
  db: Kysely<DatabaseSchema>
  /** Epoch milliseconds. Default Date.now. */
  now?: () => number
}

export interface DeviceService {
  /** The user's devices, newest first, the asking one marked `current`. */
  list(auth: Authenticated): Promise<DeviceSummary[]>
  /** Deletes the device's auth shares and ends its sessions; 404 DEVICE_NOT_FOUND, 409 CURRENT_DEVICE, 403 DEVICE_CANNOT_SIGN. */
  remove(auth: Authenticated, id: string): Promise<{ removed: true }>
}

/**
 * @example
 * const devices = createDeviceService({ db })
 * const [first] = await devices.list(auth)
 * await devices.remove(auth, first.id)
 */
export function createDeviceService({ db, now = Date.now }: DeviceServiceOptions): DeviceService {
  return {
    async list({ session, user }) {
      const rows = await db
        .selectFrom('auth_devices')
        .select(['id', 'device_hash', 'user_agent', 'approved_at', 'last_seen_at'])
        .where('user_id', '=', user.id)
        .orderBy('approved_at', 'desc')
        .execute()
      return rows.map((row) => ({
        id: row.id,
        label: deviceLabel(row.user_agent),
        addedAt: toDate(row.approved_at).toISOString(),
        lastUsedAt: toDate(row.last_seen_at).toISOString(),
        current: row.device_hash === session.deviceHash,
      }))
    },

    async remove({ session, user }, id) {
      const device = await db.selectFrom('auth_devices').select(['id', 'device_hash']).where('user_id', '=', user.id).where('id', '=', id).executeTakeFirst()
      if (device === undefined) throw new AuthError(404, 'Not Found', DeviceApiCodes.deviceNotFound, 'No device with this id belongs to this account')
      if (device.device_hash === session.deviceHash) {
        throw new AuthError(409, 'Conflict', DeviceApiCodes.currentDevice, 'This is the device you are using: sign out here, or remove it from another of your devices')
      }
      await requireSigningDevice(db, user.id, session.deviceHash)
      const at = isoAt(now())
      await db.transaction().execute(async (tx) => {
        await createCustodyShareStore(tx).deleteDevice(user.id, device.device_hash)
        await tx.updateTable('auth_sessions').set({ revoked_at: at }).where('user_id', '=', user.id).where('device_hash', '=', device.device_hash).where('revoked_at', 'is', null).execute()
        await tx.deleteFrom('auth_devices').where('id', '=', device.id).execute()
      })
      return { removed: true }
    },
  }
}

/** Refuses a device that lacks a live share of any of the user's self-custody wallets. */
async function requireSigningDevice(db: Kysely<DatabaseSchema>, userId: string, deviceHash: string): Promise<void> {
  const custody = await db.selectFrom('custody_wallets').select(['namespace', 'address']).where('user_id', '=', userId).execute()
  const shares = createCustodyShareStore(db)
  for (const wallet of custody) {
    if ((await shares.findAuthShare(userId, deviceHash, wallet.namespace))?.address !== wallet.address) {
      throw new AuthError(403, 'Forbidden', DeviceApiCodes.deviceCannotSign, 'Only a device that can sign for this wallet can remove another device; recover the wallet on this device first')
    }
  }
}

/** The browser and system of a stored User-Agent ('browser: Mozilla/5.0 …'), e.g. 'Chrome on macOS'. */
export function deviceLabel(stored: string | null): string {
  const agent = stored?.replace(/^browser: /, '') ?? ''
  const parsed = agent === '' ? undefined : Bowser.parse(agent)
  const browser = parsed?.browser.name
  const system = parsed?.os.name
  if (browser === undefined || browser === '') return system ? `Unknown browser on ${system}` : 'Unknown browser'
  return system ? `${browser} on ${system}` : browser
}
