/**
 * `portico/bitcoin`: the Bitcoin plugin (`bip122()`), its networks and address rule. Its
 * libraries (`sats-connect`, `bitcoin-address-validation`) are optional peer
 * dependencies of `portico` that an EVM-only or Solana dapp never installs.
 */
export * from '../plugins/bip122'
