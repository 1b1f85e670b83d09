import { WALLET_CONNECT_CONNECTOR_ID } from '../config/constants'
import { useAccount, usePorticoSelector } from '../react/hooks'
import { lazyState } from '../store/lazyState'

/**
 * Whether the shown account's wallet is reached over WalletConnect and its relay is out of
 * reach now: a view waiting on that wallet says so ('Connection to your wallet lost,
 * reconnecting…') instead of spinning (issue 33, docs/walletconnect.md).
 *
 * @example
 * const relayLost = useWalletRelayLost()
 */
export function useWalletRelayLost(): boolean {
  const wallet = useAccount().connectedWalletInfo
  const relayDown = usePorticoSelector((s) => !lazyState(s, 'walletConnect').relayConnected)
  return relayDown && wallet?.connectorId === WALLET_CONNECT_CONNECTOR_ID
}
