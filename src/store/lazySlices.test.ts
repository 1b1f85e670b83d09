import type { Action } from '@reduxjs/toolkit'
import { resolveConfig } from '../config/resolveConfig'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { createStore } from './createStore'
import { injectLazySlices, LAZY_SLICES_INJECTED } from './lazySlices'
import { lazyState, type LazyPath } from './lazyState'
import { embeddedSlice } from './slices/embedded'
import { namesSlice } from './slices/names'
import { onrampSlice } from './slices/onramp'
import { routerActions } from './slices/router'
import { sendSlice } from './slices/send'
import { siwxSlice } from './slices/siwx'
import { smartAccountSlice } from './slices/smartAccount'
import { swapActions, swapSlice } from './slices/swap'
import { transactionsActions, transactionsSlice } from './slices/transactions'
import { walletConnectSlice } from './slices/walletConnect'

// The store starts without the slices whose reducers load with the saga runtime; the
// runtime injects them (Redux Toolkit's combineSlices().inject), each caught up on what
// the store applied meanwhile, and only those slices.

const slices = [embeddedSlice, namesSlice, onrampSlice, sendSlice, siwxSlice, smartAccountSlice, swapSlice, transactionsSlice, walletConnectSlice] as const

function held(store: ReturnType<typeof createStore>) {
  const applied: Action[] = []
  const dispatch = (action: Action) => {
    applied.push(action)
    store.dispatch(action)
  }
  return { applied, dispatch }
}

function store() {
  const { plugin } = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [], address: '0x1' })
  return createStore({ config: resolveConfig({ projectId: 'p', plugins: [plugin], devtools: false }, { defaultPlugins: () => [] }) })
}

it('before the runtime, a lazy slice is absent from the state and reads as its initial state', () => {
  const s = store()
  s.dispatch(swapActions.sourceAmountSet('1.5'))
  for (const slice of slices) {
    const path: LazyPath = slice.reducerPath
    expect(s.getState()[path]).toBeUndefined()
    expect(lazyState(s.getState(), path)).toEqual(slice.getInitialState())
    // The same object each time, so a selector's result stays stable.
    expect(lazyState(s.getState(), path)).toBe(lazyState(s.getState(), path))
  }
})

it('injecting catches the lazy slices up on the held actions once, and leaves the other slices alone', () => {
  const s = store()
  const { applied, dispatch } = held(s)
  dispatch(swapActions.sourceAmountSet('1.5'))
  dispatch(transactionsActions.pendingAdded('0xaa'))
  dispatch(routerActions.push({ view: 'Networks' }))
  const router = s.getState().router
  injectLazySlices(s.reducer, applied)
  s.dispatch({ type: LAZY_SLICES_INJECTED })
  expect(s.getState().swap?.sourceAmount).toBe('1.5')
  expect(s.getState().transactions?.pending).toEqual(['0xaa'])
  for (const slice of slices) expect(s.getState()[slice.reducerPath]).toBeDefined()
  // The router (a slice of the first load) saw the push once, not again.
  expect(s.getState().router).toEqual(router)
  // From now on each action reaches the real reducers directly (the newest pending hash first).
  s.dispatch(transactionsActions.pendingAdded('0xbb'))
  expect(s.getState().transactions?.pending).toEqual(['0xbb', '0xaa'])
})

it('injects into its own store only: another store on the page keeps its lazy slices out until its runtime loads', () => {
  const first = store()
  const second = store()
  injectLazySlices(first.reducer, [swapActions.sourceAmountSet('2')])
  first.dispatch({ type: LAZY_SLICES_INJECTED })
  second.dispatch({ type: LAZY_SLICES_INJECTED })
  expect(first.getState().swap?.sourceAmount).toBe('2')
  expect(second.getState().swap).toBeUndefined()
})
