import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit'
import type { Route, ViewName } from '../routes'
import { modalActions } from './modal'

export type RouterState = {
  /** The current route is the last entry; never empty. */
  history: Route[]
}

const initialState: RouterState = { history: [{ view: 'Connect' }] }

/** SPEC §4 view history: push, replace, reset, goBack, goBackToIndex. */
export const routerSlice = createSlice({
  name: 'router',
  initialState,
  reducers: {
    push(state, action: PayloadAction<Route>) {
      const current = state.history[state.history.length - 1]
      // Pushing the view already shown would make Back do nothing visible.
      if (current && sameRoute(current, action.payload)) return
      state.history.push(action.payload)
    },
    replace(state, action: PayloadAction<Route>) {
      state.history[state.history.length - 1] = action.payload
    },
    reset(state, action: PayloadAction<Route>) {
      state.history = [action.payload]
    },
    goBack(state) {
      if (state.history.length > 1) state.history.pop()
    },
    goBackToIndex(state, action: PayloadAction<number>) {
      const index = action.payload
      if (Number.isInteger(index) && index >= 0 && index < state.history.length) {
        state.history = state.history.slice(0, index + 1)
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(modalActions.opened, (state, action) => {
      state.history = [action.payload.route]
    })
  },
  selectors: {
    selectRoute: (state): Route => state.history[state.history.length - 1] ?? { view: 'Connect' },
    selectView: (state): ViewName => state.history[state.history.length - 1]?.view ?? 'Connect',
    selectCanGoBack: (state) => state.history.length > 1,
    selectHistory: (state) => state.history,
  },
})

function sameRoute(a: Route, b: Route): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export const routerActions = routerSlice.actions
export const { selectRoute, selectView, selectCanGoBack, selectHistory } = routerSlice.selectors

/**
 * Matches the actions that open `view` (pushed, replaced, reset to, or the route the
 * modal opens on): a form that ended on a result state starts afresh there.
 */
export function opensView(view: ViewName) {
  return (action: UnknownAction): boolean => {
    if (routerActions.push.match(action) || routerActions.replace.match(action) || routerActions.reset.match(action)) return action.payload.view === view
    return modalActions.opened.match(action) && action.payload.route.view === view
  }
}
