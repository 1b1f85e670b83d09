import { tx } from '../test/fixtures'
import { heldNfts } from './heldNfts'

const nft = (direction: string, name: string) => ({ direction, quantity: { numeric: '1' }, nft_info: { name, content: { preview: { url: `https://x/${name}.png` } } } })

describe('heldNfts', () => {
  it('keeps NFTs whose latest transfer came in (history is newest first)', () => {
    const items = [tx('3', 'send', [nft('out', 'A')]), tx('2', 'receive', [nft('in', 'B')]), tx('1', 'receive', [nft('in', 'A')])]
    expect(heldNfts(items).map((n) => n.name)).toEqual(['B'])
  })
  it('ignores fungible transfers and failed transactions', () => {
    const items = [tx('2', 'mint', [nft('in', 'C')], { status: 'failed' }), tx('1', 'receive', [{ direction: 'in', quantity: { numeric: '1' }, fungible_info: { symbol: 'ETH' } }])]
    expect(heldNfts(items)).toEqual([])
  })
  it('carries the preview image', () => expect(heldNfts([tx('1', 'mint', [nft('in', 'D')])])[0]!.imageUrl).toBe('https://x/D.png'))
})
