/**
 * The server's custody routes (secure/api.ts) as the keyring calls them: bound to the
 * page's project and current session, bytes decoded, and "nothing there" answers (a
 * device without an auth share, a wallet the server holds no key of) turned into
 * `undefined` rather than errors.
 */
import { ApiError, type SecureApi } from '../api'
import { CustodyApiCodes } from '../../src/shared/custodyApi'
import { fromBase64 } from './bytes'
import type { CustodyCalls } from './keyring'

/** Runs a server call with the current session's token (the frame's `authed`). */
export type WithSession = <T>(run: (token: string) => Promise<T>) => Promise<T>

/** `undefined` when the server answered 404 with `code`; the call's answer otherwise. */
async function unlessNotFound<T>(code: string, call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === code) return undefined
    throw error
  }
}

/**
 * @example
 * const calls = createCustodyCalls(api, 'shop', authed)
 * await calls.authShare('eip155') // { address, authShare } or undefined
 */
/**
 * `recoveryAuthed` runs the calls of a recovery on a new device (reading the recovery,
 * registering the recovered device): the frame passes one that asks for the second factor
 * when the server wants it (secureFrame.ts `withSecondFactor`).
 */
export function createCustodyCalls(api: SecureApi, projectId: string, authed: WithSession, recoveryAuthed: WithSession = authed): CustodyCalls {
  return {
    async authShare(namespace) {
      const found = await unlessNotFound(CustodyApiCodes.authShareNotFound, () => authed((token) => api.getAuthShare(token, projectId, namespace)))
      return found && { address: found.address, authShare: fromBase64(found.authShare), recoverySet: found.recoverySet }
    },
    async registerWallets(wallets) {
      await authed((token) => api.registerWallets(token, projectId, wallets))
    },
    async startMigration(namespace) {
      const released = await unlessNotFound(CustodyApiCodes.notCustodial, () => authed((token) => api.startMigration(token, projectId, namespace)))
      return released && { address: released.address, secret: fromBase64(released.secret) }
    },
    async finishMigration(wallet) {
      await authed((token) => api.finishMigration(token, projectId, wallet))
    },
    async setRecovery(setup) {
      await authed((token) => api.setRecovery(token, projectId, setup))
    },
    async recovery(namespace) {
      const found = await unlessNotFound(CustodyApiCodes.recoveryNotSet, () => recoveryAuthed((token) => api.getRecovery(token, projectId, namespace)))
      return found && { address: found.address, envelope: found.envelope, authShare: fromBase64(found.authShare) }
    },
    async registerRecoveredDevice(wallet) {
      await recoveryAuthed((token) => api.registerRecoveredDevice(token, projectId, wallet))
    },
    async exportShare(namespace) {
      const released = await authed((token) => api.exportShare(token, projectId, namespace))
      return { address: released.address, authShare: fromBase64(released.authShare) }
    },
  }
}
