export { createStore, type PorticoStore, type PorticoDispatch, type CreateStoreParameters } from './createStore'
export type { PorticoState } from './rootReducer'
export { SpecViews, CloseBlockingViews, type Route, type ViewName, type RouteParams } from './routes'
export * from './selectors'
export { accountActions, emptyAccount, type AccountState, type ConnectionStatus } from './slices/account'
export { alertsActions, selectAlerts, selectToast, type Toast, type ToastVariant } from './slices/alerts'
export { connectorsActions, type RecentWallet } from './slices/connectors'
export { embeddedActions, type EmbeddedStep, type FrameStatus } from './slices/embedded'
export { modalActions, selectIsOpen, selectIsLoading, selectIsShaking } from './slices/modal'
export { namesActions, type NamesState } from './slices/names'
export { networkActions, selectNetworks, selectActiveNetwork, selectIsUnsupported, selectSwitchingTo } from './slices/network'
export { onrampActions } from './slices/onramp'
export { optionsActions, selectOptions, selectFeatures, selectThemeMode, selectThemeVariables } from './slices/options'
export { routerActions, selectRoute, selectView, selectCanGoBack, selectHistory } from './slices/router'
export { sendActions } from './slices/send'
export { siwxActions, type SiwxState } from './slices/siwx'
export { swapActions } from './slices/swap'
export { transactionsActions } from './slices/transactions'
export { walletsActions } from './slices/wallets'
export {
  walletConnectActions,
  isPairingExpired,
  selectWalletConnect,
  selectPairingUri,
  selectPairingStatus,
  selectPairingExpiresAt,
  selectWalletConnectError,
  selectWalletConnectSession,
  type PairingStatus,
  type WalletConnectState,
  type WalletConnectSessionSummary,
} from './slices/walletConnect'
