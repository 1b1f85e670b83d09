import type { ConnectorType } from '../types/connector'
import type { CaipNetworkId } from '../types/network'
import type { ErrorRecord } from '../errors/record'

/**
 * An error event's data: the store's record of the error (`code`, such as 4001 when the
 * visitor refused in the wallet; the catalogue `key` and its `params`) and its English
 * sentence as `message`.
 */
export type ErrorEventData = ErrorRecord & { message: string }

/**
 * What happened in Portico, for the dapp (`portico.on`, `usePorticoEvent`). Names follow
 * AppKit's event list (MODAL_OPEN, CONNECT_SUCCESS ...) so analytics carry over; each
 * event's data is plain, serialisable data.
 */
export type PorticoEventMap = {
  /** The modal opened, on `view`. */
  MODAL_OPEN: { view: string; connected: boolean }
  /** The modal closed. */
  MODAL_CLOSE: { connected: boolean }
  /**
   * A namespace connected: through the modal, `portico/wagmi`, or restored after a reload
   * (`reconnected: true`).
   */
  CONNECT_SUCCESS: {
    namespace: string
    address: string
    caipNetworkId: CaipNetworkId
    connector: { id: string; name: string; type: ConnectorType }
    reconnected: boolean
  }
  /** A connection attempt failed (wallet refused, pairing failed, login failed). */
  CONNECT_ERROR: ErrorEventData & { method: 'wallet' | 'walletConnect' | 'embedded' }
  /** A namespace disconnected (by the visitor, the dapp or the wallet). */
  DISCONNECT_SUCCESS: { namespace: string }
  /** The connected wallet moved to another account (in the wallet, or the account type in the modal). */
  ACCOUNT_CHANGED: { namespace: string; address: string; caipNetworkId: CaipNetworkId }
  /** The active network changed. */
  SWITCH_NETWORK: { caipNetworkId: CaipNetworkId; previous: CaipNetworkId | undefined }
  /** The Send view's transaction was accepted by the wallet. */
  SEND_SUCCESS: { hash: string; caipNetworkId: CaipNetworkId | undefined; amount: string | undefined; token: string | undefined; receiver: string | undefined }
  /** The Send view's transaction failed or was refused. */
  SEND_ERROR: ErrorEventData
  /** The visitor signed in with SIWX / SIWE. */
  SIWX_AUTH_SUCCESS: { address: string; chainId: string }
}

export type PorticoEventName = keyof PorticoEventMap

/** One event: its name and its data, discriminated by `name`. */
export type PorticoEvent = { [N in PorticoEventName]: { name: N; data: PorticoEventMap[N] } }[PorticoEventName]

export type PorticoEventListener<N extends PorticoEventName> = (data: PorticoEventMap[N], event: Extract<PorticoEvent, { name: N }>) => void

/** Every event's name, for iterating (tests, analytics). */
export const PorticoEventNames = [
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'DISCONNECT_SUCCESS',
  'ACCOUNT_CHANGED',
  'SWITCH_NETWORK',
  'SEND_SUCCESS',
  'SEND_ERROR',
  'SIWX_AUTH_SUCCESS',
] as const satisfies readonly PorticoEventName[]
