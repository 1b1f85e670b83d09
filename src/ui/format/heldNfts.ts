import type { TransactionHistoryItem } from '../../types/transaction'

export type HeldNft = { key: string; name: string; imageUrl: string | undefined }

/**
 * The NFTs the account still holds, read from its history (newest first, as the
 * history endpoint returns it): an NFT counts when its latest transfer came in, so one
 * sent away or burned later is left out. NFTs are told apart by name and image, the
 * only identity SPEC §3 gives them.
 *
 * @example
 * heldNfts(items) // [{ key: 'Pass #7|https://…', name: 'Pass #7', imageUrl: 'https://…' }]
 */
export function heldNfts(items: readonly TransactionHistoryItem[]): HeldNft[] {
  const seen = new Set<string>()
  const held: HeldNft[] = []
  for (const item of items) {
    for (const transfer of item.transfers) {
      if (!transfer.nft_info) continue
      const name = transfer.nft_info.name ?? 'NFT'
      const imageUrl = transfer.nft_info.content?.preview?.url
      const key = `${name}|${imageUrl ?? ''}`
      if (seen.has(key)) continue
      seen.add(key)
      if (transfer.direction === 'in' && item.metadata.status !== 'failed') held.push({ key, name, imageUrl })
    }
  }
  return held
}
