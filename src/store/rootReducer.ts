import { combineSlices, type WithSlice } from '@reduxjs/toolkit'
import { accountSlice } from './slices/account'
import { alertsSlice } from './slices/alerts'
import { connectorsSlice } from './slices/connectors'
import type { embeddedSlice } from './slices/embedded'
import { modalSlice } from './slices/modal'
import type { namesSlice } from './slices/names'
import { networkSlice } from './slices/network'
import type { onrampSlice } from './slices/onramp'
import { optionsSlice } from './slices/options'
import { routerSlice } from './slices/router'
import type { sendSlice } from './slices/send'
import type { siwxSlice } from './slices/siwx'
import type { smartAccountSlice } from './slices/smartAccount'
import type { swapSlice } from './slices/swap'
import type { transactionsSlice } from './slices/transactions'
import type { walletConnectSlice } from './slices/walletConnect'
import { walletsSlice } from './slices/wallets'

/**
 * The slices only the processes change (the embedded wallet, WalletConnect, the account
 * actions): their reducers are not in the dapp's first load but load with the saga
 * runtime, which injects them (src/store/lazySlices.ts). Until then their state is absent;
 * read it with `lazyState` (src/store/lazyState.ts), which gives the initial state then.
 */
export type LazySlicesState = WithSlice<typeof embeddedSlice> &
  WithSlice<typeof namesSlice> &
  WithSlice<typeof onrampSlice> &
  WithSlice<typeof sendSlice> &
  WithSlice<typeof siwxSlice> &
  WithSlice<typeof smartAccountSlice> &
  WithSlice<typeof swapSlice> &
  WithSlice<typeof transactionsSlice> &
  WithSlice<typeof walletConnectSlice>

/**
 * A store's reducer (Redux Toolkit's `combineSlices`): the slices the first render and
 * `createPortico` need, and room for the lazy ones (`withLazyLoadedSlices`). One per
 * store: `inject` changes the reducer it is called on, and each store's runtime injects
 * its lazy slices caught up on what that store applied before (lazySlices.ts).
 */
export const createRootReducer = () =>
  combineSlices(accountSlice, alertsSlice, connectorsSlice, modalSlice, networkSlice, optionsSlice, routerSlice, walletsSlice).withLazyLoadedSlices<LazySlicesState>()

export type PorticoReducer = ReturnType<typeof createRootReducer>

/** A store's state: the lazy slices' keys are there once the runtime has injected them. */
export type PorticoState = ReturnType<PorticoReducer>

/** The state once every lazy slice is injected (a store made by `createFullStore` in tests). */
export type FullPorticoState = PorticoState & LazySlicesState
