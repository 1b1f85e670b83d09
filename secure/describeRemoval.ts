/**
 * What the frame's confirmation says before a device is removed (REMOVE_DEVICE): which
 * device, from the server's list, and what removal means. The approval prompt
 * (approval.ts) shows it under the same rules as a signature.
 */
import type { FrameDevice } from '../src/frame/protocol'
import type { ApprovalDetails } from './describeRequest'

export const REMOVE_DEVICE_WARNING = 'It will no longer be able to sign: its key share is deleted and its sessions end now. To use the wallet there again, sign in and enter your recovery password.'

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * @example
 * describeRemoval({ id, label: 'Chrome on macOS', addedAt, lastUsedAt, current: false })
 * // { sections: [{ fields: [{ label: 'Device', value: 'Chrome on macOS' }, …] }], warnings: [REMOVE_DEVICE_WARNING] }
 */
export function describeRemoval(device: FrameDevice): ApprovalDetails {
  return {
    sections: [
      {
        fields: [
          { label: 'Device', value: device.label },
          { label: 'Added', value: when(device.addedAt) },
          { label: 'Last used', value: when(device.lastUsedAt) },
        ],
      },
    ],
    warnings: [REMOVE_DEVICE_WARNING],
  }
}
