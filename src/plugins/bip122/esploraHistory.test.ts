import { bitcoinRegtest } from './networks'
import { toHistoryItem, type EsploraTransaction } from './esploraHistory'

// Esplora transactions written by hand for the cases the stand-in does not produce.
const me = 'bcrt1qme'
const other = 'bcrt1qother'
const tx = (vin: EsploraTransaction['vin'], vout: EsploraTransaction['vout'], status: EsploraTransaction['status'] = { confirmed: true, block_time: 1_700_000_000 }): EsploraTransaction => ({
  txid: 'ab'.repeat(32),
  vin,
  vout,
  status,
})

describe('toHistoryItem', () => {
  it("a transfer to oneself is a send of the fee, to one's own address", () => {
    const item = toHistoryItem(tx([{ prevout: { scriptpubkey_address: me, value: 10_000 } }], [{ scriptpubkey_address: me, value: 9_800 }]), me, bitcoinRegtest)
    expect(item.metadata).toMatchObject({ operationType: 'send', sentFrom: me, sentTo: me, minedAt: '2023-11-14T22:13:20.000Z' })
    expect(item.transfers).toEqual([{ direction: 'out', quantity: { numeric: '0.000002' }, fungible_info: { name: 'Bitcoin', symbol: 'BTC' } }])
  })

  it('skips outputs without an address (OP_RETURN) when naming the receiver', () => {
    const item = toHistoryItem(
      tx([{ prevout: { scriptpubkey_address: me, value: 50_000 } }], [{ value: 0 }, { scriptpubkey_address: other, value: 30_000 }, { scriptpubkey_address: me, value: 19_000 }]),
      me,
      bitcoinRegtest,
    )
    expect(item.metadata).toMatchObject({ operationType: 'send', sentTo: other })
    expect(item.transfers[0]!.quantity.numeric).toBe('0.00031')
  })

  it('a transaction that spends from the address but pays it more (a payjoin) is a receive of the difference, from the other payer', () => {
    const item = toHistoryItem(
      tx(
        [{ prevout: { scriptpubkey_address: me, value: 10_000 } }, { prevout: { scriptpubkey_address: other, value: 90_000 } }],
        [
          { scriptpubkey_address: me, value: 60_000 },
          { scriptpubkey_address: other, value: 39_000 },
        ],
        { confirmed: false },
      ),
      me,
      bitcoinRegtest,
    )
    expect(item.metadata).toMatchObject({ operationType: 'receive', sentFrom: other, sentTo: me, status: 'pending', minedAt: '' })
    expect(item.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.0005' } })
  })
})
