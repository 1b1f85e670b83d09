import type { Action, Middleware } from '@reduxjs/toolkit'
import type { SagaContext, SagaStore } from './context'
import type { SagaRuntime, StartSagaRuntime } from './runtime'

// The first load holds no redux-saga (docs/performance.md "The size budget"): the store
// and the buttons render at once, and the saga runtime (runtime.ts, its own chunk)
// arrives moments later. This host is what stands in meanwhile: a middleware that keeps
// every action the store applies until the runtime is there, then hands them over in
// order, so a saga sees each action once, as if it had been running from the start
// (only later: state may have moved on, as for any saga that reads it after a take).

export type SagaHostOptions = {
  /** Loads the runtime chunk (`() => import('./runtime').then((m) => m.startSagaRuntime)`). */
  load: () => Promise<StartSagaRuntime>
  context: SagaContext
  /** Told when loading the runtime fails; the next action or API call tries again. */
  onLoadError: (error: unknown) => void
}

export type SagaHost = {
  /** Goes in the store's middleware: every applied action reaches the sagas, or waits for them. */
  middleware: Middleware
  /** Starts loading the runtime against `store` (once; again after a failed load). */
  start(store: SagaStore): void
  /** The running sagas, once their chunk is loaded (starts loading if it is not). */
  runtime(): Promise<SagaRuntime>
  /** Stops the sagas, or makes sure they never start. */
  destroy(): void
}

export function createSagaHost({ load, context, onLoadError }: SagaHostOptions): SagaHost {
  let held: Action[] = []
  let running: SagaRuntime | undefined
  let loading: Promise<SagaRuntime> | undefined
  let store: SagaStore | undefined
  let destroyed = false

  const begin = (): Promise<SagaRuntime> => {
    if (!store) return Promise.reject(new Error('The saga host has no store yet: call start(store) first.'))
    const target = store
    return (loading ??= load().then(
      (startSagaRuntime) => {
        if (destroyed) throw new Error('This Portico instance was destroyed.')
        running = startSagaRuntime(target, context)
        const backlog = held
        held = []
        for (const action of backlog) running.put(action)
        return running
      },
      (error: unknown) => {
        loading = undefined
        onLoadError(error)
        throw error
      },
    ))
  }

  return {
    middleware: () => (next) => (action) => {
      const result = next(action)
      if (running) running.put(action as Action)
      else if (!destroyed) {
        held.push(action as Action)
        // After a failed load, the next action tries again.
        if (store && !loading) void begin().catch(() => undefined)
      }
      return result
    },
    start(given) {
      store = given
      void begin().catch(() => undefined)
    },
    runtime: () => (running ? Promise.resolve(running) : begin()),
    destroy() {
      destroyed = true
      held = []
      running?.cancel()
    },
  }
}
