import type { LazySlicesState, PorticoState } from './rootReducer'
import {
  initialEmbeddedState,
  initialNamesState,
  initialOnrampState,
  initialSendState,
  initialSiwxState,
  initialSmartAccountState,
  initialSwapState,
  initialTransactionsState,
  initialWalletConnectState,
} from './slices/lazyInitialStates'

/** The key of a slice the saga runtime injects (rootReducer.ts `LazySlicesState`). */
export type LazyPath = keyof LazySlicesState

const initialStates: LazySlicesState = {
  embedded: initialEmbeddedState,
  names: initialNamesState,
  onramp: initialOnrampState,
  send: initialSendState,
  siwx: initialSiwxState,
  smartAccount: initialSmartAccountState,
  swap: initialSwapState,
  transactions: initialTransactionsState,
  walletConnect: initialWalletConnectState,
}

/**
 * A lazy slice's state: the store's once the runtime has injected the slice, its initial
 * state before (the same object each time, so a selector's result stays stable).
 *
 * @example
 * const pending = usePorticoSelector((s) => lazyState(s, 'embedded').pending)
 */
export function lazyState<Path extends LazyPath>(state: PorticoState, path: Path): LazySlicesState[Path] {
  return (state[path] as LazySlicesState[Path] | undefined) ?? initialStates[path]
}
