// Browser entry of the Bitcoin dev wallet, bundled by build.ts into one classic script.
// The page sets its configuration first, then loads the bundle:
//
//   <script src="./dev-bitcoin-wallet-config.js"></script>  // globalThis.PORTICO_DEV_BITCOIN_WALLET = { esploraUrl }
//   <script src="./dev-bitcoin-wallet.js"></script>
//
// Both are plain files, so the page's strict CSP holds (connect-src must list esploraUrl).
import { DEV_BITCOIN_ORDINALS_KEY_HEX, DEV_BITCOIN_PAYMENT_KEY_HEX, fromHex } from '../devKeys'
import { installBitcoinDevWallet, type InstalledBitcoinDevWallet } from './index'

export type BitcoinDevWalletPageConfig = {
  /** The local Esplora API (dev/esplora); the wallet starts on Regtest. */
  esploraUrl: string
}

declare global {
  var PORTICO_DEV_BITCOIN_WALLET: BitcoinDevWalletPageConfig | undefined
  var porticoBitcoinDevWallet: InstalledBitcoinDevWallet | undefined
}

const config = globalThis.PORTICO_DEV_BITCOIN_WALLET
if (config?.esploraUrl) {
  // Exposed for manual testing from the console (porticoBitcoinDevWallet.wallet.dev.addresses()).
  globalThis.porticoBitcoinDevWallet = installBitcoinDevWallet({
    esploraUrl: config.esploraUrl,
    paymentKey: fromHex(DEV_BITCOIN_PAYMENT_KEY_HEX),
    ordinalsKey: fromHex(DEV_BITCOIN_ORDINALS_KEY_HEX),
  })
}
