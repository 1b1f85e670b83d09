import type { TransactionHistoryItem } from '../../types/transaction'
import { formatAmount } from './formatAmount'
import { transactionSign, type TransactionSign } from './transactionSign'
import { truncateAddress } from './truncateAddress'

/** One transfer of a history item, ready to show. */
export type TransferLine = {
  kind: 'nft' | 'fungible'
  sign: TransactionSign
  /** Amount and symbol for a fungible transfer ('1.235 ETH'), the name for an NFT. */
  text: string
  imageUrl: string | undefined
}

export type TransactionDisplayModel = {
  id: string
  /** The SPEC §3 operation, or for a contract call that moved tokens what it did with them (send, receive, trade). */
  operationType: string
  status: string
  minedAt: string
  lines: TransferLine[]
  /** The other side of a send or receive, truncated 4…6 (SPEC §9). */
  counterparty: { direction: 'to' | 'from'; address: string } | undefined
}

/**
 * Turns a SPEC §3 history item into what the Activity list shows: fungible amounts
 * with 3 decimals, '+'/'-' by SPEC §9, NFT and token images, and the counterparty's
 * address truncated in the middle. Amounts are written for `locale` when one is given.
 *
 * @example
 * describeTransaction(item).lines[0] // { kind: 'fungible', sign: '+', text: '0.500 ETH', imageUrl: '…' }
 */
export function describeTransaction(item: TransactionHistoryItem, locale?: string): TransactionDisplayModel {
  const { operationType, status, minedAt, sentFrom, sentTo } = item.metadata
  const lines = item.transfers.map((transfer): TransferLine => {
    const sign = transactionSign(operationType, transfer.direction)
    if (transfer.nft_info) {
      return { kind: 'nft', sign, text: `${sign}${transfer.nft_info.name ?? 'NFT'}`, imageUrl: transfer.nft_info.content?.preview?.url }
    }
    const symbol = transfer.fungible_info?.symbol ?? ''
    return {
      kind: 'fungible',
      sign,
      text: `${sign}${formatAmount(transfer.quantity.numeric, undefined, locale)}${symbol ? ` ${symbol}` : ''}`,
      imageUrl: transfer.fungible_info?.icon?.url,
    }
  })
  const type = describedOperation(operationType.toLowerCase(), item.transfers)
  // A send, or a call the account made (an approval names the token's contract, a call
  // the contract): 'to' the address it went to. A receive: 'from' its sender.
  const counterparty =
    (type === 'send' || type === 'approve' || type === 'execute') && sentTo
      ? { direction: 'to' as const, address: truncateAddress(sentTo) }
      : type === 'receive' && sentFrom
        ? { direction: 'from' as const, address: truncateAddress(sentFrom) }
        : undefined
  return { id: item.id, operationType: type, status, minedAt, lines, counterparty }
}

/**
 * 'execute' only says a contract was called; when the call moved tokens, what the
 * visitor wants to read is what happened to them: out only is a send, in only a
 * receive, both ways a swap. Every other operation is already a description.
 */
function describedOperation(type: string, transfers: TransactionHistoryItem['transfers']): string {
  if (type !== 'execute' || transfers.length === 0) return type
  const out = transfers.some((transfer) => transfer.direction === 'out')
  const into = transfers.some((transfer) => transfer.direction === 'in')
  return out && into ? 'trade' : out ? 'send' : into ? 'receive' : type
}
