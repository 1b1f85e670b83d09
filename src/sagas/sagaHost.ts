import type { Action, Middleware } from '@reduxjs/toolkit'
import { retryingLoader } from '../shared/retryingLoader'
import type { SagaContext } from './context'
import type { SagaRuntime } from './runtime'

// The first load holds no redux-saga (docs/performance.md "The size budget"): the store
// and the buttons render at once, and the saga runtime (runtime.ts, its own chunk)
// arrives moments later. This host is what stands in meanwhile: a middleware that keeps
// every action the store applies until the runtime is there, then hands them over in
// order, so a saga sees each action once, as if it had been running from the start
// (only later: state may have moved on, as for any saga that reads it after a take).

/** Starts the runtime on `store`, handing it the actions the store applied before (`startSagaRuntime`). */
export type StartRuntime<Store> = (store: Store, context: SagaContext, held: readonly Action[]) => SagaRuntime

export type SagaHostOptions<Store> = {
  /** Loads the runtime chunk (`() => import('./runtime').then((m) => m.startSagaRuntime)`). */
  load: () => Promise<StartRuntime<Store>>
  context: SagaContext
  /** Told when loading the runtime fails; the next action or API call tries again. */
  onLoadError: (error: unknown) => void
}

export type SagaHost<Store> = {
  /** Goes in the store's middleware: every applied action reaches the sagas, or waits for them. */
  middleware: Middleware
  /** Starts loading the runtime against `store` (once; again after a failed load). */
  start(store: Store): void
  /** The running sagas, once their chunk is loaded (starts loading if it is not). */
  runtime(): Promise<SagaRuntime>
  /** Stops the sagas, or makes sure they never start. */
  destroy(): void
}

export function createSagaHost<Store>({ load, context, onLoadError }: SagaHostOptions<Store>): SagaHost<Store> {
  let held: Action[] = []
  let running: SagaRuntime | undefined
  let store: Store | undefined
  let destroyed = false

  // Loads the chunk and starts the runtime, once; a failed load is forgotten (shared/retryingLoader.ts).
  const startRuntime = retryingLoader(() =>
    load().then(
      (startSagaRuntime) => {
        if (destroyed) throw new Error('This Portico instance was destroyed.')
        const backlog = held
        held = []
        running = startSagaRuntime(store as Store, context, backlog)
        // What the store applied while the runtime started (its own first dispatches).
        const during = held
        held = []
        for (const action of during) running.put(action)
        return running
      },
      (error: unknown) => {
        onLoadError(error)
        throw error
      },
    ),
  )

  const begin = (): Promise<SagaRuntime> => (store === undefined ? Promise.reject(new Error('The saga host has no store yet: call start(store) first.')) : startRuntime())

  return {
    middleware: () => (next) => (action) => {
      const result = next(action)
      if (running) running.put(action as Action)
      else if (!destroyed) {
        held.push(action as Action)
        // After a failed load, the next action tries again (while one is under way, it shares it).
        if (store !== undefined) void begin().catch(() => undefined)
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
