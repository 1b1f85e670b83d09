import { getContext } from 'redux-saga/effects'
import type { ResolvedConfig } from '../config/resolveConfig'
import type { NamespacePlugin } from '../plugins/types'

/**
 * What sagas reach besides the store: the runtime side (plugins and, in later issues,
 * service clients and the frame). Passed as redux-saga context so tests can hand in
 * their own.
 */
export type SagaContext = {
  config: ResolvedConfig
  plugins: ReadonlyMap<string, NamespacePlugin>
  window: Window | undefined
}

export function* getSagaContext() {
  const context: SagaContext = yield getContext('portico')
  return context
}
