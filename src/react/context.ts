import { createContext } from 'react'
import type { ReactReduxContextValue } from 'react-redux'
import type { Portico } from '../createPortico'

/**
 * Portico's store gets its own React context so it never collides with a dapp that
 * uses react-redux for its own store.
 */
export const PorticoStoreContext = createContext<ReactReduxContextValue | null>(null)
export const PorticoInstanceContext = createContext<Portico | null>(null)
