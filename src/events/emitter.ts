import type { PorticoEvent, PorticoEventListener, PorticoEventName } from './types'

export type PorticoEventEmitter = {
  /** Calls `listener` with each `name` event's data until the returned function is called. */
  on<N extends PorticoEventName>(name: N, listener: PorticoEventListener<N>): () => void
  /** Calls `listener` with every event. Returns the unsubscribe function. */
  onAny(listener: (event: PorticoEvent) => void): () => void
  emit(event: PorticoEvent): void
  /** Drops every listener (the instance is being destroyed). */
  clear(): void
}

/**
 * A small typed emitter. A listener that throws does not stop the others or the store
 * update that caused the event; its error is reported on the console, never dropped.
 */
export function createEventEmitter(): PorticoEventEmitter {
  const byName = new Map<PorticoEventName, Set<(data: never, event: never) => void>>()
  const any = new Set<(event: PorticoEvent) => void>()
  const safely = (run: () => void) => {
    try {
      run()
    } catch (error) {
      console.error('Portico: an event listener threw', error)
    }
  }
  return {
    on(name, listener) {
      let set = byName.get(name)
      if (!set) byName.set(name, (set = new Set()))
      const entry = listener as (data: never, event: never) => void
      set.add(entry)
      return () => void set.delete(entry)
    },
    onAny(listener) {
      any.add(listener)
      return () => void any.delete(listener)
    },
    emit(event) {
      for (const listener of [...(byName.get(event.name) ?? [])]) safely(() => (listener as (data: unknown, event: PorticoEvent) => void)(event.data, event))
      for (const listener of [...any]) safely(() => listener(event))
    },
    clear() {
      byName.clear()
      any.clear()
    },
  }
}
