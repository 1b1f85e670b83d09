import { useEffect } from 'react'
import type { CaipNetworkId } from '../../types/network'
import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { networkActions } from '../../store/slices/network'
import { Avatar } from '../components/Avatar'
import { Loading } from '../components/StatusMessage'
import { format } from '../strings'
import { useStrings } from '../useStrings'

/**
 * SwitchNetwork: asks the wallet to move to one network and follows the switch: waiting
 * while the network saga runs, done once the active network is the target, and a retry
 * when it ended elsewhere (the saga has shown the reason as a toast).
 */
export function SwitchNetworkView({ caipNetworkId }: { caipNetworkId: CaipNetworkId }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const account = useAccount()
  const network = usePorticoSelector((s) => s.network.networks.find((n) => n.caipNetworkId === caipNetworkId))
  const active = usePorticoSelector((s) => s.network.activeCaipNetworkId)
  const switchingTo = usePorticoSelector((s) => s.network.switchingTo)
  const done = active === caipNetworkId && switchingTo === undefined
  useEffect(() => {
    if (active !== caipNetworkId) dispatch(networkActions.switchRequested({ caipNetworkId }))
    // Once, on arrival: the retry button asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const name = network?.name ?? caipNetworkId
  return (
    <div className="portico-stack portico-center">
      <span className={switchingTo ? 'portico-ring portico-ring-busy' : 'portico-ring'}>
        <Avatar name={name} src={network?.assets?.imageUrl} imageId={network?.assets?.imageId ?? caipNetworkId} kind="asset" size="lg" round />
      </span>
      <p className="portico-strong">{name}</p>
      {done ? (
        <p className="portico-hint" role="status">
          {format(t.switchedTo, { network: name })}
        </p>
      ) : switchingTo === caipNetworkId ? (
        <Loading label={account.connectedWalletInfo ? `${format(t.approveTransactionIn, { name: account.connectedWalletInfo.name })}. ${t.switchNetworkHint}` : t.switchNetworkHint} />
      ) : (
        <>
          <p className="portico-hint">{t.switchNetworkFailed}</p>
          <button type="button" className="portico-primary" onClick={() => dispatch(networkActions.switchRequested({ caipNetworkId }))}>
            {t.tryAgain}
          </button>
        </>
      )}
    </div>
  )
}
