import { hungNodeForFile } from '../../test/hungNode'
import { Time } from '../../config/constants'
import { toRecord } from '../../errors'
import type { CaipNetwork } from '../../types/network'
import { publicClientFor } from './publicClient'
import { createEip155Runtime } from './runtime'

// A chain node that accepts connections and never answers (a hung node, issue 33).
const hungNodeUrl = hungNodeForFile()

const network = (): CaipNetwork => ({
  id: 1337,
  caipNetworkId: 'eip155:1337',
  chainNamespace: 'eip155',
  name: 'Hung chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [hungNodeUrl()] } },
})

describe('reads on a hung chain node', () => {
  it('fail with "The network did not answer. Try again." at the SPEC 10 s RPC timeout, retries included', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] })
    const read = publicClientFor(createEip155Runtime(), network()).getBlockNumber()
    let outcome: unknown = 'pending'
    read.then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = error),
    )
    await jest.advanceTimersByTimeAsync(Time.rpcTimeoutMs - 1)
    expect(outcome).toBe('pending')
    await jest.advanceTimersByTimeAsync(1)
    expect(outcome).toBeInstanceOf(Error)
    expect(toRecord(outcome)).toMatchObject({ key: 'errors.networkDidNotAnswer', params: {} })
  })
})
