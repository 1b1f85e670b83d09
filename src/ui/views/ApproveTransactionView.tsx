import { useAccount } from '../../react/hooks'
import { Avatar } from '../components/Avatar'
import { Icon } from '../components/Icon'
import { format } from '../strings'
import { useStrings } from '../useStrings'

/**
 * SPEC §2 ApproveTransaction: the wallet is asked to approve; the modal cannot be
 * closed meanwhile (SPEC §4: the close saga shakes it instead, unless forced).
 */
export function ApproveTransactionView() {
  const t = useStrings()
  const wallet = useAccount().connectedWalletInfo
  return (
    <div className="portico-stack portico-center">
      <span className="portico-ring portico-ring-busy">
        {wallet ? (
          <Avatar name={wallet.name} src={wallet.icon} size="lg" />
        ) : (
          <span className="portico-avatar portico-avatar-lg" aria-hidden="true">
            <Icon name="wallet" size={28} />
          </span>
        )}
      </span>
      {wallet ? <p className="portico-strong">{format(t.approveTransactionIn, { name: wallet.name })}</p> : null}
      <p className="portico-hint" role="status">
        {t.approveTransactionHint}
      </p>
    </div>
  )
}
