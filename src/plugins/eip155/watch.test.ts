import { EventEmitter } from 'node:events'
import type { ConnectorEvent } from '../types'
import { parseChainId, toCaipNetworkId, watchProvider } from './watch'

/** A bare EIP-1193 provider whose events the test fires. */
function fakeProvider(accounts: string[] = []) {
  const emitter = new EventEmitter()
  return Object.assign(emitter, { request: async ({ method }: { method: string }) => (method === 'eth_accounts' ? accounts : null) })
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const upper = async (list: readonly string[]) => list.map((a) => a.toUpperCase())

describe('chain ids from wallets', () => {
  it.each([
    ['0xa', 10],
    ['0x1', 1],
    ['0X89', 137],
    [137, 137],
    ['8453', 8453],
  ])('reads %p as %p', (value, id) => {
    expect(parseChainId(value)).toBe(id)
    expect(toCaipNetworkId(value)).toBe(`eip155:${id}`)
  })

  it.each([['0x'], ['0xzz'], [''], [0], [-1], [1.5], [null], [{}], ['0x' + 'f'.repeat(20)]])('refuses %p', (value) => {
    expect(toCaipNetworkId(value)).toBeUndefined()
  })
})

describe('watchProvider', () => {
  it('keeps the wallet order even though addresses are normalised asynchronously', async () => {
    const provider = fakeProvider()
    const events: ConnectorEvent[] = []
    const slow = async (list: readonly string[]) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return upper(list)
    }
    watchProvider(provider, (event) => events.push(event), slow)
    provider.emit('accountsChanged', ['0xabc'])
    provider.emit('chainChanged', '0x2105')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(events).toEqual([
      { type: 'accountsChanged', accounts: ['0XABC'] },
      { type: 'chainChanged', caipNetworkId: 'eip155:8453' },
    ])
  })

  it('ignores a chainChanged that is not a chain id, and non-string accounts', async () => {
    const provider = fakeProvider()
    const events: ConnectorEvent[] = []
    watchProvider(provider, (event) => events.push(event), upper)
    provider.emit('chainChanged', 'mainnet')
    provider.emit('accountsChanged', [42, '0xdef'])
    await flush()
    expect(events).toEqual([{ type: 'accountsChanged', accounts: ['0XDEF'] }])
  })

  it('ignores a temporary disconnect (1013) while the wallet still has accounts', async () => {
    const provider = fakeProvider(['0xabc'])
    const events: ConnectorEvent[] = []
    watchProvider(provider, (event) => events.push(event), upper)
    provider.emit('disconnect', { code: 1013, message: 'Try again later' })
    await flush()
    expect(events).toEqual([])
    provider.emit('disconnect', { code: 4900, message: 'Disconnected' })
    await flush()
    expect(events).toEqual([{ type: 'disconnect' }])
  })

  it('treats a temporary disconnect without accounts as a disconnect', async () => {
    const provider = fakeProvider([])
    const events: ConnectorEvent[] = []
    watchProvider(provider, (event) => events.push(event), upper)
    provider.emit('disconnect', { code: 1013 })
    await flush()
    expect(events).toEqual([{ type: 'disconnect' }])
  })

  it('removes its listeners, with off() when the wallet has no removeListener, and reports nothing after', async () => {
    const provider = fakeProvider()
    const events: ConnectorEvent[] = []
    const withOffOnly = { request: provider.request, on: provider.on.bind(provider), off: provider.off.bind(provider) }
    const stop = watchProvider(withOffOnly, (event) => events.push(event), upper)
    expect(provider.listenerCount('chainChanged')).toBe(1)
    provider.emit('chainChanged', '0x1') // queued, then stopped before delivery
    stop()
    await flush()
    expect(events).toEqual([])
    expect(['accountsChanged', 'chainChanged', 'disconnect'].map((e) => provider.listenerCount(e))).toEqual([0, 0, 0])
  })
})
