import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { selectIsConnected } from '../../store/selectors/account'
import { connectorsActions } from '../../store/slices/connectors'
import { Icon } from '../components/Icon'
import { useStrings } from '../useStrings'
import { NetworkList } from './NetworkList'

/** SPEC §2 UnsupportedChain: the wallet is on a network the dapp does not offer (SPEC §4). */
export function UnsupportedChainView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const unsupported = usePorticoSelector((s) => s.network.unsupportedCaipNetworkId)
  const connected = usePorticoSelector(selectIsConnected)
  return (
    <div className="portico-stack">
      <p className="portico-notice" role="status">
        <Icon name="alert" size={16} />
        <span>
          {t.unsupportedChainHint}
          {unsupported ? <code className="portico-code"> {unsupported}</code> : null}
        </span>
      </p>
      <NetworkList />
      {connected ? (
        <button type="button" className="portico-row" onClick={() => dispatch(connectorsActions.disconnectRequested())}>
          <span className="portico-avatar portico-avatar-md" aria-hidden="true">
            <Icon name="disconnect" />
          </span>
          <span className="portico-row-label">{t.disconnect}</span>
        </button>
      ) : null}
    </div>
  )
}
