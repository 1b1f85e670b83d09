import { useEffect } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { PairingPanel } from '../components/PairingPanel'
import { walletConnectActions } from '../../store/slices/walletConnect'
import { walletLink } from '../format/walletLink'
import { format } from '../strings'
import { useStrings } from '../useStrings'
import { useListing } from './useListing'

/**
 * SPEC §2 ConnectingWalletConnect: a remote-session connection for one listed wallet
 * (or any wallet). Asks the WalletConnect saga (issue 5) for a pairing on arrival;
 * shows the pairing URI to open or copy once the saga has put it in the store.
 */
export function ConnectingWalletConnectView({ walletId }: { walletId?: string | undefined }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const wallet = useListing(walletId)
  useEffect(() => {
    dispatch(walletConnectActions.connectRequested({ walletId }))
  }, [dispatch, walletId])
  const uri = usePorticoSelector((s) => s.walletConnect.uri)
  const error = usePorticoSelector((s) => s.walletConnect.error)
  const isMobile = usePorticoSelector((s) => s.options.isMobile)
  // Deep link into the chosen wallet: its mobile app on a phone, its desktop app elsewhere.
  const base = wallet ? (isMobile ? (wallet.mobile_link ?? wallet.webapp_link) : (wallet.desktop_link ?? wallet.webapp_link)) : null
  const open = uri && base && wallet ? { href: walletLink(base, uri), label: format(t.openWallet, { name: wallet.name }) } : undefined
  return (
    <PairingPanel
      uri={uri}
      error={error}
      open={open}
      title={wallet ? format(t.connecting, { name: wallet.name }) : t.scanWithWallet}
      hint={t.scanWithWalletHint}
      onRetry={() => dispatch(walletConnectActions.refreshRequested())}
    />
  )
}
