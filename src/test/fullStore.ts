import { createStore, type CreateStoreParameters, type PorticoStore } from '../store/createStore'
import { injectLazySlices } from '../store/lazySlices'
import { createRootReducer, type FullPorticoState } from '../store/rootReducer'

/** A store whose state holds every slice (`createFullStore`). */
export type FullPorticoStore = Omit<PorticoStore, 'getState'> & { getState(): FullPorticoState }

/**
 * A store with every slice's reducer from the start, as `createPortico`'s is once the
 * saga runtime has loaded: for tests that run sagas or render views on a store of their own.
 */
export function createFullStore(parameters: CreateStoreParameters): FullPorticoStore {
  const reducer = createRootReducer()
  injectLazySlices(reducer)
  // Injected before the store is made, so its first state holds every slice.
  return createStore({ ...parameters, reducer }) as FullPorticoStore
}
