import { WALLET_CONNECT_CONNECTOR_ID } from '../config/constants'
import { useAccount, usePorticoSelector } from '../react/hooks'
import { lazyState } from '../store/lazyState'
import { walletOpenLink } from './format/walletLink'
import { useListing } from './views/useListing'

/**
 * On a phone, a wallet connected over WalletConnect is another app: the link that brings
 * it up (its mobile link, no new pairing) to approve a request there, with its listed
 * name; undefined on a desktop, for another connector, or a wallet without a mobile link.
 */
export function useWalletOpenLink(): { url: string; name: string } | undefined {
  const wallet = useAccount().connectedWalletInfo
  const isMobile = usePorticoSelector((s) => s.options.isMobile)
  const listed = useListing(usePorticoSelector((s) => lazyState(s, 'walletConnect').walletId))
  if (!isMobile || wallet?.connectorId !== WALLET_CONNECT_CONNECTOR_ID || !listed?.mobile_link) return undefined
  return { url: walletOpenLink(listed.mobile_link), name: listed.name }
}
