import { usePortico, usePorticoSelector } from '../../react/hooks'
import { en } from '../strings'

/** Every configured network as a button; the active one is marked, a switching one says so. */
export function NetworkList() {
  const portico = usePortico()
  const networks = usePorticoSelector((s) => s.network.networks)
  const active = usePorticoSelector((s) => s.network.activeCaipNetworkId)
  const switchingTo = usePorticoSelector((s) => s.network.switchingTo)
  return (
    <ul className="portico-list" aria-label={en.networks}>
      {networks.map((network) => (
        <li key={network.caipNetworkId}>
          <button
            type="button"
            className="portico-row"
            aria-current={network.caipNetworkId === active ? 'true' : undefined}
            disabled={switchingTo !== undefined}
            // The saga reports failures as a toast; the promise only says when it is done.
            onClick={() => void portico.switchNetwork(network.caipNetworkId).catch(() => undefined)}
          >
            <span className="portico-row-label">{network.name}</span>
            {switchingTo === network.caipNetworkId ? <span className="portico-tag">{en.switching}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  )
}
