// The WalletConnect dev wallet: a real sign-client wallet over a development key
// (wallet.ts), its browser page (page.ts) and how to build and serve it (build.ts).
export { createWalletConnectDevWallet, DevWalletMethods, DevWalletEvents, SdkErrors } from './wallet'
export type { WalletConnectDevWallet, WalletConnectDevWalletOptions, DevWalletEvent, DevWalletProposal, DevWalletRequest, SessionSummary } from './wallet'
export { buildWalletConnectWallet, serveWalletConnectWallet, WC_WALLET_SCRIPT, WC_WALLET_CONFIG_SCRIPT, type ServedWalletConnectWallet } from './build'
export type { WalletConnectWalletPageConfig } from './page'
