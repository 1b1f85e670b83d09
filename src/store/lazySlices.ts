import type { Action, Reducer } from '@reduxjs/toolkit'
import type { FullPorticoState, PorticoReducer } from './rootReducer'
import { embeddedSlice } from './slices/embedded'
import { namesSlice } from './slices/names'
import { onrampSlice } from './slices/onramp'
import { sendSlice } from './slices/send'
import { siwxSlice } from './slices/siwx'
import { smartAccountSlice } from './slices/smartAccount'
import { swapSlice } from './slices/swap'
import { transactionsSlice } from './slices/transactions'
import { walletConnectSlice } from './slices/walletConnect'

// The reducers of the slices only the processes change (the embedded wallet,
// WalletConnect, the account actions) load with the saga runtime, which injects them into
// its store's reducer with Redux Toolkit's `inject` (rootReducer.ts). This module is in
// the runtime's chunk.

/** `slice` starting where `held` leaves it (a store's state for it is absent until injected). */
function caughtUp<Path extends string, State>({ reducerPath, reducer }: { reducerPath: Path; reducer: Reducer<State> }, held: readonly Action[]) {
  const start = held.reduce(reducer, reducer(undefined, { type: LAZY_SLICES_INJECTED }))
  return { reducerPath, reducer: (state: State = start, action: Action) => reducer(state, action) }
}

/** Applied once the lazy slices are injected, so their state is in the store at once. */
export const LAZY_SLICES_INJECTED = 'portico/lazySlicesInjected'

/**
 * Injects every lazy slice into `reducer`, each starting at the state that `held` (the
 * actions the store applied before) gives it, so an action dispatched before the runtime
 * loaded still reaches its reducer, once. A slice's state is in the store from the next
 * action on (the runtime applies `LAZY_SLICES_INJECTED` at once). Returns the reducer,
 * typed with every slice (a slice added to `LazySlicesState` and not here fails the type).
 */
export function injectLazySlices(reducer: PorticoReducer, held: readonly Action[] = []): Reducer<FullPorticoState> {
  return reducer
    .inject(caughtUp(embeddedSlice, held))
    .inject(caughtUp(namesSlice, held))
    .inject(caughtUp(onrampSlice, held))
    .inject(caughtUp(sendSlice, held))
    .inject(caughtUp(siwxSlice, held))
    .inject(caughtUp(smartAccountSlice, held))
    .inject(caughtUp(swapSlice, held))
    .inject(caughtUp(transactionsSlice, held))
    .inject(caughtUp(walletConnectSlice, held))
}
