// The bip122() plugin's `history` capability against the Esplora stand-in (dev/esplora):
// real transactions, signed here with bitcoinjs-lib, read back as SPEC §3 history items.
import { startEsplora, type Esplora } from '../../../dev/esplora'
import { regtestAccount as account, signSpend } from '../../../dev/esplora/testSpend'
import { HttpNetworkError, HttpStatusError, ValidationError } from '../../errors'
import { bitcoinRegtest } from './networks'
import { bip122 } from './plugin'

let esplora: Esplora
beforeAll(async () => {
  esplora = await startEsplora()
})
afterAll(() => esplora.stop())

const history = (urls = esplora.url) => bip122({ networks: [bitcoinRegtest], esploraUrl: urls }).history!

describe('bip122 history from Esplora', () => {
  it('lists sends and receives newest first, in BTC, with the counterparty and the block time', async () => {
    const alice = account()
    const bob = account()
    const funding = esplora.fund(alice.address, 1_000_000)
    const sent = esplora.chain.broadcast(signSpend(alice, funding, 1_000_000n, bob.address, 250_000n, { change: 749_000n }))
    const block = (txid: string) => esplora.chain.tx(txid)!.status as { block_time: number }

    const page = await history().getHistory({ address: alice.address, network: bitcoinRegtest })
    expect(page.next).toBeUndefined()
    expect(page.items).toEqual([
      {
        id: sent,
        metadata: {
          operationType: 'send',
          hash: sent,
          minedAt: new Date(block(sent).block_time * 1000).toISOString(),
          sentFrom: alice.address,
          sentTo: bob.address,
          status: 'confirmed',
          chain: bitcoinRegtest.caipNetworkId,
        },
        // What Alice's balance lost: the 0.0025 BTC paid and the 1000-sat fee.
        transfers: [{ direction: 'out', quantity: { numeric: '0.00251' }, fungible_info: { name: 'Bitcoin', symbol: 'BTC' } }],
      },
      {
        id: funding,
        metadata: expect.objectContaining({ operationType: 'receive', sentFrom: '', sentTo: alice.address, status: 'confirmed' }),
        transfers: [{ direction: 'in', quantity: { numeric: '0.01' }, fungible_info: { name: 'Bitcoin', symbol: 'BTC' } }],
      },
    ])
    const bobs = await history().getHistory({ address: bob.address, network: bitcoinRegtest })
    expect(bobs.items).toEqual([
      expect.objectContaining({
        id: sent,
        metadata: expect.objectContaining({ operationType: 'receive', sentFrom: alice.address, sentTo: bob.address }),
        transfers: [expect.objectContaining({ direction: 'in', quantity: { numeric: '0.0025' } })],
      }),
    ])
  })

  it('pages 25 confirmed transactions at a time by the last txid seen', async () => {
    const carol = account()
    const fundings = Array.from({ length: 26 }, () => esplora.fund(carol.address, 1_000)).reverse()
    const first = await history().getHistory({ address: carol.address, network: bitcoinRegtest })
    expect(first.items.map((i) => i.id)).toEqual(fundings.slice(0, 25))
    expect(first.next).toBe(fundings[24])
    const second = await history().getHistory({ address: carol.address, network: bitcoinRegtest, cursor: first.next })
    expect(second.items.map((i) => i.id)).toEqual(fundings.slice(25))
    expect(second.next).toBeUndefined()
  })

  it('shows an unconfirmed transaction as pending, with no time yet', async () => {
    const manual = await startEsplora({ autoMine: false })
    try {
      const alice = account()
      const bob = account()
      const funding = manual.fund(alice.address, 50_000)
      const sent = manual.chain.broadcast(signSpend(alice, funding, 50_000n, bob.address, 40_000n))
      const { items } = await history(manual.url).getHistory({ address: bob.address, network: bitcoinRegtest })
      expect(items).toEqual([expect.objectContaining({ id: sent, metadata: expect.objectContaining({ status: 'pending', minedAt: '', operationType: 'receive' }) })])
    } finally {
      await manual.stop()
    }
  })

  it('fails with the service errors, and refuses a cursor that is not a txid before any request', async () => {
    await expect(history().getHistory({ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', network: bitcoinRegtest })).rejects.toBeInstanceOf(HttpStatusError)
    const closed = await startEsplora()
    const url = closed.url
    await closed.stop()
    await expect(history(url).getHistory({ address: account().address, network: bitcoinRegtest })).rejects.toBeInstanceOf(HttpNetworkError)
    await expect(history().getHistory({ address: account().address, network: bitcoinRegtest, cursor: '../utxo' })).rejects.toBeInstanceOf(ValidationError)
  })
})
