import { eventChannel, type EventChannel } from 'redux-saga'
import { call, put, select, take } from 'redux-saga/effects'
import type { ThemeMode } from '../config/types'
import type { PorticoState } from '../store/rootReducer'
import { optionsActions } from '../store/slices/options'
import { getSagaContext, type SagaContext } from './context'

const DARK_QUERY = '(prefers-color-scheme: dark)'

/**
 * With no `themeMode` in the config, keeps `options.themeMode` on the visitor's colour
 * scheme, now and as it changes. The page's own CSS already follows the scheme (the UI
 * leaves `data-theme` off); the store's copy is for what CSS cannot reach: the embedded
 * wallet's frame, which is told through the theme sync.
 */
export function* systemThemeSaga() {
  const context = (yield call(getSagaContext)) as SagaContext
  const follows = ((yield select()) as PorticoState).options.themeModeFollowsSystem
  const query = follows ? context.window?.matchMedia?.(DARK_QUERY) : undefined
  if (!query) return
  const modeOf = (matches: boolean): ThemeMode => (matches ? 'dark' : 'light')
  yield put(optionsActions.systemThemeModeChanged(modeOf(query.matches)))
  const changes: EventChannel<ThemeMode> = eventChannel((emit) => {
    const onChange = (event: MediaQueryListEvent) => emit(modeOf(event.matches))
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  })
  try {
    for (;;) {
      const mode = (yield take(changes)) as ThemeMode
      yield put(optionsActions.systemThemeModeChanged(mode))
      // The dapp chose a mode meanwhile: nothing here matters any more.
      if (!((yield select()) as PorticoState).options.themeModeFollowsSystem) return
    }
  } finally {
    changes.close()
  }
}
