/**
 * `portico/solana`: Portico for dapps on the Solana wallet adapter. Needs
 * `@solana/web3.js`, an optional peer dependency of `portico` that an EVM-only dapp never
 * installs.
 */
export { PorticoWalletAdapter, PorticoWalletName } from './porticoWalletAdapter'
