import type { HistoryCapability } from '../types'
import type { EsploraUrls } from './esplora'

/**
 * The `history` capability of `bip122()`: the account's transactions from its network's
 * Esplora API (`GET /address/:address/txs`). Loads the reader (and viem's unit formatter)
 * on first call, so creating the plugin stays cheap.
 *
 * @example
 * const page = await bip122History('https://mempool.space/api').getHistory({ address: 'bc1q…', network: bitcoin })
 */
export function bip122History(esploraUrl: EsploraUrls): HistoryCapability {
  return {
    async getHistory(parameters) {
      return (await import('./esploraHistory')).getBitcoinHistory(esploraUrl, parameters)
    },
  }
}
