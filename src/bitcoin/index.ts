/**
 * `portico/bitcoin`: the Bitcoin plugin (`bip122()`), its networks and address rule. Its
 * libraries (`sats-connect`, `bitcoin-address-validation`) are optional peer
 * dependencies of `portico` that an EVM-only or Solana dapp never installs.
 */
import type { PorticoBitcoinProvider } from '../plugins/bip122/dappProvider'
export * from '../plugins/bip122'

declare module '../createPortico' {
  /** `portico.getProvider('bip122')` once the dapp imports portico/bitcoin. */
  interface ProviderByNamespace {
    /** getAddresses, signMessage, signPsbt and sendTransfer in sats-connect's request shapes. */
    bip122: PorticoBitcoinProvider
  }
}
