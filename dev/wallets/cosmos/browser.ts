// Browser entry of the Keplr-style Cosmos dev wallet, bundled into one classic script.
// The page sets its configuration first, then loads the bundle:
//
//   <script src="./dev-cosmos-wallet-config.js"></script>  // globalThis.PORTICO_DEV_COSMOS_WALLET = { chainIds }
//   <script src="./dev-cosmos-wallet.js"></script>
//
// The wallet signs only; it never calls the network, so the page's CSP needs nothing for it.
import { DEV_COSMOS_KEY_HEX, fromHex } from '../devKeys'
import { installKeplrDevWallet, type InstalledKeplrDevWallet } from './index'

export type KeplrDevWalletPageConfig = {
  /** The chain ids the wallet serves (the local node's, dev/cosmos). */
  chainIds: string[]
}

declare global {
  var PORTICO_DEV_COSMOS_WALLET: KeplrDevWalletPageConfig | undefined
  var porticoCosmosDevWallet: InstalledKeplrDevWallet | undefined
}

const config = globalThis.PORTICO_DEV_COSMOS_WALLET
if (config?.chainIds.length) {
  // Exposed for the browser tests and the console (porticoCosmosDevWallet.wallet.dev.address()).
  globalThis.porticoCosmosDevWallet = installKeplrDevWallet({ privateKey: fromHex(DEV_COSMOS_KEY_HEX), chainIds: config.chainIds })
}
