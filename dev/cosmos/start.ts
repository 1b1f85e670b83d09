// `npx tsx dev/cosmos/start.ts`, beside a running `npm start`: the cosmos example's dapp
// page (examples/cosmos-plugin/demo) with the Keplr-style dev wallet, on a local Cosmos
// node stand-in whose dev account holds 10 ATOM, the modal on the stack's services at
// their `npm start` ports. Kept out of `npm start` so the stack (and every browser test
// that starts it) does not build a second dapp.
import os from 'node:os'
import path from 'node:path'
import { runService } from '../runService'
import { KeplrDevWallet } from '../wallets/cosmos'
import { DEV_COSMOS_KEY_HEX, fromHex } from '../wallets/devKeys'
import { serveCosmosExample } from './examplePage'
import { startCosmosNode } from './server'

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback)

runService(async () => {
  const node = await startCosmosNode({ port: port('COSMOS_REST_PORT', 1317) })
  const visitor = new KeplrDevWallet({ privateKey: fromHex(DEV_COSMOS_KEY_HEX), chainIds: [] }).dev.address()
  node.ledger.fund(visitor, 10_000_000n)
  const server = `http://127.0.0.1:${port('PORT', 8787)}`
  const page = await serveCosmosExample({
    node,
    outdir: path.join(os.tmpdir(), 'portico-cosmos-example'),
    projectId: 'portico-dev',
    endpoints: { blockchainApi: server, walletListing: server, secureFrame: `http://127.0.0.1:${port('SECURE_PAGE_PORT', 8788)}`, relay: `ws://127.0.0.1:${port('RELAY_PORT', 8789)}` },
    port: port('COSMOS_EXAMPLE_PORT', 5175),
  })
  console.log(`\nCosmos example: ${page.url}\n  Cosmos REST (LCD) stand-in: ${node.url}  dev wallet ${visitor} (10 ATOM)\nPress Ctrl+C to stop.`)
  return async () => {
    await page.close()
    await node.stop()
  }
})
