// BTC balance from an Esplora-compatible API (`GET /address/:address`, the API of
// mempool.space and blockstream.info, and of the dev stand-in). Loaded on first use.
import { Time } from '../../config/constants'
import { HttpInvalidJsonError, HttpNetworkError, HttpStatusError, HttpTimeoutError, ServiceError } from '../../errors'
import type { CaipNetwork, CaipNetworkId } from '../../types/network'
import type { BalanceCapability } from '../types'

type Balance = Awaited<ReturnType<BalanceCapability['getBalance']>>
type TxoStats = { funded_txo_sum: number; spent_txo_sum: number }
type AddressStats = { chain_stats: TxoStats; mempool_stats: TxoStats }

/** Esplora base URLs by network; a string applies to every network. */
export type EsploraUrls = string | Readonly<Partial<Record<CaipNetworkId, string>>>

export function esploraUrlFor(urls: EsploraUrls, network: CaipNetwork): string {
  const url = typeof urls === 'string' ? urls : urls[network.caipNetworkId]
  if (!url) {
    throw new ServiceError(`No Esplora API is configured for ${network.name}`, {
      code: 'bip122/no-esplora-url',
      metaMessages: [`Network: ${network.caipNetworkId}`, 'Pass one with bip122({ esploraUrl }).'],
    })
  }
  return url.replace(/\/+$/, '')
}

const isStats = (value: unknown): value is TxoStats => Boolean(value) && typeof (value as TxoStats).funded_txo_sum === 'number' && typeof (value as TxoStats).spent_txo_sum === 'number'

/**
 * The address's balance in sats: funded minus spent outputs, confirmed (`chain_stats`)
 * plus unconfirmed (`mempool_stats`), as wallets show it.
 *
 * @example
 * await getBitcoinBalance('https://mempool.space/api', { address: 'bc1q…', network: bitcoin })
 * // { value: '150000', decimals: 8, symbol: 'BTC' }
 */
export async function getBitcoinBalance(urls: EsploraUrls, { address, network }: { address: string; network: CaipNetwork }): Promise<Balance> {
  const url = `${esploraUrlFor(urls, network)}/address/${encodeURIComponent(address)}`
  const body = (await getEsploraJson(url)) as AddressStats
  if (!isStats(body?.chain_stats) || !isStats(body?.mempool_stats)) throw new HttpInvalidJsonError(url)
  const sats = BigInt(body.chain_stats.funded_txo_sum) - BigInt(body.chain_stats.spent_txo_sum) + BigInt(body.mempool_stats.funded_txo_sum) - BigInt(body.mempool_stats.spent_txo_sum)
  return { value: sats.toString(), decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
}

/**
 * GETs `url` (an Esplora route) with the SPEC §9 RPC timeout and parses its JSON; HTTP
 * failures become the SPEC §7 service errors.
 *
 * @example
 * await getEsploraJson('https://mempool.space/api/address/bc1q…/txs') // [{ txid, vin, vout, status, … }]
 */
export async function getEsploraJson(url: string): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(Time.rpcTimeoutMs), headers: { accept: 'application/json' } })
  } catch (error) {
    if ((error as Error)?.name === 'TimeoutError') throw new HttpTimeoutError(url, Time.rpcTimeoutMs, { cause: error })
    throw new HttpNetworkError(url, { cause: error })
  }
  if (!response.ok) throw new HttpStatusError(response.status, url, { details: await response.text().catch(() => undefined) })
  try {
    return (await response.json()) as unknown
  } catch (error) {
    throw new HttpInvalidJsonError(url, { cause: error })
  }
}
