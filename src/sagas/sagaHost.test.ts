import { configureStore, type Action } from '@reduxjs/toolkit'
import { createSagaHost, type StartRuntime } from './sagaHost'
import type { SagaContext } from './context'
import type { SagaRuntime } from './runtime'

// The host in front of the lazy saga runtime: a real store, and a runtime that records
// what it is handed, loaded through a promise the test settles.

const context = {} as SagaContext

function recordingRuntime() {
  const seen: string[] = []
  const runtime: SagaRuntime = {
    put: (action) => seen.push(action.type),
    switchNetwork: () => Promise.resolve({}),
    disconnect: () => Promise.resolve({ failed: [] }),
    signMessage: () => Promise.resolve({ signature: '0x', address: '0x' }),
    cancel: () => seen.push('cancelled'),
  }
  // The held actions reach the runtime as it starts (it replays them into its sagas).
  const start = jest.fn<SagaRuntime, Parameters<StartRuntime<unknown>>>((_store, _context, held) => {
    for (const action of held) seen.push(`held:${action.type}`)
    return runtime
  })
  return { seen, runtime, start }
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

function storeWith(host: ReturnType<typeof createSagaHost<unknown>>) {
  return configureStore({
    reducer: (state: string[] = [], action: Action) => [...state, action.type],
    middleware: (getDefault) => getDefault({ thunk: false, serializableCheck: false, immutableCheck: false }).concat(host.middleware),
  })
}

/** A host in front of a real store, started: the runtime comes from `load`. */
function started(load: () => Promise<StartRuntime<unknown>>, onLoadError: (error: unknown) => void = jest.fn()) {
  const host = createSagaHost({ load, context, onLoadError })
  const store = storeWith(host)
  host.start(store)
  return { host, store }
}

it('holds what the store applies until the runtime loads, then hands it over in order, and later actions straight away', async () => {
  const { seen, start } = recordingRuntime()
  const chunk = deferred<StartRuntime<unknown>>()
  const { host, store } = started(() => chunk.promise)
  store.dispatch({ type: 'a' })
  store.dispatch({ type: 'b' })
  // The reducers ran at once; no saga saw anything yet.
  expect(store.getState()).toEqual(expect.arrayContaining(['a', 'b']))
  expect(seen).toEqual([])
  chunk.resolve(start)
  await host.runtime()
  expect(start).toHaveBeenCalledTimes(1)
  expect(start.mock.calls[0]![0]).toBe(store)
  expect(start.mock.calls[0]![1]).toBe(context)
  store.dispatch({ type: 'c' })
  expect(seen).toEqual(['held:a', 'held:b', 'c'])
})

it('reports a failed load, and the next action loads again without losing any', async () => {
  const { seen, start } = recordingRuntime()
  const attempts = [deferred<StartRuntime<unknown>>(), deferred<StartRuntime<unknown>>()]
  let attempt = 0
  const onLoadError = jest.fn()
  const { host, store } = started(() => attempts[attempt++]!.promise, onLoadError)
  store.dispatch({ type: 'a' })
  const offline = new Error('chunk failed to load')
  attempts[0]!.reject(offline)
  await expect(host.runtime()).rejects.toBe(offline)
  expect(onLoadError).toHaveBeenCalledWith(offline)
  store.dispatch({ type: 'b' })
  expect(attempt).toBe(2)
  attempts[1]!.resolve(start)
  await host.runtime()
  expect(seen).toEqual(['held:a', 'held:b'])
})

it('destroyed before the runtime loads, it never starts it and drops what it held', async () => {
  const { seen, start } = recordingRuntime()
  const chunk = deferred<StartRuntime<unknown>>()
  const { host, store } = started(() => chunk.promise)
  store.dispatch({ type: 'a' })
  host.destroy()
  chunk.resolve(start)
  await expect(host.runtime()).rejects.toThrow('This Portico instance was destroyed.')
  expect(start).not.toHaveBeenCalled()
  expect(seen).toEqual([])
})

it('destroyed once running, it cancels the runtime', async () => {
  const { seen, start } = recordingRuntime()
  const { host } = started(() => Promise.resolve(start))
  await host.runtime()
  host.destroy()
  expect(seen).toEqual(['cancelled'])
})
