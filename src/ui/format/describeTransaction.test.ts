import { tx } from '../test/fixtures'
import { describeTransaction } from './describeTransaction'

describe('describeTransaction (SPEC §9 history display)', () => {
  it('fungible transfers: sign, 3 decimals, symbol and token image', () => {
    const model = describeTransaction(tx('1', 'receive', [{ direction: 'in', quantity: { numeric: '0.12345' }, fungible_info: { symbol: 'ETH', icon: { url: 'https://x/eth.png' } } }]))
    expect(model.lines).toEqual([{ kind: 'fungible', sign: '+', text: '+0.123 ETH', imageUrl: 'https://x/eth.png' }])
  })
  it('NFT transfers: sign, name and preview image', () => {
    const model = describeTransaction(tx('2', 'burn', [{ direction: 'out', quantity: { numeric: '1' }, nft_info: { name: 'Pass #7', content: { preview: { url: 'https://x/7.png' } } } }]))
    expect(model.lines).toEqual([{ kind: 'nft', sign: '-', text: '-Pass #7', imageUrl: 'https://x/7.png' }])
  })
  it('a trade shows both legs by direction', () => {
    const model = describeTransaction(
      tx('3', 'trade', [
        { direction: 'out', quantity: { numeric: '100' }, fungible_info: { symbol: 'USDC' } },
        { direction: 'in', quantity: { numeric: '0.05' }, fungible_info: { symbol: 'ETH' } },
      ]),
    )
    expect(model.lines.map((l) => l.text)).toEqual(['-100.000 USDC', '+0.050 ETH'])
  })
  it('a contract call that moved tokens reads as what it did: sent to, received from, swapped', () => {
    const sent = describeTransaction(tx('7', 'execute', [{ direction: 'out', quantity: { numeric: '200000' }, fungible_info: { symbol: 'PTT' } }]))
    expect(sent).toMatchObject({ operationType: 'send', counterparty: { direction: 'to', address: '0xab…cdef12' } })
    expect(sent.lines.map((l) => l.text)).toEqual(['-200000.000 PTT'])
    expect(describeTransaction(tx('8', 'execute', [{ direction: 'in', quantity: { numeric: '1' }, fungible_info: { symbol: 'PTT' } }]))).toMatchObject({
      operationType: 'receive',
      counterparty: { direction: 'from', address: '0x12…345678' },
    })
    const both = [
      { direction: 'out', quantity: { numeric: '1' }, fungible_info: { symbol: 'PTT' } },
      { direction: 'in', quantity: { numeric: '2' }, fungible_info: { symbol: 'USDC' } },
    ]
    expect(describeTransaction(tx('9', 'execute', both)).operationType).toBe('trade')
    // A call that moved nothing stays a call.
    expect(describeTransaction(tx('10', 'execute', [])).operationType).toBe('execute')
  })
  it('truncates the counterparty 4…6: to for a send or a call (an approval names the token contract), from for a receive', () => {
    expect(describeTransaction(tx('4', 'send', [])).counterparty).toEqual({ direction: 'to', address: '0xab…cdef12' })
    expect(describeTransaction(tx('5', 'receive', [])).counterparty).toEqual({ direction: 'from', address: '0x12…345678' })
    expect(describeTransaction(tx('6', 'approve', [])).counterparty).toEqual({ direction: 'to', address: '0xab…cdef12' })
    expect(describeTransaction(tx('6', 'mint', [])).counterparty).toBeUndefined()
  })
})
