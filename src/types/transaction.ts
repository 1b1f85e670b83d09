/** SPEC §3 Transaction history item. */
export type TransactionHistoryItem = {
  id: string
  metadata: {
    operationType: string
    hash: string
    minedAt: string
    sentFrom: string
    sentTo: string
    status: 'confirmed' | 'failed' | 'pending' | (string & {})
    nonce?: number | undefined
    chain?: string | undefined
  }
  transfers: TransactionTransfer[]
}

export type TransactionTransfer = {
  direction: 'in' | 'out' | 'self' | (string & {})
  quantity: { numeric: string }
  value?: number | undefined
  price?: number | undefined
  fungible_info?: { name?: string | undefined; symbol?: string | undefined; icon?: { url: string } | undefined } | undefined
  nft_info?: { name?: string | undefined; content?: { preview?: { url: string } | undefined } | undefined } | undefined
}
