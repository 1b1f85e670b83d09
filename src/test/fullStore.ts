import { createStore, type CreateStoreParameters } from '../store/createStore'
import { withLazySlices } from '../store/lazySlices'
import { rootReducer } from '../store/rootReducer'

/**
 * A store with every slice's reducer from the start, as `createPortico`'s is once the
 * saga runtime has loaded: for tests that run sagas or render views on a store of their own.
 */
export const createFullStore = (parameters: CreateStoreParameters) => createStore({ ...parameters, reducer: withLazySlices(rootReducer) })
