import { configureStore } from '@reduxjs/toolkit'
import createSagaMiddleware from 'redux-saga'
import { messageRecord } from '../errors/record'
import { alertsActions, alertsSlice } from '../store/slices/alerts'
import { TOAST_DURATION_MS, TOAST_WITH_LINK_DURATION_MS, toastSaga } from './toast'

// The toast saga on a store of the alerts slice, on jest's clock.
function setup() {
  const sagas = createSagaMiddleware()
  const store = configureStore({ reducer: { alerts: alertsSlice.reducer }, middleware: (defaults) => defaults({ thunk: false }).concat(sagas) })
  const task = sagas.run(toastSaga)
  return { store, shown: () => store.getState().alerts.toast, stop: () => task.cancel() }
}
const sent = { message: messageRecord('notices.transactionSent'), variant: 'success' as const }
const transaction = { caipNetworkId: 'eip155:1', hash: '0x' + 'ab'.repeat(32) }

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('toast saga', () => {
  it('hides a plain toast after its time, and one with a transaction link only after the longer time', async () => {
    const { store, shown, stop } = setup()
    store.dispatch(alertsActions.toastRequested(sent))
    await jest.advanceTimersByTimeAsync(TOAST_DURATION_MS)
    expect(shown()).toBeUndefined()
    store.dispatch(alertsActions.toastRequested({ ...sent, transaction }))
    await jest.advanceTimersByTimeAsync(TOAST_DURATION_MS)
    expect(shown()?.transaction).toEqual(transaction)
    await jest.advanceTimersByTimeAsync(TOAST_WITH_LINK_DURATION_MS - TOAST_DURATION_MS)
    expect(shown()).toBeUndefined()
    stop()
  })

  it('keeps a toast up while the pointer or the focus is on it, then for its whole time again', async () => {
    const { store, shown, stop } = setup()
    store.dispatch(alertsActions.toastRequested({ ...sent, transaction }))
    await jest.advanceTimersByTimeAsync(TOAST_WITH_LINK_DURATION_MS - 100)
    store.dispatch(alertsActions.toastHeld())
    await jest.advanceTimersByTimeAsync(60_000)
    expect(shown()).toBeDefined()
    store.dispatch(alertsActions.toastReleased())
    await jest.advanceTimersByTimeAsync(TOAST_WITH_LINK_DURATION_MS - 1)
    expect(shown()).toBeDefined()
    await jest.advanceTimersByTimeAsync(1)
    expect(shown()).toBeUndefined()
    stop()
  })
})
