export { solana, solanaFeatures, type SolanaPluginOptions } from './plugin'
export { isSolanaAddress } from './address'
export { solanaNetworks, solanaMainnet, solanaDevnet, solanaTestnet } from './networks'
export type { PorticoSolanaWallet } from './dappWallet'
