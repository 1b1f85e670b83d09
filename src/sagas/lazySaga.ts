import type { Action } from '@reduxjs/toolkit'
import { buffers, eventChannel, runSaga, stdChannel, type Channel, type EventChannel, type MulticastChannel, type Saga, type Task } from 'redux-saga'
import { actionChannel, call, cancel, cancelled, flush, fork, join, race, take, type ActionPattern } from 'redux-saga/effects'
import { getSagaContext, type SagaContext } from './context'

// Sagas a visitor's first click does not need (the account actions: swap, onramp, names,
// SIWX, history, send, balances) are lazy chunks: the first action that needs one loads
// it (docs/performance.md "The size budget"). The loaded saga runs in an environment of
// its own (same store, own action channel) so the actions that arrived while its chunk
// loaded can be handed to it alone: dispatching them again would apply them to the
// reducers twice and wake the sagas that already handled them.

export type LazySagaOptions<Args extends unknown[]> = {
  /**
   * Which actions the saga's watchers wait for when it starts (a predicate made from the
   * action creators, as rootSaga.ts does, or a list of types). The first one to be
   * dispatched loads the chunk; each one dispatched before the saga runs is buffered and
   * handed to it, in order, once it does.
   */
  triggers: ActionPattern
  /** Loads the chunk and returns the saga (e.g. `() => import('./accountActions').then((m) => m.accountActionsSaga)`). */
  load: () => Promise<Saga<Args>>
  /** Arguments for the saga. */
  args?: Args
}

/**
 * The lazy saga's inbox: holds what arrives until the buffered triggers are handed over,
 * then passes each action straight to the saga's channel.
 */
function createInbox(channel: MulticastChannel<Action>) {
  let held: Action[] | undefined = []
  return {
    put(action: Action) {
      if (held) held.push(action)
      else channel.put(action)
    },
    /**
     * Hands over `buffered`, then what arrived meanwhile. Called from a microtask, outside
     * any saga step, so each action is handled to the end (with what the saga dispatches
     * in reaction) before the next, as when they were first dispatched.
     */
    open(buffered: readonly Action[]) {
      const later = held ?? []
      held = undefined
      for (const action of [...buffered, ...later]) channel.put(action)
    },
  }
}

type Inbox = ReturnType<typeof createInbox>

/** Hands every action the store's sagas see to the lazy saga's inbox, from now on. */
function* forwardSaga(inbox: Inbox) {
  for (;;) {
    const action: Action = yield take('*')
    inbox.put(action)
  }
}

/** `online` on the page's window, when there is one. */
function onlineSignals(win: Window | undefined): EventChannel<true> | undefined {
  if (!win?.addEventListener) return undefined
  return eventChannel<true>((emit) => {
    const online = () => emit(true)
    win.addEventListener('online', online)
    return () => win.removeEventListener('online', online)
  }, buffers.sliding(1))
}

/**
 * Loads the chunk; a load that fails (offline) is tried again on the next trigger or
 * when the browser comes back online, whichever is first (issue 33). The triggers stay
 * buffered meanwhile: this only watches them go by.
 */
function* loadUntilLoaded<Args extends unknown[]>(options: LazySagaOptions<Args>): Generator<unknown, Saga<Args>, unknown> {
  const context = (yield call(getSagaContext)) as SagaContext
  let online: EventChannel<true> | undefined
  try {
    for (;;) {
      try {
        return (yield call(options.load)) as Saga<Args>
      } catch (error) {
        context.diagnostics?.log?.record('warn', 'saga', `a saga chunk could not be loaded: ${String(error)}`)
        online ??= onlineSignals(context.window)
        yield race(online ? [take(options.triggers), take(online)] : [take(options.triggers)])
      }
    }
  } finally {
    online?.close()
  }
}

/**
 * Starts a saga on first use: waits for the first of its `triggers`, loads its chunk
 * (once; again on the next trigger or on `online` when it fails), starts it and hands it that action and every trigger dispatched meanwhile, then
 * every later action. Runs as long as the saga; an error in the saga fails this task
 * (and so the root saga) as a fork would, and cancelling this task cancels the saga.
 *
 * @example
 * yield fork(lazySaga, { triggers: [swapActions.quoteRequested.type], load: () => import('./swap').then((m) => m.swapSaga) })
 */
export function* lazySaga<Args extends unknown[]>(options: LazySagaOptions<Args>) {
  const pending: Channel<Action> = yield actionChannel(options.triggers, buffers.expanding<Action>())
  const first: Action = yield take(pending)
  const saga: Saga<Args> = yield* loadUntilLoaded(options)
  const context: SagaContext = yield call(getSagaContext)
  if (!context.store) throw new Error('lazySaga needs the store in the saga context (createPortico sets it)')
  const channel = stdChannel<Action>()
  const inbox = createInbox(channel)
  const forward: Task = yield fork(forwardSaga, inbox)
  const task: Task = runSaga(
    {
      channel,
      dispatch: context.store.dispatch,
      getState: context.store.getState,
      context: { portico: context },
      // Reported once, by the join below, like any forked saga's error.
      onError: () => undefined,
    },
    saga,
    ...((options.args ?? []) as Args),
  )
  const meanwhile: Action[] = yield flush(pending)
  pending.close()
  void Promise.resolve().then(() => inbox.open([first, ...meanwhile]))
  try {
    yield join(task)
    yield cancel(forward)
  } finally {
    if ((yield cancelled()) as boolean) task.cancel()
  }
}
