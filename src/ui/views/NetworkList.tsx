import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { networkActions } from '../../store/slices/network'
import { Avatar } from '../components/Avatar'
import { Icon } from '../components/Icon'
import { EmptyState } from '../components/StatusMessage'
import { useStrings } from '../useStrings'

/**
 * Every configured network as a button; the active one is marked (aria-current), the
 * one a switch is under way to says so, and the others wait while a switch runs. The
 * network saga switches through the connected wallet and reports failures as a toast.
 */
export function NetworkList() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const networks = usePorticoSelector((s) => s.network.networks)
  const active = usePorticoSelector((s) => s.network.activeCaipNetworkId)
  const unsupported = usePorticoSelector((s) => s.network.unsupportedCaipNetworkId)
  const switchingTo = usePorticoSelector((s) => s.network.switchingTo)
  if (networks.length === 0) return <EmptyState message={t.noNetworks} />
  return (
    <ul className="portico-list" aria-label={t.networks}>
      {networks.map((network) => {
        const current = network.caipNetworkId === active && !unsupported
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="portico-row"
              aria-current={current ? 'true' : undefined}
              disabled={switchingTo !== undefined}
              onClick={() => dispatch(networkActions.switchRequested({ caipNetworkId: network.caipNetworkId }))}
            >
              <Avatar name={network.name} src={network.assets?.imageUrl} imageId={network.assets?.imageId ?? network.caipNetworkId} kind="asset" round />
              <span className="portico-row-label">{network.name}</span>
              {switchingTo === network.caipNetworkId ? (
                <span className="portico-tag" role="status">
                  <span className="portico-spinner" aria-hidden="true" /> {t.switching}
                </span>
              ) : current ? (
                <Icon name="check" size={16} className="portico-accent-text" />
              ) : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
