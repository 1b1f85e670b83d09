import type { Action } from '@reduxjs/toolkit'
import { runSaga, stdChannel, type Saga } from 'redux-saga'
import { createLoginCache } from '../frame/loginCache'
import { injectLazySlices, LAZY_SLICES_INJECTED } from '../store/lazySlices'
import type { PorticoReducer } from '../store/rootReducer'
import type { networkActions } from '../store/slices/network'
import type { connectorsActions } from '../store/slices/connectors'
import { disconnectSaga, type DisconnectResult } from './connectors'
import type { SagaContext, SagaStore } from './context'
import { switchNetworkSaga, type SwitchResult } from './network'
import { rootSaga } from './rootSaga'
import { dappSignMessageSaga, type SignMessageRequest, type SignMessageResult } from './signMessage'

// The saga runtime is the lazy chunk `createPortico` starts loading at once
// (sagaHost.ts): redux-saga and every process live here, so the dapp's first render (the
// Connect button) runs without them. Its environment is what redux-saga's own
// middleware builds: one standard channel fed with every action the store applies, the
// store's dispatch and getState, and the Portico context.

/** The running sagas, as `createPortico` drives them. */
export type SagaRuntime = {
  /** Hands an action the store applied to the sagas (after the reducers, as redux-saga's middleware does). */
  put(action: Action): void
  switchNetwork(action: ReturnType<typeof networkActions.switchRequested>): Promise<SwitchResult>
  disconnect(action: ReturnType<typeof connectorsActions.disconnectRequested>): Promise<DisconnectResult>
  signMessage(request: SignMessageRequest): Promise<SignMessageResult>
  /** Stops every process (discovery, watchers, timers). */
  cancel(): void
}

export type StartSagaRuntime = typeof startSagaRuntime

/** What the runtime needs of the store: the sagas' view of it, and its reducer to inject the lazy slices into. */
export type RuntimeStore = SagaStore & { reducer: PorticoReducer }

/**
 * Starts the root saga against `store` and returns the handle on it. `held` are the
 * actions the store applied before: the lazy slices' reducers catch up on them, and the
 * sagas are handed them, in order, once the root saga runs (the sagas do not see the
 * `LAZY_SLICES_INJECTED` that puts the caught-up slices in the state: their channel is not fed yet).
 */
export function startSagaRuntime(store: RuntimeStore, context: SagaContext, held: readonly Action[] = []): SagaRuntime {
  injectLazySlices(store.reducer, held)
  store.dispatch({ type: LAZY_SLICES_INJECTED })
  // What only the processes (and the frame client they load) use is made here, out of the
  // dapp's first load.
  context.loginCache ??= createLoginCache({ store: context.loginCacheStore })
  const channel = stdChannel<Action>()
  const environment = { channel, dispatch: store.dispatch, getState: store.getState, context: { portico: context } }
  const run = <Args extends unknown[], Result>(saga: Saga<Args>, ...args: Args) => runSaga(environment, saga, ...args).toPromise() as Promise<Result>
  const root = runSaga(environment, rootSaga)
  for (const action of held) channel.put(action)
  return {
    put: (action) => channel.put(action),
    switchNetwork: (action) => run<[typeof action], SwitchResult>(switchNetworkSaga, action),
    disconnect: (action) => run<[typeof action], DisconnectResult>(disconnectSaga, action),
    signMessage: (request) => run<[SignMessageRequest], SignMessageResult>(dappSignMessageSaga, request),
    cancel: () => root.cancel(),
  }
}
