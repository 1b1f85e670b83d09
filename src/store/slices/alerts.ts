import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { AlertId } from '../../errors/alerts'
import type { MessageRecord } from '../../errors/record'

export type ToastVariant = 'success' | 'error' | 'info'
/** What a toast says, and for a transaction it reports, where it went (the toast links to the network's explorer). */
export type ToastRequest = { message: MessageRecord; variant: ToastVariant; transaction?: { caipNetworkId: string; hash: string } }
/** A toast: its message as a record (key and params, the error's code for an error toast), translated by the UI. */
export type Toast = ToastRequest & { id: number }

export type AlertsState = {
  /** SPEC §8 alerts currently raised, by id (each at most once). */
  alerts: AlertId[]
  /** The toast on screen; the toast saga swaps toasts with a 150 ms gap. */
  toast: Toast | undefined
  nextToastId: number
}

const initialState: AlertsState = { alerts: [], toast: undefined, nextToastId: 1 }

export const alertsSlice = createSlice({
  name: 'alerts',
  initialState,
  reducers: {
    alertRaised(state, action: PayloadAction<AlertId>) {
      if (!state.alerts.includes(action.payload)) state.alerts.push(action.payload)
    },
    alertDismissed(state, action: PayloadAction<AlertId>) {
      state.alerts = state.alerts.filter((a) => a !== action.payload)
    },
    /** Asks the toast saga to show a toast (it hides the current one first). */
    toastRequested(_state, _action: PayloadAction<ToastRequest>) {},
    toastShown(state, action: PayloadAction<ToastRequest>) {
      state.toast = { id: state.nextToastId, ...action.payload }
      state.nextToastId += 1
    },
    /** The pointer or the focus is on the toast: it stays until `toastReleased`. */
    toastHeld() {},
    toastReleased() {},
    toastHidden(state) {
      state.toast = undefined
    },
  },
  selectors: {
    selectAlerts: (state) => state.alerts,
    selectToast: (state) => state.toast,
  },
})

export const alertsActions = alertsSlice.actions
export const { selectAlerts, selectToast } = alertsSlice.selectors
