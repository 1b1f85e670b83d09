import type { Portico } from '../createPortico'
import type { PorticoState } from '../store/rootReducer'

/** Resolves once `predicate(state)` holds, checking after every state change; rejects after `timeoutMs`. */
export function untilState(portico: Portico, predicate: (state: PorticoState) => boolean, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (predicate(portico.getState())) return resolve()
    const timer = setTimeout(() => {
      unsubscribe()
      reject(new Error('state condition not reached in time'))
    }, timeoutMs)
    const unsubscribe = portico.subscribe(() => {
      if (!predicate(portico.getState())) return
      clearTimeout(timer)
      unsubscribe()
      resolve()
    })
  })
}
