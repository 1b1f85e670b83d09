import { hungNodeForFile } from '../test/hungNode'
import { Time } from '../config/constants'
import { toRecord } from '../errors'
import { jsonRpcOverHttp } from './rpc'

// A chain node that accepts connections and never answers (a hung node, issue 33).
const hungNodeUrl = hungNodeForFile()

it('a read sent to a hung node fails with "The network did not answer. Try again." at the SPEC 10 s RPC timeout', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] })
  let outcome: unknown = 'pending'
  jsonRpcOverHttp(hungNodeUrl(), 'eth_blockNumber', [], fetch).then(
    (value) => (outcome = value),
    (error: unknown) => (outcome = error),
  )
  await jest.advanceTimersByTimeAsync(Time.rpcTimeoutMs - 1)
  expect(outcome).toBe('pending')
  await jest.advanceTimersByTimeAsync(1)
  await new Promise((resolve) => setImmediate(resolve))
  expect(toRecord(outcome)).toEqual({ code: 'network/rpc-timeout', key: 'errors.networkDidNotAnswer', params: {} })
})
