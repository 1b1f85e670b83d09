import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { Route } from '../routes'

export type ModalState = {
  open: boolean
  loading: boolean
  /** True for the 500 ms of the shake animation (SPEC §4); the shake saga resets it. */
  shake: boolean
  /** The visitor ticked the legal checkbox (`features.legalCheckbox`); kept until the page reloads. */
  legalAccepted: boolean
  /**
   * A close was asked for since the modal last opened, and the close saga has not decided
   * it yet. A close that the sagas take after a later open (they load after the first
   * render and are handed what was dispatched before, sagaHost.ts) finds it false and is
   * dropped: the visitor's last call wins.
   */
  closePending: boolean
}

const initialState: ModalState = { open: false, loading: false, shake: false, legalAccepted: false, closePending: false }

export const modalSlice = createSlice({
  name: 'modal',
  initialState,
  reducers: {
    /**
     * Opens the modal on `route`. The route is chosen by `resolveOpenRoute` (SPEC §2
     * rules); the router slice resets its history to it on this same action.
     */
    opened(state, _action: PayloadAction<{ route: Route }>) {
      state.open = true
      state.shake = false
      state.closePending = false
    },
    /** A request to close; the close saga decides (SPEC §4: blocked in ApproveTransaction unless forced). */
    closeRequested(state, _action: PayloadAction<{ force?: boolean } | undefined>) {
      if (state.open) state.closePending = true
    },
    closed(state) {
      state.open = false
      state.loading = false
      state.shake = false
      state.closePending = false
    },
    setLoading(state, action: PayloadAction<boolean>) {
      state.loading = action.payload
    },
    legalAcceptedSet(state, action: PayloadAction<boolean>) {
      state.legalAccepted = action.payload
    },
    /** A close refused (SPEC §4): that request is decided. */
    shakeRequested(state) {
      state.closePending = false
    },
    shakeStarted(state) {
      state.shake = true
    },
    shakeEnded(state) {
      state.shake = false
    },
  },
  selectors: {
    selectIsOpen: (state) => state.open,
    selectIsLoading: (state) => state.loading,
    selectIsShaking: (state) => state.shake,
  },
})

export const modalActions = modalSlice.actions
export const { selectIsOpen, selectIsLoading, selectIsShaking } = modalSlice.selectors
