import { runSaga, type SagaMonitor } from 'redux-saga'
import { resolveConfig } from '../config/resolveConfig'
import { createFullStore } from '../test/fullStore'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { testSagaContext } from '../test/sagaContext'
import { accountActionsSaga } from './accountActions'
import { ACCOUNT_ACTION_TRIGGERS } from './rootSaga'

// The root saga starts the account actions on the first of ACCOUNT_ACTION_TRIGGERS; an
// action their watchers wait for that the list misses would be lost when dispatched before
// the chunk loads. So: every pattern they take when they start is in the list.

it('lists every action the account-action sagas wait for when they start', () => {
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
  expect([...taken].filter((type) => !(ACCOUNT_ACTION_TRIGGERS as readonly string[]).includes(type))).toEqual([])
})
