/**
 * `portico/solana`: the Solana plugin (`solana()`, its networks and address rule) and
 * Portico for dapps on the Solana wallet adapter (`PorticoWalletAdapter`). Its libraries
 * (`@solana/kit`, `@solana/web3.js`, `@solana/wallet-adapter-base`,
 * `@solana-program/token`, `@wallet-standard/app`) are optional peer dependencies of
 * `portico` that an EVM-only dapp never installs.
 */
import type { PorticoSolanaWallet } from '../plugins/solana/dappWallet'
export { PorticoWalletAdapter, PorticoWalletName } from './porticoWalletAdapter'
export * from '../plugins/solana'

declare module '../createPortico' {
  /** `portico.getProvider('solana')` once the dapp imports portico/solana. */
  interface ProviderByNamespace {
    /** A Wallet Standard wallet (standard:connect/disconnect/events, solana:signMessage/signTransaction/signAndSendTransaction). */
    solana: PorticoSolanaWallet
  }
}
