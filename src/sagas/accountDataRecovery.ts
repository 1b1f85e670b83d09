import { buffers, eventChannel, type EventChannel, type Task } from 'redux-saga'
import { call, cancel, delay, fork, put, select, take } from 'redux-saga/effects'
import { Time } from '../config/constants'
import type { PorticoState } from '../store/rootReducer'
import { accountActions, type BalanceRetryTrigger } from '../store/slices/account'
import { transactionsActions } from '../store/slices/transactions'
import { getSagaContext, type SagaContext } from './context'
import { lazyState } from '../store/lazyState'

// A failed balance, tokens or activity fetch comes back by itself (issue 33): when the
// browser goes back online, when the page is shown again, and on a timer that starts at
// the SPEC §4 gate (30 s) and doubles up to RECOVERY_MAX_DELAY_MS. The visitor's "Try
// again" stays; these only spare them the click. docs/account-data.md "Recovery".

/** The longest wait between two automatic retries of one failed fetch. */
export const RECOVERY_MAX_DELAY_MS = 5 * 60_000

/** The wait before automatic retry number `attempt` (1, 2, …): 30 s, 60 s, 120 s, … up to the maximum. */
export const recoveryDelay = (attempt: number) => Math.min(Time.tokenBalanceRetryGateMs * 2 ** (attempt - 1), RECOVERY_MAX_DELAY_MS)

type Signal = 'online' | 'visible'

/** `online` on the window, and `visibilitychange` to visible on its document. */
function recoverySignals(win: Window): EventChannel<Signal> {
  return eventChannel<Signal>((emit) => {
    const online = () => emit('online')
    const shown = () => {
      if (win.document?.visibilityState === 'visible') emit('visible')
    }
    win.addEventListener('online', online)
    win.document?.addEventListener('visibilitychange', shown)
    return () => {
      win.removeEventListener('online', online)
      win.document?.removeEventListener('visibilitychange', shown)
    }
  }, buffers.sliding(2))
}

const hidden = (context: SagaContext) => context.window?.document?.visibilityState === 'hidden'

/** The request the Activity tab's "Try again" makes: the page that failed. */
const historyRetry = (state: PorticoState) => {
  const { items, next } = lazyState(state, 'transactions')
  return items.length && next ? { cursor: next } : undefined
}

/** Asks again for every account-data fetch that is in error. A gated balance is asked only once its gate has passed (except on `online`). */
function* retryFailed(trigger: BalanceRetryTrigger) {
  const context: SagaContext = yield call(getSagaContext)
  const state: PorticoState = yield select()
  for (const [namespace, account] of Object.entries(state.account.byNamespace)) {
    if (account.status !== 'connected' || account.tokenBalanceStatus !== 'error') continue
    const gated = account.tokenBalanceFailedAt !== undefined && context.now() - account.tokenBalanceFailedAt < Time.tokenBalanceRetryGateMs
    if (trigger === 'online' || !gated) yield put(accountActions.balanceRequested({ namespace, trigger }))
  }
  if (lazyState(state, 'transactions').status === 'error') yield put(transactionsActions.fetchRequested(historyRetry(state)))
}

/** One timer per failed fetch, in a page that is shown: a hidden page waits to be shown. */
function* retryLater(attempt: number, retry: () => Generator<unknown, void, unknown>) {
  yield delay(recoveryDelay(attempt))
  const context: SagaContext = yield call(getSagaContext)
  while (hidden(context)) yield delay(Time.tokenBalanceRetryGateMs)
  yield* retry()
}

function* watchSignals(win: Window) {
  const channel: EventChannel<Signal> = yield call(recoverySignals, win)
  try {
    for (;;) {
      const signal: Signal = yield take(channel)
      yield call(retryFailed, signal)
    }
  } finally {
    channel.close()
  }
}

/** Balances: a timer per namespace, its attempts counted until a load succeeds or the account goes. */
function* watchBalanceFailures() {
  const timers = new Map<string, { attempt: number; task: Task }>()
  const stop = function* (namespace: string) {
    const timer = timers.get(namespace)
    if (timer) yield cancel(timer.task)
    timers.delete(namespace)
  }
  for (;;) {
    const action: ReturnType<typeof accountActions.tokenBalanceFailed> | ReturnType<typeof accountActions.tokenBalanceLoaded> | ReturnType<typeof accountActions.chainDisconnected> = yield take([
      accountActions.tokenBalanceFailed.type,
      accountActions.tokenBalanceLoaded.type,
      accountActions.chainDisconnected.type,
    ])
    const { namespace } = action.payload
    if (!accountActions.tokenBalanceFailed.match(action)) {
      yield* stop(namespace)
      continue
    }
    const attempt = (timers.get(namespace)?.attempt ?? 0) + 1
    yield* stop(namespace)
    // The entry outlives its timer, so the next failure counts on from this attempt.
    const task: Task = yield fork(retryLater, attempt, function* () {
      yield put(accountActions.balanceRequested({ namespace, trigger: 'timer' }))
    })
    timers.set(namespace, { attempt, task })
  }
}

/** Activity: one timer, its attempts counted until a page loads or the history is reset. */
function* watchHistoryFailures() {
  let attempt = 0
  let task: Task | undefined
  for (;;) {
    const action: { type: string } = yield take([
      transactionsActions.fetchFailed.type,
      transactionsActions.pageLoaded.type,
      transactionsActions.refreshed.type,
      transactionsActions.reset.type,
      accountActions.addressChanged.type,
      accountActions.networkChanged.type,
      accountActions.chainDisconnected.type,
    ])
    if (task) yield cancel(task)
    task = undefined
    if (!transactionsActions.fetchFailed.match(action)) {
      attempt = 0
      continue
    }
    attempt++
    task = yield fork(retryLater, attempt, function* () {
      const state = (yield select()) as PorticoState
      if (lazyState(state, 'transactions').status === 'error') yield put(transactionsActions.fetchRequested(historyRetry(state)))
    })
  }
}

/**
 * Retries failed account-data fetches by themselves: on `online` (at once, past the
 * balance's 30 s gate: the network that failed is back), when the page is shown again
 * (once the gate has passed), and on a timer from the gate on, doubling each time.
 */
export function* accountDataRecoverySaga() {
  const context: SagaContext = yield call(getSagaContext)
  yield fork(watchBalanceFailures)
  yield fork(watchHistoryFailures)
  if (context.window?.addEventListener) yield fork(watchSignals, context.window)
}
