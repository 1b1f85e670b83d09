import { useAccount, usePortico, usePorticoDispatch } from '../../react/hooks'
import { usePorticoSelector } from '../../react/hooks'
import { selectActiveNetwork } from '../../store/slices/network'
import { routerActions } from '../../store/slices/router'
import { truncateAddress } from '../format/truncateAddress'
import { en } from '../strings'

/** SPEC §2 Account: who is connected, on which network, and the way out. */
export function AccountView() {
  const account = useAccount()
  const portico = usePortico()
  const dispatch = usePorticoDispatch()
  const network = usePorticoSelector(selectActiveNetwork)
  return (
    <div className="portico-stack portico-center">
      <span className="portico-avatar portico-avatar-large" aria-hidden="true">
        {account.profileImage ? <img src={account.profileImage} alt="" /> : (account.address ?? '?').slice(2, 4)}
      </span>
      <p className="portico-strong" data-testid="portico-account-address" title={account.address}>
        {account.profileName ?? truncateAddress(account.address ?? '')}
      </p>
      {account.balance !== undefined ? (
        <p className="portico-hint">
          {account.balance} {account.balanceSymbol}
        </p>
      ) : null}
      <button type="button" className="portico-row" onClick={() => dispatch(routerActions.push({ view: 'Networks' }))}>
        <span className="portico-row-label">{network?.name ?? en.selectNetwork}</span>
      </button>
      <button type="button" className="portico-row" onClick={() => void portico.disconnect().catch(() => undefined)}>
        <span className="portico-row-label">{en.disconnect}</span>
      </button>
    </div>
  )
}
