import type { Middleware, UnknownAction } from '@reduxjs/toolkit'
import type { PorticoState } from '../store/rootReducer'
import type { PorticoEventEmitter } from './emitter'
import { eventsFromAction } from './fromAction'

/**
 * Emits the dapp events of each action once the store has applied it, so a listener
 * that reads `portico.getState()` sees the new state.
 */
export function createEventsMiddleware(emitter: PorticoEventEmitter): Middleware<object, PorticoState> {
  return (api) => (next) => (action) => {
    const before = api.getState()
    const result = next(action)
    for (const event of eventsFromAction(action as UnknownAction, before, api.getState())) emitter.emit(event)
    return result
  }
}
