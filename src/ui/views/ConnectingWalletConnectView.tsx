import { useEffect } from 'react'
import { usePorticoDispatch } from '../../react/hooks'
import { PairingPanel } from '../components/PairingPanel'
import { intents } from '../intents'
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
    dispatch(intents.walletConnectRequested({ walletId }))
  }, [dispatch, walletId])
  // The walletConnect slice (issue 5) holds the pairing URI, its expiry and errors; until it lands there is none.
  const uri: string | undefined = undefined
  return (
    <PairingPanel
      uri={uri}
      title={wallet ? format(t.connecting, { name: wallet.name }) : t.scanWithWallet}
      hint={t.scanWithWalletHint}
      onRetry={() => dispatch(intents.walletConnectRequested({ walletId }))}
    />
  )
}
