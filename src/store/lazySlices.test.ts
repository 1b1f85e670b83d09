import type { Action } from '@reduxjs/toolkit'
import { resolveConfig } from '../config/resolveConfig'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { createStore } from './createStore'
import { lazySlices, loadLazySlices } from './lazySlices'
import { rootReducer } from './rootReducer'
import { routerActions } from './slices/router'
import { swapActions } from './slices/swap'
import { transactionsActions, transactionsSlice } from './slices/transactions'

// The store starts with stand-ins for the slices whose reducers load with the saga
// runtime; loading them replays what the store applied meanwhile into those slices only.

function held(store: ReturnType<typeof createStore>) {
  const applied: Action[] = []
  const dispatch = (action: Action) => {
    applied.push(action)
    store.dispatch(action)
  }
  return { applied, dispatch }
}

function storeParameters() {
  const { plugin } = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [], address: '0x1' })
  return { config: resolveConfig({ projectId: 'p', plugins: [plugin], devtools: false }, { defaultPlugins: () => [] }) }
}

const store = () => createStore(storeParameters())

it('starts every lazy slice at its initial state, and the stand-ins leave it as it is', () => {
  const s = store()
  const initial = s.getState()
  for (const slice of lazySlices) expect(initial[slice.reducerPath]).toEqual(slice.getInitialState())
  s.dispatch(swapActions.sourceAmountSet('1.5'))
  expect(s.getState().swap).toBe(initial.swap)
})

it('loading catches the lazy slices up on the held actions once, and leaves the other slices alone', () => {
  const s = store()
  const { applied, dispatch } = held(s)
  dispatch(swapActions.sourceAmountSet('1.5'))
  dispatch(transactionsActions.pendingAdded('0xaa'))
  dispatch(routerActions.push({ view: 'Networks' }))
  const router = s.getState().router
  loadLazySlices(s, rootReducer, applied)
  expect(s.getState().swap.sourceAmount).toBe('1.5')
  expect(s.getState().transactions.pending).toEqual(['0xaa'])
  // The router (a slice of the first load) saw the push once, not again.
  expect(s.getState().router).toEqual(router)
  // From now on each action reaches the real reducers directly (the newest pending hash first).
  s.dispatch(transactionsActions.pendingAdded('0xbb'))
  expect(s.getState().transactions.pending).toEqual(['0xbb', '0xaa'])
})

it('a state the lazy slices had before loading (a preloaded one) is where the replay starts', () => {
  const s = createStore({ ...storeParameters(), preloadedState: { transactions: { ...transactionsSlice.getInitialState(), pending: ['0x01'] } } })
  loadLazySlices(s, rootReducer, [transactionsActions.pendingAdded('0x02')])
  expect(s.getState().transactions.pending).toEqual(['0x02', '0x01'])
})
