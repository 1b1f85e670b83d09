// Browser entry of the Solana dev wallet, bundled by build.ts into one classic script.
// The page sets its configuration first, then loads the bundle:
//
//   <script src="./dev-solana-wallet-config.js"></script>  // globalThis.PORTICO_DEV_SOLANA_WALLET = { rpcUrl }
//   <script src="./dev-solana-wallet.js"></script>
//
// Both are plain files, so the page's strict CSP holds (connect-src must list rpcUrl).
import { DEV_SOLANA_SEED_HEX, fromHex } from '../devKeys'
import { installSolanaDevWallet, type InstalledSolanaDevWallet } from './index'

export type SolanaDevWalletPageConfig = {
  /** The local Solana RPC (dev/solana); the wallet serves `solana:localnet` through it. */
  rpcUrl: string
  name?: string
}

declare global {
  var PORTICO_DEV_SOLANA_WALLET: SolanaDevWalletPageConfig | undefined
  var porticoSolanaDevWallet: InstalledSolanaDevWallet | undefined
}

const config = globalThis.PORTICO_DEV_SOLANA_WALLET
if (config?.rpcUrl) {
  void installSolanaDevWallet({
    rpcUrl: config.rpcUrl,
    seeds: [fromHex(DEV_SOLANA_SEED_HEX)],
    chains: ['solana:localnet'],
    name: config.name ?? 'Portico Dev Solana Wallet',
  }).then((installed) => {
    // Exposed for manual testing from the console (porticoSolanaDevWallet.wallet.dev.addresses()).
    globalThis.porticoSolanaDevWallet = installed
  })
}
