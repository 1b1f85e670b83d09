import createSagaMiddleware from 'redux-saga'
import { resolveConfig } from '../config/resolveConfig'
import type { PorticoConfig } from '../config/types'
import { createFullStore } from '../test/fullStore'
import { optionsActions } from '../store/slices/options'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { testSagaContext } from '../test/sagaContext'
import { systemThemeSaga } from './systemTheme'

// Node's EventTarget has no listener count; count them to see the saga let go.
class CountingTarget extends EventTarget {
  listenerCount = 0
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>) {
    this.listenerCount += 1
    super.addEventListener(...args)
  }
  override removeEventListener(...args: Parameters<EventTarget['removeEventListener']>) {
    this.listenerCount -= 1
    super.removeEventListener(...args)
  }
}

/**
 * The browser's `matchMedia('(prefers-color-scheme: dark)')` as the saga sees it: a
 * MediaQueryList whose scheme the test changes the way the OS setting does.
 */
function colorScheme(dark: boolean) {
  const list = Object.assign(new CountingTarget(), { matches: dark, media: '(prefers-color-scheme: dark)' })
  const queries: string[] = []
  return {
    window: { matchMedia: (query: string) => (queries.push(query), list) } as unknown as Window,
    queries,
    listening: () => list.listenerCount,
    set(next: boolean) {
      list.matches = next
      list.dispatchEvent(Object.assign(new Event('change'), { matches: next }))
    },
  }
}

function run(config: PorticoConfig, scheme: ReturnType<typeof colorScheme>) {
  const fake = createFakeNamespacePlugin({ networks: [testNetwork(1)], connectors: [] })
  const resolved = resolveConfig({ projectId: 'p', plugins: [fake.plugin], ...config }, { defaultPlugins: () => [] })
  const sagaMiddleware = createSagaMiddleware({ context: { portico: testSagaContext(resolved, fake.plugin, { window: scheme.window }) } })
  const store = createFullStore({ config: resolved, middleware: [sagaMiddleware] })
  const task = sagaMiddleware.run(systemThemeSaga)
  return { store, task, mode: () => store.getState().options.themeMode }
}

describe('the theme mode follows the visitor’s colour scheme', () => {
  it('with no themeMode: starts on the scheme and follows each change', () => {
    const scheme = colorScheme(true)
    const { mode, store } = run({}, scheme)
    expect(store.getState().options.themeModeFollowsSystem).toBe(true)
    expect(scheme.queries).toEqual(['(prefers-color-scheme: dark)'])
    expect(mode()).toBe('dark')
    scheme.set(false)
    expect(mode()).toBe('light')
    scheme.set(true)
    expect(mode()).toBe('dark')
  })

  it('stops following once the dapp sets a mode, and lets go of the media query', () => {
    const scheme = colorScheme(false)
    const { mode, store, task } = run({}, scheme)
    store.dispatch(optionsActions.themeModeSet('dark'))
    expect(store.getState().options.themeModeFollowsSystem).toBe(false)
    expect(scheme.listening()).toBe(1)
    scheme.set(false)
    expect(mode()).toBe('dark')
    expect(task.isRunning()).toBe(false)
    expect(scheme.listening()).toBe(0)
  })

  it('with a configured themeMode: never asks the system', () => {
    const scheme = colorScheme(true)
    const { mode, store, task } = run({ themeMode: 'light' }, scheme)
    expect(store.getState().options.themeModeFollowsSystem).toBe(false)
    expect(scheme.queries).toEqual([])
    expect(mode()).toBe('light')
    expect(task.isRunning()).toBe(false)
  })
})
