import { useEffect } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { routerActions } from '../../store/slices/router'
import { Icon } from '../components/Icon'
import { PairingPanel } from '../components/PairingPanel'
import { intents } from '../intents'
import { useStrings } from '../useStrings'

/**
 * SPEC §2 ConnectingWalletConnectBasic: what a dapp with no adapters opens (SPEC §2),
 * the plain WalletConnect pairing with no wallet chosen, and the way to the full list.
 */
export function ConnectingWalletConnectBasicView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const allWallets = usePorticoSelector((s) => s.options.features.allWallets)
  useEffect(() => {
    dispatch(intents.walletConnectRequested({}))
  }, [dispatch])
  // The walletConnect slice (issue 5) holds the pairing URI; until it lands there is none.
  const uri: string | undefined = undefined
  return (
    <div className="portico-stack">
      <PairingPanel uri={uri} title={t.scanWithWallet} hint={t.scanWithWalletHint} onRetry={() => dispatch(intents.walletConnectRequested({}))} />
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
