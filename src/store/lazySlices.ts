import type { Action, Reducer } from '@reduxjs/toolkit'
import type { PorticoState } from './rootReducer'
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
// WalletConnect, the account actions) load with the saga runtime (rootReducer.ts keeps
// stand-ins until then). This module is in the runtime's chunk.

/** The slices the store starts with stand-ins for. */
export const lazySlices = [embeddedSlice, namesSlice, onrampSlice, sendSlice, siwxSlice, smartAccountSlice, swapSlice, transactionsSlice, walletConnectSlice] as const

type LazyPath = (typeof lazySlices)[number]['reducerPath']
type LazyStates = Pick<PorticoState, LazyPath>

const CAUGHT_UP = 'portico/lazySlicesCaughtUp'

/** What loading the lazy slices needs of the store. */
export type LazySliceStore = {
  getState(): PorticoState
  dispatch(action: { type: string; payload: unknown }): unknown
  replaceReducer(reducer: Reducer<PorticoState>): void
}

/**
 * `base` with the lazy slices' real reducers: each action reaches them after `base`.
 * `portico/lazySlicesCaughtUp` sets their state to what replaying the held actions gave.
 */
export function withLazySlices(base: Reducer<PorticoState>): Reducer<PorticoState> {
  return (state, action) => {
    const next = base(state, action)
    if (action.type === CAUGHT_UP) return { ...next, ...(action as Action & { payload: LazyStates }).payload }
    let changed: Partial<LazyStates> | undefined
    for (const slice of lazySlices) {
      const before = next[slice.reducerPath]
      const after = (slice.reducer as Reducer<LazyStates[LazyPath]>)(before, action)
      if (after !== before) (changed ??= {})[slice.reducerPath] = after as never
    }
    return changed ? { ...next, ...changed } : next
  }
}

/**
 * Plugs the real reducers into `store` and brings their state up to date with `held`
 * (the actions the store applied while only the stand-ins answered), in one action.
 */
export function loadLazySlices(store: LazySliceStore, base: Reducer<PorticoState>, held: readonly Action[]): void {
  const state = store.getState()
  const caughtUp = {} as Record<LazyPath, unknown>
  for (const slice of lazySlices) caughtUp[slice.reducerPath] = held.reduce((sliceState, action) => (slice.reducer as Reducer<unknown>)(sliceState, action), state[slice.reducerPath] as unknown)
  store.replaceReducer(withLazySlices(base))
  store.dispatch({ type: CAUGHT_UP, payload: caughtUp })
}
