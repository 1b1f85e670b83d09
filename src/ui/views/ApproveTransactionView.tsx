import { WALLET_CONNECT_CONNECTOR_ID } from '../../config/constants'
import { useAccount, usePorticoSelector } from '../../react/hooks'
import { Avatar } from '../components/Avatar'
import { Icon } from '../components/Icon'
import { format } from '../strings'
import { isUniversalLink, walletOpenLink } from '../format/walletLink'
import { useStrings } from '../useStrings'
import { useWalletRelayLost } from '../useWalletRelayLost'
import { useListing } from './useListing'
import { lazyState } from '../../store/lazyState'

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
  const overWalletConnect = wallet?.connectorId === WALLET_CONNECT_CONNECTOR_ID
  const relayLost = useWalletRelayLost()
  // On a phone the wallet is another app: a link brings it up (no new pairing) to approve there.
  const isMobile = usePorticoSelector((s) => s.options.isMobile)
  const listed = useListing(usePorticoSelector((s) => lazyState(s, 'walletConnect').walletId))
  const openLink = isMobile && overWalletConnect && listed?.mobile_link ? walletOpenLink(listed.mobile_link) : undefined
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
      {openLink && listed ? (
        <a className="portico-primary" href={openLink} target={isUniversalLink(openLink) ? '_blank' : undefined} rel="noopener noreferrer">
          {format(t.openToApprove, { name: listed.name })}
        </a>
      ) : null}
    </div>
  )
}
