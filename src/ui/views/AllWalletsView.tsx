import { createSelector } from '@reduxjs/toolkit'
import { useEffect, useRef } from 'react'
import { Limits } from '../../config/constants'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import type { PorticoState } from '../../store/rootReducer'
import { connectorsActions } from '../../store/slices/connectors'
import { routerActions } from '../../store/slices/router'
import { walletsActions } from '../../store/slices/wallets'
import type { WalletListing } from '../../types/walletListing'
import { Avatar } from '../components/Avatar'
import { Icon } from '../components/Icon'
import { LegalCheckbox, selectLegalBlocked, useLegalHintId } from '../components/LegalCheckbox'
import { EmptyState, ErrorState, Loading } from '../components/StatusMessage'
import { format, translate } from '../strings'
import { useStrings } from '../useStrings'

/** A discovered connector backing a listed wallet (same rdns), so it connects right away. */
const selectConnectorsByRdns = (s: PorticoState) => s.connectors.byNamespace

/** The wallets found in the page (injected, EIP-6963, Wallet Standard): in a wallet's in-app browser, that wallet. */
const selectPageWallets = createSelector([(s: PorticoState) => s.connectors.byNamespace], (byNamespace) =>
  Object.values(byNamespace)
    .flat()
    .filter((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED'),
)

/**
 * On a phone the modal opens here (SPEC §2), so the other routes start here too: the
 * wallets found in the page first, each connecting in one tap (inside a wallet's in-app
 * browser that is the wallet itself), then the way to email, social login and
 * WalletConnect, which the Connect view holds.
 */
export function MobileRoutes() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const pageWallets = usePorticoSelector(selectPageWallets)
  return (
    <ul className="portico-list" data-testid="portico-mobile-routes">
      {pageWallets.map((connector) => (
        <li key={`${connector.chain}:${connector.id}`}>
          <button type="button" className="portico-row" onClick={() => dispatch(connectorsActions.connectRequested({ connectorId: connector.id, namespace: connector.chain }))}>
            <Avatar name={connector.name} src={connector.imageUrl} />
            <span className="portico-row-label">{format(t.connectWith, { name: connector.name })}</span>
            <span className="portico-tag portico-tag-accent">{t.installed}</span>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="portico-row" onClick={() => dispatch(routerActions.push({ view: 'Connect' }))}>
          <span className="portico-avatar portico-avatar-md" aria-hidden="true">
            <Icon name="wallet" />
          </span>
          <span className="portico-row-label">{t.otherWaysToConnect}</span>
          <Icon name="chevronRight" size={16} />
        </button>
      </li>
    </ul>
  )
}

/**
 * SPEC §2 AllWallets: the full wallet list, 40 a page (SPEC §9) with "Load more" and
 * infinite scroll, and a search field whose queries go to the search saga (which keeps
 * each answer at least 300 ms, SPEC §9).
 */
export function AllWalletsView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const query = usePorticoSelector((s) => s.wallets.search.query)
  const status = usePorticoSelector((s) => s.wallets.status)
  const page = usePorticoSelector((s) => s.wallets.page)
  const blocked = usePorticoSelector(selectLegalBlocked)
  const hintId = useLegalHintId()
  const isMobile = usePorticoSelector((s) => s.options.isMobile)
  useEffect(() => {
    // First visit: ask for page 1. Later visits keep the pages already loaded.
    if (page === 0 && status !== 'loading') dispatch(walletsActions.pageRequested({ page: 1 }))
    // Only on mount: a failed first page offers its own retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <div className="portico-stack">
      {/* On mobile the modal opens here, not on Connect: the agreement is asked here too. */}
      <LegalCheckbox hintId={hintId} />
      {isMobile ? (
        <fieldset className="portico-fieldset" disabled={blocked} aria-describedby={blocked ? hintId : undefined}>
          <MobileRoutes />
        </fieldset>
      ) : null}
      <div className="portico-search">
        <Icon name="search" size={16} />
        <label htmlFor="portico-wallet-search" className="portico-visually-hidden">
          {t.searchWallets}
        </label>
        <input
          id="portico-wallet-search"
          type="search"
          className="portico-input"
          placeholder={t.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          value={query}
          data-autofocus
          onChange={(event) => dispatch(walletsActions.searchRequested({ query: event.target.value }))}
        />
      </div>
      <fieldset className="portico-fieldset portico-stack" disabled={blocked} aria-describedby={blocked ? hintId : undefined}>
        {query.trim() ? <SearchResults /> : <WalletPages />}
      </fieldset>
    </div>
  )
}

function WalletPages() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const { list, page, count, status, error } = usePorticoSelector((s) => s.wallets)
  const hasMore = list.length < count
  const sentinel = useRef<HTMLDivElement>(null)
  const next = () => dispatch(walletsActions.pageRequested({ page: page + 1 }))

  // Infinite scroll: the sentinel under the grid asks for the next page as it comes into view.
  useEffect(() => {
    const target = sentinel.current
    if (!target || !hasMore || status !== 'loaded' || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) dispatch(walletsActions.pageRequested({ page: page + 1 }))
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [dispatch, hasMore, page, status])

  if (list.length === 0) {
    if (status === 'error') return <ErrorState message={error ? translate(t, error) : ''} onRetry={() => dispatch(walletsActions.pageRequested({ page: 1 }))} />
    if (status === 'loaded') return <EmptyState message={t.noWallets} />
    return <Loading label={t.loadingWallets} />
  }
  return (
    <>
      <p className="portico-hint portico-small" aria-live="polite">
        {format(t.walletsShown, { shown: list.length, count })}
      </p>
      <WalletGrid wallets={list} />
      <div ref={sentinel} className="portico-sentinel" />
      {status === 'loading' ? <Loading label={t.loadingWallets} compact /> : null}
      {status === 'error' ? <ErrorState message={error ? translate(t, error) : ''} onRetry={next} /> : null}
      {hasMore && status === 'loaded' ? (
        <button type="button" className="portico-secondary portico-wide" onClick={next}>
          {t.loadMore}
        </button>
      ) : null}
    </>
  )
}

function SearchResults() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const { query, results, status, error } = usePorticoSelector((s) => s.wallets.search)
  if (status === 'loading' || status === 'idle') return <Loading label={t.searching} />
  if (status === 'error') return <ErrorState message={error ? translate(t, error) : ''} onRetry={() => dispatch(walletsActions.searchRequested({ query }))} />
  if (results.length === 0) return <EmptyState message={format(t.noWalletsFound, { query: query.trim() })} />
  return <WalletGrid wallets={results.slice(0, Limits.walletSearchEntries)} />
}

function WalletGrid({ wallets }: { wallets: readonly WalletListing[] }) {
  const dispatch = usePorticoDispatch()
  const byNamespace = usePorticoSelector(selectConnectorsByRdns)
  const isMobile = usePorticoSelector((s) => s.options.isMobile)
  const choose = (wallet: WalletListing) => {
    const connector = wallet.rdns
      ? Object.values(byNamespace)
          .flat()
          .find((c) => c.info?.rdns === wallet.rdns && (c.type === 'ANNOUNCED' || c.type === 'INJECTED'))
      : undefined
    if (connector) dispatch(connectorsActions.connectRequested({ connectorId: connector.id, namespace: connector.chain }))
    // On a phone a tap pairs over WalletConnect and opens the wallet's app with the URI.
    else if (isMobile && wallet.mobile_link) dispatch(routerActions.push({ view: 'ConnectingWalletConnect', params: { walletId: wallet.id } }))
    else dispatch(routerActions.push({ view: 'WalletDetails', params: { walletId: wallet.id } }))
  }
  return (
    <ul className="portico-grid" data-testid="portico-wallet-grid">
      {wallets.map((wallet) => (
        <li key={wallet.id}>
          <button type="button" className="portico-tile" onClick={() => choose(wallet)}>
            <Avatar name={wallet.name} imageId={wallet.image_id ?? undefined} size="lg" />
            <span className="portico-tile-label">{wallet.name}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
