import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { connectorsActions } from '../../store/slices/connectors'
import { routerActions } from '../../store/slices/router'
import { Avatar } from '../components/Avatar'
import { Icon } from '../components/Icon'
import { ErrorState } from '../components/StatusMessage'
import { format } from '../strings'
import { useStrings } from '../useStrings'
import { MobileRoutes } from './AllWalletsView'
import { useListing } from './useListing'

/**
 * WalletDetails: one listed wallet and the ways to use it here: connect its browser
 * extension when it is installed (same rdns), pair it over WalletConnect, or open its
 * web or desktop app. On a phone it pairs and opens the wallet's app ("Continue in …"),
 * or, for a wallet with no mobile link, says so and offers the other routes. Shows the configured networks it works on.
 */
export function WalletDetailsView({ walletId }: { walletId: string }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const wallet = useListing(walletId)
  const isMobile = usePorticoSelector((s) => s.options.isMobile)
  const networks = usePorticoSelector((s) => s.network.networks)
  const connector = usePorticoSelector((s) =>
    wallet?.rdns
      ? Object.values(s.connectors.byNamespace)
          .flat()
          .find((c) => c.info?.rdns === wallet.rdns && (c.type === 'ANNOUNCED' || c.type === 'INJECTED'))
      : undefined,
  )
  if (!wallet) return <ErrorState message={t.walletNotFound} onRetry={() => dispatch(routerActions.goBack())} retryLabel={t.back} />
  const supported = networks.filter((n) => wallet.chains.includes(n.caipNetworkId)).map((n) => n.name)
  const links = [wallet.webapp_link ? { href: wallet.webapp_link, label: t.openWebApp } : undefined, wallet.desktop_link ? { href: wallet.desktop_link, label: t.openDesktop } : undefined].filter(
    (l): l is { href: string; label: string } => Boolean(l),
  )
  return (
    <div className="portico-stack">
      <div className="portico-stack portico-center">
        <Avatar name={wallet.name} imageId={wallet.image_id ?? undefined} size="lg" />
        <p className="portico-strong">{wallet.name}</p>
        {supported.length > 0 ? <p className="portico-hint portico-small">{format(t.supportedNetworks, { networks: supported.join(', ') })}</p> : null}
      </div>
      <ul className="portico-list">
        {connector ? (
          <li>
            <button type="button" className="portico-row" onClick={() => dispatch(connectorsActions.connectRequested({ connectorId: connector.id, namespace: connector.chain }))}>
              <span className="portico-avatar portico-avatar-md" aria-hidden="true">
                <Icon name="wallet" />
              </span>
              <span className="portico-row-label">{format(t.connectWith, { name: wallet.name })}</span>
              <span className="portico-tag portico-tag-accent">{t.installed}</span>
            </button>
          </li>
        ) : null}
        {/* On a phone there is nothing to scan: the wallet's app opens with the pairing, when it has a link. */}
        {!isMobile || wallet.mobile_link ? (
          <li>
            <button type="button" className="portico-row" onClick={() => dispatch(routerActions.push({ view: 'ConnectingWalletConnect', params: { walletId } }))}>
              <span className="portico-avatar portico-avatar-md" aria-hidden="true">
                <Icon name={isMobile ? 'external' : 'qr'} />
              </span>
              <span className="portico-row-label">{isMobile ? format(t.continueIn, { name: wallet.name }) : t.useWalletConnect}</span>
              <Icon name="chevronRight" size={16} />
            </button>
          </li>
        ) : null}
        {links.map((link) => (
          <li key={link.label}>
            <a className="portico-row" href={link.href} target="_blank" rel="noopener noreferrer">
              <span className="portico-avatar portico-avatar-md" aria-hidden="true">
                <Icon name="external" />
              </span>
              <span className="portico-row-label">{link.label}</span>
            </a>
          </li>
        ))}
      </ul>
      {isMobile && !wallet.mobile_link ? (
        <>
          <p className="portico-hint" role="status" data-testid="portico-no-mobile-link">
            {format(t.noMobileLink, { name: wallet.name })}
          </p>
          <MobileRoutes />
        </>
      ) : null}
    </div>
  )
}
