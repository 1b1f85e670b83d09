import { useContext, useEffect, useMemo, useRef } from 'react'
import { createDispatchHook, createSelectorHook } from 'react-redux'
import type { Portico, ProviderByNamespace } from '../createPortico'
import type { PorticoEventListener, PorticoEventName } from '../events/types'
import { PorticoError } from '../errors'
import type { PorticoDispatch } from '../store/createStore'
import type { PorticoState } from '../store/rootReducer'
import { selectActiveAccount } from '../store/selectors/account'
import { selectIsNamespaceConnected } from '../store/selectors/connection'
import { selectActiveNetwork } from '../store/slices/network'
import { PorticoInstanceContext, PorticoStoreContext } from './context'

/** Typed selector hook bound to Portico's own store context. */
export const usePorticoSelector = createSelectorHook(PorticoStoreContext).withTypes<PorticoState>()
/** Typed dispatch hook bound to Portico's own store context. */
export const usePorticoDispatch = createDispatchHook(PorticoStoreContext).withTypes<PorticoDispatch>()

/**
 * The Portico instance given to `<PorticoProvider>`.
 *
 * @example
 * const portico = usePortico()
 * <button onClick={() => portico.open({ view: 'Networks' })}>Networks</button>
 */
export function usePortico(): Portico {
  const portico = useContext(PorticoInstanceContext)
  if (!portico) throw new PorticoError({ key: 'usePorticoOutsideProvider' })
  return portico
}

/**
 * The active account (SPEC §3 Account) and its connection status: `reconnecting` from
 * the first render while a connection remembered from the last visit is restored.
 *
 * @example
 * const { address, isConnected } = useAccount()
 */
export function useAccount() {
  const account = usePorticoSelector(selectActiveAccount)
  const namespace = usePorticoSelector((s) => s.account.activeNamespace)
  return useMemo(
    () => ({
      ...account,
      namespace,
      isConnected: account.status === 'connected',
      isConnecting: account.status === 'connecting',
      /** A connection remembered from the last visit is being restored: show neither "Connect" nor an account yet. */
      isReconnecting: account.status === 'reconnecting',
    }),
    [account, namespace],
  )
}

/**
 * The active network, the configured ones, and `switchNetwork`.
 *
 * @example
 * const { network, networks, switchNetwork } = useNetwork()
 */
export function useNetwork() {
  const portico = usePortico()
  const network = usePorticoSelector(selectActiveNetwork)
  const networks = usePorticoSelector((s) => s.network.networks)
  const isUnsupported = usePorticoSelector((s) => s.network.unsupportedCaipNetworkId !== undefined)
  const switchingTo = usePorticoSelector((s) => s.network.switchingTo)
  return useMemo(() => ({ network, networks, isUnsupported, switchingTo, switchNetwork: portico.switchNetwork }), [network, networks, isUnsupported, switchingTo, portico])
}

/**
 * Modal state and controls.
 *
 * @example
 * const { open, isOpen } = useModal()
 */
export function useModal() {
  const portico = usePortico()
  const isOpen = usePorticoSelector((s) => s.modal.open)
  const view = usePorticoSelector((s) => s.router.history[s.router.history.length - 1]?.view ?? 'Connect')
  return useMemo(() => ({ isOpen, view, open: portico.open, close: portico.close }), [isOpen, view, portico])
}

/**
 * The dapp's provider for `namespace` (`portico.getProvider`) while that namespace is
 * connected, `undefined` while it is not; the component re-renders when that changes.
 *
 * @example
 * import { createWalletClient, custom } from 'viem'
 * const provider = useProvider('eip155')
 * const wallet = useMemo(() => provider && createWalletClient({ transport: custom(provider) }), [provider])
 */
export function useProvider<N extends keyof ProviderByNamespace>(namespace: N): ProviderByNamespace[N] | undefined
export function useProvider(namespace: string): unknown
export function useProvider(namespace: string): unknown {
  const portico = usePortico()
  const connected = usePorticoSelector((s) => selectIsNamespaceConnected(s, namespace))
  return useMemo(() => (connected ? portico.getProvider(namespace) : undefined), [connected, portico, namespace])
}

/**
 * Calls `listener` with each `name` event of the Portico instance while the component is
 * mounted (see `portico.on`). The latest `listener` is called, so it may close over state.
 *
 * @example
 * usePorticoEvent('SEND_SUCCESS', ({ hash }) => toast(`Sent: ${hash}`))
 */
export function usePorticoEvent<N extends PorticoEventName>(name: N, listener: PorticoEventListener<N>): void {
  const portico = usePortico()
  const latest = useRef(listener)
  useEffect(() => {
    latest.current = listener
  })
  useEffect(() => portico.on(name, (data, event) => latest.current(data, event)), [portico, name])
}
