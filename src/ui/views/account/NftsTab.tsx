import { Avatar } from '../../components/Avatar'
import { heldNfts } from '../../format/heldNfts'
import { EmptyState, ErrorState, Loading } from '../../components/StatusMessage'
import { translate } from '../../strings'
import { useStrings } from '../../useStrings'
import { imageUrl } from './imageUrl'
import { useHistory } from './useHistory'

/** Account → NFTs: the NFTs the account holds according to its history, with their preview images. */
export function NftsTab() {
  const t = useStrings()
  const history = useHistory()
  const nfts = heldNfts(history.items)
  if (history.status === 'error' && nfts.length === 0) return <ErrorState message={history.error ? translate(t, history.error) : t.errors.failedToFetchTransactions} onRetry={history.retry} />
  if (nfts.length === 0 && history.status !== 'loaded') return <Loading label={t.loadingNfts} />
  if (nfts.length === 0) return <EmptyState message={t.noNfts} />
  return (
    <ul className="portico-nft-grid" data-testid="portico-nft-grid">
      {nfts.map((nft) => (
        <li key={nft.key} className="portico-nft">
          {nft.imageUrl ? <img src={imageUrl(nft.imageUrl)} alt="" /> : <Avatar name={nft.name} size="lg" />}
          <span className="portico-small">{nft.name}</span>
        </li>
      ))}
    </ul>
  )
}
