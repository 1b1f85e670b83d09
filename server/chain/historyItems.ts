/**
 * Indexed transactions as SPEC §3 Transaction history items, seen from one account:
 * its transfers with their direction, fungible_info or nft_info, and an operation type
 * (SPEC §9 shows '+' for receive, '-' for burn, …).
 */
import { formatUnits, getAddress } from 'viem'
import type * as Wire from '../../src/shared/blockchainApi'
import { type IndexedTransfer, type StoredTransaction, ZERO_ADDRESS } from '../db/chainIndex'
import { type NativeCurrency } from './config'
import { type TokenMetadata } from './tokens'

/** Function selectors that mean "approve" when nothing moved. */
const APPROVE_SELECTORS = new Set(['0x095ea7b3', '0xa22cb465'])

export interface HistoryItemContext {
  /** Lower case. */
  account: string
  nativeCurrency(chainId: string): NativeCurrency
  /** Keyed by `${chainId}:${lower-case address}`. */
  tokens: ReadonlyMap<string, TokenMetadata>
  /** Unit price of a token in the requested currency, when known. */
  price(chainId: string, token: { address?: string | undefined; symbol: string }): number | undefined
  iconUrl(symbol: string): string
}

/**
 * @example
 * const item = toHistoryItem(tx, transfersOfTx, context)
 * item.metadata.operationType // 'receive'
 */
export function toHistoryItem(tx: StoredTransaction, transfers: readonly IndexedTransfer[], context: HistoryItemContext): Wire.TransactionHistoryItem {
  const account = context.account
  const wireTransfers = transfers.map((transfer) => toWireTransfer(transfer, context))
  const primary = transfers[0]
  const sentFrom = primary?.from ?? tx.from
  const sentTo = primary?.to ?? tx.to ?? ZERO_ADDRESS
  return {
    id: `${tx.chainId}:${tx.hash}`,
    metadata: {
      operationType: operationType(tx, transfers, account),
      status: tx.status,
      sentFrom: getAddress(sentFrom),
      sentTo: getAddress(sentTo),
      hash: tx.hash,
      minedAt: tx.minedAt.toISOString(),
      nonce: tx.nonce,
      chain: tx.chainId as Wire.TransactionMetadata['chain'],
    },
    transfers: wireTransfers,
  }

  function toWireTransfer(transfer: IndexedTransfer, ctx: HistoryItemContext): Wire.TransactionTransfer {
    const direction: Wire.TransactionTransfer['direction'] = transfer.from === account && transfer.to === account ? 'self' : transfer.from === account ? 'out' : 'in'
    if (transfer.standard === 'erc721') {
      const token = transfer.token === null ? undefined : ctx.tokens.get(`${transfer.chainId}:${transfer.token}`)
      return {
        direction,
        quantity: { numeric: '1' },
        nft_info: {
          name: `${token?.name ?? 'NFT'} #${transfer.amount}`,
          content: { preview: transfer.nftImage === null ? null : { url: transfer.nftImage } },
        },
      }
    }
    const fungible =
      transfer.standard === 'native' || transfer.token === null
        ? { ...ctx.nativeCurrency(transfer.chainId), address: undefined }
        : (ctx.tokens.get(`${transfer.chainId}:${transfer.token}`) ?? { name: 'Unknown token', symbol: '', decimals: 0, address: transfer.token })
    const numeric = formatUnits(BigInt(transfer.amount), fungible.decimals)
    const price = ctx.price(transfer.chainId, { address: fungible.address, symbol: fungible.symbol })
    return {
      direction,
      quantity: { numeric },
      ...(price === undefined ? {} : { price, value: Number(numeric) * price }),
      fungible_info: { name: fungible.name, symbol: fungible.symbol, icon: fungible.symbol ? { url: ctx.iconUrl(fungible.symbol) } : null },
    }
  }
}

function operationType(tx: StoredTransaction, transfers: readonly IndexedTransfer[], account: string): Wire.TransactionOperationType {
  if (tx.status === 'failed') return tx.from === account && tx.to === null ? 'deploy' : 'execute'
  if (tx.to === null && tx.from === account) return 'deploy'
  if (transfers.some((transfer) => transfer.from === ZERO_ADDRESS && transfer.to === account)) return 'mint'
  if (transfers.some((transfer) => transfer.to === ZERO_ADDRESS && transfer.from === account)) return 'burn'
  const sends = transfers.some((transfer) => transfer.from === account && transfer.to !== account)
  const receives = transfers.some((transfer) => transfer.to === account && transfer.from !== account)
  if (sends && receives) return 'trade'
  if (sends) return 'send'
  if (receives) return 'receive'
  if (transfers.length > 0) return 'send'
  if (tx.from === account && tx.selector !== null && APPROVE_SELECTORS.has(tx.selector)) return 'approve'
  return 'execute'
}
