export { selectActiveAccount, selectIsConnected, selectConnectedNamespaces } from './account'
export { resolveOpenRoute } from './openRoute'
export { selectHasBrowserWallet, selectConnectMethodOrder, selectSocialOptions } from './connectMethods'
export { orderWallets, selectOrderedWallets, type WalletItem } from './walletOrder'
