import { useAccount } from '../../react/hooks'
import { Avatar } from '../components/Avatar'
import { Icon } from '../components/Icon'
import { OpenWalletLink } from '../components/OpenWalletLink'
import { format } from '../strings'
import { useStrings } from '../useStrings'
import { useWalletOpenLink } from '../useWalletOpenLink'
import { useWalletRelayLost } from '../useWalletRelayLost'

/**
 * SPEC §2 ApproveTransaction: the wallet is asked to approve; the modal cannot be
 * closed meanwhile (SPEC §4: the close saga shakes it instead, unless forced). While a
 * WalletConnect wallet's relay is unreachable it says so instead of spinning: the request
 * waits for the relay, until its expiry (docs/walletconnect.md). On a phone
 * a WalletConnect wallet with a mobile link gets "Open … to approve", which brings its app up.
 */
export function ApproveTransactionView() {
  const t = useStrings()
  const wallet = useAccount().connectedWalletInfo
  const relayLost = useWalletRelayLost()
  // On a phone the wallet is another app: a link brings it up (no new pairing) to approve there.
  const openLink = useWalletOpenLink()
  return (
    <div className="portico-stack portico-center">
      <span className={relayLost ? 'portico-ring' : 'portico-ring portico-ring-busy'}>
        {wallet ? (
          <Avatar name={wallet.name} src={wallet.icon} size="lg" />
        ) : (
          <span className="portico-avatar portico-avatar-lg" aria-hidden="true">
            <Icon name="wallet" size={28} />
          </span>
        )}
      </span>
      {wallet ? <p className="portico-strong">{format(t.approveTransactionIn, { name: wallet.name })}</p> : null}
      <p className={relayLost ? 'portico-error' : 'portico-hint'} role="status" data-testid="portico-approve-status">
        {relayLost ? t.walletRelayReconnecting : t.approveTransactionHint}
      </p>
      {openLink ? <OpenWalletLink link={openLink} className="portico-primary" /> : null}
    </div>
  )
}
