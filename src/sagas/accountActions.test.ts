import { configureStore, type Action } from '@reduxjs/toolkit'
import createSagaMiddleware, { runSaga, type Saga, type SagaMonitor } from 'redux-saga'
import { resolveConfig } from '../config/resolveConfig'
import { createFullStore } from '../test/fullStore'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { testSagaContext } from '../test/sagaContext'
import { accountActions } from '../store/slices/account'
import { modalActions } from '../store/slices/modal'
import { routerActions } from '../store/slices/router'
import { swapActions } from '../store/slices/swap'
import { transactionsActions } from '../store/slices/transactions'
import { accountActionsSaga } from './accountActions'
import type { SagaContext } from './context'
import { lazySaga } from './lazySaga'
import { ACCOUNT_ACTION_SLICES, isAccountAction } from './rootSaga'

// The root saga starts the account actions on the first action of their slices
// (isAccountAction, made from the slices' action creators); an action their watchers wait
// for that it misses would be lost when dispatched before the chunk loads. So: every
// pattern they take when they start is a trigger, and every action of those slices loads
// the chunk.

it('every action the account-action sagas wait for when they start is a trigger', () => {
  const fake = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
  // SIWX on, so its watchers start too.
  const siwx = { getNonce: async () => 'n', verifyMessage: async () => true, getSession: async () => null, signOut: async () => {}, getMessageParams: async () => ({ domain: 'd', uri: 'https://d' }) }
  const config = resolveConfig({ projectId: 'p', plugins: [fake.plugin], devtools: false, siwx }, { defaultPlugins: () => [] })
  const context = testSagaContext(config, fake.plugin)
  const store = createFullStore({ config })
  const taken = new Set<string>()
  const sagaMonitor: SagaMonitor = {
    effectTriggered: ({ effect }) => {
      const { type, payload } = (effect ?? {}) as { type?: string; payload?: { pattern?: unknown } }
      if (type !== 'TAKE') return
      const pattern = payload?.pattern
      for (const one of Array.isArray(pattern) ? pattern : [pattern]) taken.add(String(one))
    },
  }
  const task = runSaga({ dispatch: store.dispatch, getState: store.getState, context: { portico: context }, sagaMonitor }, accountActionsSaga)
  task.cancel()
  expect(taken.size).toBeGreaterThan(10)
  expect([...taken].filter((type) => !isAccountAction({ type }))).toEqual([])
})

describe('loading the account-action chunk', () => {
  /** Dispatches `action` to a real store running the root saga's lazy fork; resolves with how many loads it started. */
  async function loadsAfter(action: Action): Promise<number> {
    let loads = 0
    const context = {} as SagaContext
    const sagaMiddleware = createSagaMiddleware({ context: { portico: context } })
    const store = configureStore({ reducer: (state: number = 0) => state, middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware) })
    context.store = store
    const load = () => {
      loads++
      return new Promise<Saga<[]>>(() => undefined)
    }
    const running = sagaMiddleware.run(lazySaga, { triggers: isAccountAction, load })
    store.dispatch(action)
    await Promise.resolve()
    running.cancel()
    return loads
  }

  const actions = ACCOUNT_ACTION_SLICES.flatMap((slice) => Object.values(slice.actions).map((creator) => creator.type))

  it.each(actions)('%s loads it', async (type) => {
    expect(await loadsAfter({ type })).toBe(1)
  })

  it('covers every action of its slices, and the actions of other slices do not load it', async () => {
    expect(actions).toEqual(expect.arrayContaining([swapActions.quoteRequested.type, transactionsActions.reset.type, accountActions.connected.type]))
    expect(actions.length).toBeGreaterThan(40)
    expect(await loadsAfter(routerActions.push({ view: 'Networks' }))).toBe(0)
    expect(await loadsAfter(modalActions.closed())).toBe(0)
  })
})
