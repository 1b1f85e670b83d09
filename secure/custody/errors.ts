/**
 * The typed errors of the custody modules: a ReplyError (the secure page's own error type;
 * secure/ may not import src/errors, DESIGN.md layers) whose `code` names what went wrong,
 * so the frame can answer each case (ask for the password again, start recovery, report a
 * corrupted record) without reading English, and forward it to the app as is.
 */
import { ReplyError } from '../replyError'

export const CustodyErrorCodes = {
  /** Fewer than two distinct shares, or shares that are not Shamir shares at all. */
  notEnoughShares: 'CUSTODY_NOT_ENOUGH_SHARES',
  /** The rebuilt key does not give the wallet's address / public key. */
  shareMismatch: 'CUSTODY_SHARE_MISMATCH',
  /** The password or passkey PRF output does not open the recovery envelope. */
  wrongRecoverySecret: 'CUSTODY_WRONG_RECOVERY_SECRET',
  /** The envelope opened with the right secret but its ciphertext was altered. */
  recoveryTampered: 'CUSTODY_RECOVERY_TAMPERED',
  /** The envelope is not one this code reads (unknown version or KDF, weak parameters, bad encoding). */
  recoveryUnsupported: 'CUSTODY_RECOVERY_UNSUPPORTED',
  /** The stored device share does not decrypt under the stored device key. */
  deviceShareUnreadable: 'CUSTODY_DEVICE_SHARE_UNREADABLE',
  /** This device cannot rebuild the wallet's key (no device share here, or the server gave it no auth share). */
  noDeviceKey: 'CUSTODY_NO_DEVICE_KEY',
  /** The server holds no recovery envelope of the wallet (RECOVERY_NOT_SET). */
  recoveryNotSet: 'CUSTODY_RECOVERY_NOT_SET',
} as const

export type CustodyErrorCode = (typeof CustodyErrorCodes)[keyof typeof CustodyErrorCodes]

export class CustodyError extends ReplyError {
  override name = 'CustodyError'
  constructor(
    override readonly code: CustodyErrorCode,
    message: string,
  ) {
    super(message, code)
  }
}
