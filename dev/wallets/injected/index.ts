// The injected development wallet: an EIP-1193 provider over a dev key, announced by EIP-6963.
export { createDevWalletProvider, ProviderRpcError } from './provider'
export type { DevWalletOptions, DevWalletProvider, DevWalletEvent, RequestArguments } from './provider'
export { installDevWallet, DEV_WALLET_ICON, DEV_WALLET_NAME, DEV_WALLET_RDNS } from './install'
export type { InstallDevWalletOptions, InstalledDevWallet, WalletHost, WalletInfo } from './install'
