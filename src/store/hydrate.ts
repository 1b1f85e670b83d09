import type { PorticoState } from './rootReducer'
import { accountSlice } from './slices/account'
import { connectorsActions, connectorsSlice, type RecentWallet } from './slices/connectors'

/**
 * What the last visit left for the first render: the recent wallets and the connector id
 * per namespace the visitor was connected with (nothing else, and never a secret). Plain
 * data, so a server component can hand it to a client component; a server reads it
 * from the request's cookie with `cookieToInitialState`.
 */
export type PorticoInitialState = {
  /** Latest first, at most 2 (SPEC §3). */
  recentWallets: RecentWallet[]
  /** Connector id per namespace the visitor was connected with, restored on load; the namespace shown first. */
  connections: Record<string, string>
}

/**
 * The action that lays `initial` over a store: its connections of namespaces the
 * instance serves start restoring (status `reconnecting`), the others are left out.
 *
 * @example
 * store.dispatch(hydrateAction(store.getState(), { recentWallets: [], connections: { eip155: 'io.metamask' } }))
 */
export function hydrateAction(state: PorticoState, initial: PorticoInitialState) {
  const served = new Set(state.options.namespaces)
  return connectorsActions.hydrated({
    recentWallets: initial.recentWallets,
    connections: Object.fromEntries(Object.entries(initial.connections).filter(([namespace]) => served.has(namespace))),
  })
}

/**
 * The state a server renders for `initial` (undefined: a visitor with nothing
 * remembered), built on `state` with no account or connector of its own: what the
 * browser's first render must reproduce to hydrate without a mismatch.
 *
 * @example
 * serverState(portico.getState(), cookieToInitialState(config, cookieHeader)).account.byNamespace.eip155?.status // 'reconnecting'
 */
export function serverState(state: PorticoState, initial: PorticoInitialState | undefined): PorticoState {
  const fresh: PorticoState = {
    ...state,
    // A server has no browser languages: it rendered the dapp's locale, or English.
    options: state.options.locale === state.options.serverLocale ? state.options : { ...state.options, locale: state.options.serverLocale },
    account: accountSlice.getInitialState(),
    connectors: connectorsSlice.getInitialState(),
  }
  if (!initial) return fresh
  // The slices that reduce `connectorsActions.hydrated`; the lazy ones, when injected, are kept as they are.
  const hydrated = hydrateAction(fresh, initial)
  return { ...fresh, account: accountSlice.reducer(fresh.account, hydrated), connectors: connectorsSlice.reducer(fresh.connectors, hydrated) }
}
