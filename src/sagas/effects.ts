import { call as callEffect, select as selectEffect, type CallEffect, type SelectEffect } from 'redux-saga/effects'
import type { PorticoState } from '../store/rootReducer'

// redux-saga's `call` and `select`, typed: `yield` gives a saga `unknown`, so each result
// used to be cast by hand. Delegated to with `yield*`, these hand back what the function
// resolves to, or what the selector returns; the effect yielded is redux-saga's own, so
// the middleware, monitors and tests see the same effects as before.

/** What calling `Fn` gives a saga: a generator's return value, a promise's value, or the value. */
export type CallResult<Fn> = Fn extends (...args: never[]) => Iterator<unknown, infer Result, never>
  ? Result
  : Fn extends (...args: never[]) => PromiseLike<infer Result>
    ? Result
    : Fn extends (...args: never[]) => infer Result
      ? Result
      : never

/**
 * `yield* call(fn, ...args)`: redux-saga's `call`, giving what `fn` resolves to.
 *
 * @example
 * const services = yield* call(getServices) // PorticoServices
 */
export function* call<Fn extends (...args: never[]) => unknown>(fn: Fn, ...args: Parameters<Fn>): Generator<CallEffect, CallResult<Fn>, unknown> {
  // The one place the types meet redux-saga's untyped resume value.
  const untyped = fn as unknown as (...values: unknown[]) => unknown
  return (yield callEffect(untyped, ...(args as unknown[]))) as CallResult<Fn>
}

/**
 * `yield* select()`: the store's state; `yield* select(selector)`: what the selector gives.
 *
 * @example
 * const state = yield* select() // PorticoState
 */
export function select(): Generator<SelectEffect, PorticoState, unknown>
export function select<Result>(selector: (state: PorticoState) => Result): Generator<SelectEffect, Result, unknown>
export function* select<Result>(selector?: (state: PorticoState) => Result): Generator<SelectEffect, Result | PorticoState, unknown> {
  return (yield selector ? selectEffect(selector) : selectEffect()) as Result | PorticoState
}
