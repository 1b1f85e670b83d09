import { useEffect } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { routerActions } from '../../store/slices/router'
import { Icon } from '../components/Icon'
import { PairingPanel } from '../components/PairingPanel'
import { walletConnectActions } from '../../store/slices/walletConnect'
import { useStrings } from '../useStrings'
import { lazyState } from '../../store/lazyState'

/**
 * SPEC §2 ConnectingWalletConnectBasic: what a dapp with no adapters opens (SPEC §2),
 * the plain WalletConnect pairing with no wallet chosen, and the way to the full list.
 */
export function ConnectingWalletConnectBasicView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const allWallets = usePorticoSelector((s) => s.options.features.allWallets)
  useEffect(() => {
    dispatch(walletConnectActions.connectRequested({}))
  }, [dispatch])
  const uri = usePorticoSelector((s) => lazyState(s, 'walletConnect').uri)
  const error = usePorticoSelector((s) => lazyState(s, 'walletConnect').error)
  return (
    <div className="portico-stack">
      <PairingPanel uri={uri} error={error} title={t.scanWithWallet} hint={t.scanWithWalletHint} onRetry={() => dispatch(walletConnectActions.refreshRequested())} />
      {allWallets ? (
        <button type="button" className="portico-row" onClick={() => dispatch(routerActions.push({ view: 'AllWallets' }))}>
          <span className="portico-avatar portico-avatar-md" aria-hidden="true">
            <Icon name="wallet" />
          </span>
          <span className="portico-row-label">{t.allWallets}</span>
          <Icon name="chevronRight" size={16} />
        </button>
      ) : null}
    </div>
  )
}
