// Browser entry of the dev wallet, bundled by build.ts into one classic script. The
// page sets its configuration first, then loads the bundle:
//
//   <script src="/dev-wallet-config.js"></script>  // globalThis.PORTICO_DEV_WALLET = { rpcUrls: { 1: '...', 10: '...' } }
//   <script src="/dev-wallet.js"></script>
//
// Both are plain files, so the page's strict Content-Security-Policy still holds
// (script-src 'self'; connect-src must list the chains' RPC URLs).
import type { Hex } from 'viem'
import { installDevWallet, type InstalledDevWallet } from './install'

export type DevWalletPageConfig = {
  rpcUrls: Record<string, string>
  privateKey?: Hex
  chainId?: number
  legacy?: boolean
}

declare global {
  var PORTICO_DEV_WALLET: DevWalletPageConfig | undefined
  var porticoDevWallet: InstalledDevWallet | undefined
}

const config = globalThis.PORTICO_DEV_WALLET
if (!config?.rpcUrls || Object.keys(config.rpcUrls).length === 0) {
  console.warn('Portico Dev Wallet: set globalThis.PORTICO_DEV_WALLET = { rpcUrls } before loading dev-wallet.js')
} else {
  // A wallet extension remembers the sites the visitor connected, across reloads; the dev
  // wallet keeps that in the page's own storage (it has no extension storage).
  const key = 'portico-dev-wallet:authorized'
  const remembered = (() => {
    try {
      return localStorage.getItem(key) === '1'
    } catch {
      return false
    }
  })()
  const remember = (authorized: boolean) => {
    try {
      if (authorized) localStorage.setItem(key, '1')
      else localStorage.removeItem(key)
    } catch {
      // Storage blocked: the wallet forgets on reload, as a private window's extension would.
    }
  }
  // Exposed for manual testing from the console (porticoDevWallet.provider.setAccount(...)).
  globalThis.porticoDevWallet = installDevWallet({ ...config, window, authorized: remembered, onAuthorizedChange: remember })
}
