import { combineSlices } from '@reduxjs/toolkit'
import { accountSlice } from './slices/account'
import { alertsSlice } from './slices/alerts'
import { connectorsSlice } from './slices/connectors'
import { embeddedSlice } from './slices/embedded'
import { modalSlice } from './slices/modal'
import { namesSlice } from './slices/names'
import { networkSlice } from './slices/network'
import { onrampSlice } from './slices/onramp'
import { optionsSlice } from './slices/options'
import { routerSlice } from './slices/router'
import { sendSlice } from './slices/send'
import { siwxSlice } from './slices/siwx'
import { smartAccountSlice } from './slices/smartAccount'
import { swapSlice } from './slices/swap'
import { transactionsSlice } from './slices/transactions'
import { walletConnectSlice } from './slices/walletConnect'
import { walletsSlice } from './slices/wallets'

export const rootReducer = combineSlices(
  accountSlice,
  alertsSlice,
  connectorsSlice,
  embeddedSlice,
  modalSlice,
  namesSlice,
  networkSlice,
  onrampSlice,
  optionsSlice,
  routerSlice,
  sendSlice,
  siwxSlice,
  smartAccountSlice,
  swapSlice,
  transactionsSlice,
  walletsSlice,
  walletConnectSlice,
)

export type PorticoState = ReturnType<typeof rootReducer>
