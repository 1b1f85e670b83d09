// A small Esplora-compatible HTTP API (the API of blockstream.info and mempool.space)
// over an in-memory regtest chain: what Portico's bip122 plugin and the dev Bitcoin
// wallet use. A development stand-in: Debian and npm ship no bitcoind (MACHINE-NOTES.md).
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { BitcoinChain, RejectedTransaction, type BitcoinNetworkName } from './chain'
import { readBody } from '../readBody'
import { closeServer } from '../closeServer'

export type EsploraOptions = {
  /** TCP port on 127.0.0.1; a free one by default. */
  port?: number | undefined
  host?: string | undefined
  /** Address network the API serves; `regtest` (bcrt1…) by default. */
  network?: BitcoinNetworkName | undefined
  /** Confirm each accepted transaction at once (default). Off, transactions wait for `mine()`. */
  autoMine?: boolean | undefined
  /** Answer of `GET /fee-estimates` (confirmation target in blocks → sat/vB). */
  feeEstimates?: Record<string, number> | undefined
}

export type Esplora = {
  /** Base URL of the API, e.g. `http://127.0.0.1:53012` (Esplora paths hang off it). */
  url: string
  chain: BitcoinChain
  /** Pays `sats` to `address` in a new block; returns the txid. */
  fund(address: string, sats: bigint | number): string
  /** Confirms the mempool in a new block; returns its height. */
  mine(): number
  stop(): Promise<void>
}

const DEFAULT_FEE_ESTIMATES = { '1': 3, '3': 2, '6': 1.5, '144': 1, '1008': 1 }
const MAX_BODY_BYTES = 400_000 // a standard transaction is at most 400,000 weight units

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
    'access-control-allow-origin': '*',
  })
  res.end(text)
}

type Route = { method: string; pattern: RegExp; handle: (match: RegExpMatchArray, body: string) => [number, unknown] }

function routes(chain: BitcoinChain, feeEstimates: Record<string, number>): Route[] {
  const withAddress = (address: string, answer: () => unknown): [number, unknown] => {
    try {
      chain.scriptOf(address)
    } catch {
      return [400, 'Invalid Bitcoin address']
    }
    return [200, answer()]
  }
  const withTx = (txid: string, answer: (tx: NonNullable<ReturnType<BitcoinChain['tx']>>) => unknown): [number, unknown] => {
    const tx = chain.tx(txid)
    return tx ? [200, answer(tx)] : [404, 'Transaction not found']
  }
  return [
    { method: 'GET', pattern: /^\/address\/([^/]+)$/, handle: ([, address]) => withAddress(address!, () => chain.addressStats(address!)) },
    { method: 'GET', pattern: /^\/address\/([^/]+)\/utxo$/, handle: ([, address]) => withAddress(address!, () => chain.utxos(address!)) },
    { method: 'GET', pattern: /^\/address\/([^/]+)\/txs$/, handle: ([, address]) => withAddress(address!, () => chain.addressTxs(address!)) },
    {
      method: 'GET',
      pattern: /^\/address\/([^/]+)\/txs\/chain(?:\/([0-9a-f]{64}))?$/,
      handle: ([, address, lastSeen]) => withAddress(address!, () => (lastSeen ? chain.addressTxs(address!, lastSeen) : chain.addressTxs(address!).filter((tx) => tx.status.confirmed))),
    },
    { method: 'GET', pattern: /^\/tx\/([0-9a-f]{64})$/, handle: ([, txid]) => withTx(txid!, () => chain.txJson(txid!)) },
    { method: 'GET', pattern: /^\/tx\/([0-9a-f]{64})\/status$/, handle: ([, txid]) => withTx(txid!, (tx) => tx.status) },
    { method: 'GET', pattern: /^\/tx\/([0-9a-f]{64})\/hex$/, handle: ([, txid]) => withTx(txid!, (tx) => tx.hex) },
    { method: 'GET', pattern: /^\/blocks\/tip\/height$/, handle: () => [200, String(chain.tip.height)] },
    { method: 'GET', pattern: /^\/blocks\/tip\/hash$/, handle: () => [200, chain.tip.hash] },
    { method: 'GET', pattern: /^\/fee-estimates$/, handle: () => [200, feeEstimates] },
    {
      method: 'POST',
      pattern: /^\/tx$/,
      handle: (_match, body) => {
        try {
          return [200, chain.broadcast(body.trim())]
        } catch (error) {
          if (error instanceof RejectedTransaction) return [400, error.message]
          throw error
        }
      },
    },
  ]
}

/**
 * Starts the Esplora stand-in on 127.0.0.1 (a free port unless `port` is given).
 *
 * @example
 * const esplora = await startEsplora()
 * esplora.fund('bcrt1q…', 100_000)
 * await fetch(`${esplora.url}/address/bcrt1q…`).then((r) => r.json()) // { chain_stats: { funded_txo_sum: 100000, … } }
 * await esplora.stop()
 */
export async function startEsplora(options: EsploraOptions = {}): Promise<Esplora> {
  const chain = new BitcoinChain(options.network ?? 'regtest', options.autoMine ?? true)
  const table = routes(chain, options.feeEstimates ?? DEFAULT_FEE_ESTIMATES)
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '86400',
      })
      res.end()
      return
    }
    const path = new URL(req.url ?? '/', 'http://esplora').pathname
    const route = table.find((candidate) => candidate.method === req.method && candidate.pattern.test(path))
    if (!route) {
      reply(res, 404, 'Not Found')
      return
    }
    readBody(req, MAX_BODY_BYTES * 2).then(
      (body) => {
        try {
          const [status, answer] = route.handle(path.match(route.pattern)!, body)
          reply(res, status, answer)
        } catch (error) {
          reply(res, 500, (error as Error).message)
        }
      },
      () => reply(res, 413, 'Payload Too Large'),
    )
  })
  server.keepAliveTimeout = 1_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    chain,
    fund: (address, sats) => chain.fund(address, sats),
    mine: () => chain.mine(),
    stop: () => closeServer(server),
  }
}
