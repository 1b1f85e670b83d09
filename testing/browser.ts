// The development wallets as one classic script, for a page that cannot import
// `portico/testing` (plain HTML) and for the Playwright helpers, which add it to every
// page of a test (testing/playwright.ts). The page, or an init script, sets the config first:
//
//   globalThis.PORTICO_DEV_WALLETS = { evm: { rpcUrls: { 1: 'http://127.0.0.1:8545' } }, solana: { rpcUrl }, bitcoin: { esploraUrl } }
import { installDevWallets, type DevWalletsOptions, type InstalledDevWallets } from './index'

declare global {
  var PORTICO_DEV_WALLETS: DevWalletsOptions | undefined
  var porticoDevWallets: Promise<InstalledDevWallets> | undefined
}

const config = globalThis.PORTICO_DEV_WALLETS
if (config) globalThis.porticoDevWallets = installDevWallets(config)
else console.warn('Portico dev wallets: set globalThis.PORTICO_DEV_WALLETS before loading dev-wallets.js')
