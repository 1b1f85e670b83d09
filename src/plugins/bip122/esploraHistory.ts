// A Bitcoin address's activity from an Esplora-compatible API (`GET
// /address/:address/txs`, then `/txs/chain/:last_seen_txid` for older pages), as SPEC §3
// history items. Loaded on first use, like the balance reader.
import { formatUnits } from 'viem'
import { HttpInvalidJsonError, ValidationError } from '../../errors'
import type { CaipNetwork } from '../../types/network'
import type { TransactionHistoryItem } from '../../types/transaction'
import type { HistoryPage } from '../types'
import { esploraUrlFor, getEsploraJson, type EsploraUrls } from './esplora'

/** What this reader uses of Esplora's transaction JSON. */
export type EsploraTransaction = {
  txid: string
  vin: { prevout: { scriptpubkey_address?: string | undefined; value: number } | null; is_coinbase?: boolean | undefined }[]
  vout: { scriptpubkey_address?: string | undefined; value: number }[]
  fee?: number | undefined
  status: { confirmed: boolean; block_time?: number | undefined }
}

/** Esplora pages confirmed transactions 25 at a time: a full page may have a next one. */
export const ESPLORA_CHAIN_PAGE = 25
const TXID = /^[0-9a-f]{64}$/

const isTransaction = (value: unknown): value is EsploraTransaction => {
  const tx = value as EsploraTransaction
  return Boolean(tx) && typeof tx.txid === 'string' && Array.isArray(tx.vin) && Array.isArray(tx.vout) && typeof tx.status?.confirmed === 'boolean'
}

/**
 * One Esplora transaction seen from `address`: a `send` when the address's balance went
 * down (the amount is what it lost, the fee included), else a `receive` of what it
 * gained. The counterparty is the first other address on the far side (none for a
 * coinbase).
 *
 * @example
 * toHistoryItem(tx, 'bcrt1q…', bitcoinRegtest)
 * // { id: txid, metadata: { operationType: 'receive', status: 'confirmed', sentFrom: '', sentTo: 'bcrt1q…', … },
 * //   transfers: [{ direction: 'in', quantity: { numeric: '0.01' }, fungible_info: { name: 'Bitcoin', symbol: 'BTC' } }] }
 */
export function toHistoryItem(tx: EsploraTransaction, address: string, network: CaipNetwork): TransactionHistoryItem {
  const spent = tx.vin.reduce((sum, input) => (input.prevout?.scriptpubkey_address === address ? sum + BigInt(input.prevout.value) : sum), 0n)
  const received = tx.vout.reduce((sum, output) => (output.scriptpubkey_address === address ? sum + BigInt(output.value) : sum), 0n)
  const change = received - spent
  const send = change < 0n
  const otherOutput = tx.vout.find((output) => output.scriptpubkey_address && output.scriptpubkey_address !== address)?.scriptpubkey_address
  const otherInput = tx.vin.find((input) => input.prevout?.scriptpubkey_address && input.prevout.scriptpubkey_address !== address)?.prevout?.scriptpubkey_address
  const { symbol, name, decimals } = network.nativeCurrency
  return {
    id: tx.txid,
    metadata: {
      operationType: send ? 'send' : 'receive',
      hash: tx.txid,
      minedAt: tx.status.confirmed && tx.status.block_time ? new Date(tx.status.block_time * 1000).toISOString() : '',
      sentFrom: send ? address : (otherInput ?? ''),
      sentTo: send ? (otherOutput ?? address) : address,
      status: tx.status.confirmed ? 'confirmed' : 'pending',
      chain: network.caipNetworkId,
    },
    transfers: [
      {
        direction: send ? 'out' : 'in',
        quantity: { numeric: formatUnits(send ? -change : change, decimals) },
        fungible_info: { name, symbol },
      },
    ],
  }
}

/**
 * A page of the address's history, newest first: unconfirmed transactions and the 25
 * latest confirmed ones, then (with `cursor`, the last txid seen) the 25 before it.
 *
 * @example
 * const first = await getBitcoinHistory('https://mempool.space/api', { address: 'bc1q…', network: bitcoin })
 * const older = first.next ? await getBitcoinHistory(url, { address, network: bitcoin, cursor: first.next }) : undefined
 */
export async function getBitcoinHistory(urls: EsploraUrls, { address, network, cursor }: { address: string; network: CaipNetwork; cursor?: string | undefined }): Promise<HistoryPage> {
  if (cursor !== undefined && !TXID.test(cursor)) throw new ValidationError('The history cursor must be a transaction id (64 hex characters).')
  const base = `${esploraUrlFor(urls, network)}/address/${encodeURIComponent(address)}/txs`
  const url = cursor ? `${base}/chain/${cursor}` : base
  const body = await getEsploraJson(url)
  if (!Array.isArray(body) || !body.every(isTransaction)) throw new HttpInvalidJsonError(url)
  const confirmed = body.filter((tx) => tx.status.confirmed)
  const last = confirmed[confirmed.length - 1]
  return {
    items: body.map((tx) => toHistoryItem(tx, address, network)),
    next: confirmed.length >= ESPLORA_CHAIN_PAGE && last ? last.txid : undefined,
  }
}
