// A small Cosmos SDK REST (LCD) stand-in over CosmosLedger: the bank balance and auth
// account queries and the legacy Amino JSON broadcast (`POST /txs`), with CORS, so a page
// on another origin reads it like a public node. What the example cosmos plugin and its
// browser test use: Debian and npm ship no Cosmos node (gaiad).
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CaipNetwork } from 'portico'
import type { CosmosChainInfo } from '../../examples/cosmos-plugin/src/networks'
import { readBody } from '../readBody'
import { CosmosLedger, CosmosTxError, SdkCodes } from './ledger'

export type CosmosNode = {
  /** Base URL of the REST API, e.g. `http://127.0.0.1:53012`. */
  url: string
  ledger: CosmosLedger
  /** The local network, as a dapp configures it, and the plugin's chain info for it. */
  network: CaipNetwork
  chain: CosmosChainInfo
  stop(): Promise<void>
}

/** The local chain: Cosmos Hub-like (ATOM, 6 decimals, uatom, `cosmos` prefix). */
export const COSMOS_LOCAL_CHAIN_ID = 'cosmoshub-local'
const MAX_BODY_BYTES = 64_000

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' })
  res.end(JSON.stringify(body))
}

/** gRPC-gateway's error body, as a node's REST API answers a failed query. */
const notFound = (message: string) => ({ code: 5, message, details: [] })

export async function startCosmosNode({ port = 0, fee = { amount: '2000', gas: '200000' } }: { port?: number; fee?: CosmosChainInfo['fee'] } = {}): Promise<CosmosNode> {
  const ledger = new CosmosLedger(COSMOS_LOCAL_CHAIN_ID, 'uatom')
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (req.method === 'OPTIONS') return reply(res, 204, {})
      const balances = url.pathname.match(/^\/cosmos\/bank\/v1beta1\/balances\/([^/]+)$/)
      if (req.method === 'GET' && balances) {
        const amount = ledger.balanceOf(decodeURIComponent(balances[1]!))
        const list = amount > 0n ? [{ denom: ledger.denom, amount: amount.toString() }] : []
        return reply(res, 200, { balances: list, pagination: { next_key: null, total: String(list.length) } })
      }
      const accounts = url.pathname.match(/^\/cosmos\/auth\/v1beta1\/accounts\/([^/]+)$/)
      if (req.method === 'GET' && accounts) {
        const address = decodeURIComponent(accounts[1]!)
        const account = ledger.accountOf(address)
        if (!account) return reply(res, 404, notFound(`account ${address} not found`))
        return reply(res, 200, {
          account: { '@type': '/cosmos.auth.v1beta1.BaseAccount', address, pub_key: null, account_number: account.accountNumber.toString(), sequence: account.sequence.toString() },
        })
      }
      if (req.method === 'POST' && url.pathname === '/txs') {
        let body: string
        try {
          body = await readBody(req, MAX_BODY_BYTES)
        } catch {
          return reply(res, 413, { error: 'request body too large' })
        }
        try {
          const { tx } = JSON.parse(body) as { tx: Parameters<CosmosLedger['deliver']>[0] }
          const txhash = ledger.deliver(tx, new TextEncoder().encode(JSON.stringify(tx)))
          return reply(res, 200, { height: '0', txhash, code: 0, raw_log: '[]' })
        } catch (error) {
          // A node answers a refused transaction with 200 and the check's code, as `sync` broadcasts do.
          const refusal = error instanceof CosmosTxError ? error : new CosmosTxError(SdkCodes.txDecode, `tx parse error: ${(error as Error).message}`)
          return reply(res, 200, { height: '0', txhash: '', code: refusal.code, codespace: 'sdk', raw_log: refusal.message })
        }
      }
      reply(res, 404, notFound(`Not Implemented: ${req.method} ${url.pathname}`))
    })()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const network: CaipNetwork = {
    id: COSMOS_LOCAL_CHAIN_ID,
    chainNamespace: 'cosmos',
    caipNetworkId: `cosmos:${COSMOS_LOCAL_CHAIN_ID}`,
    name: 'Cosmos Hub Local',
    nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
    rpcUrls: { default: { http: [] } },
    testnet: true,
  }
  return {
    url,
    ledger,
    network,
    chain: { restUrl: url, denom: ledger.denom, fee },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
