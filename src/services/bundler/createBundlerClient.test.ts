import { HttpStatusError, RpcError, ServiceError } from '../../errors'
import type { Sleep } from '../http/types'
import { sendJson, startHttpTestServer, type HttpTestServer } from '../test/httpTestServer'
import { createBundlerClient } from './createBundlerClient'

const userOpHash = '0x5a2b0000000000000000000000000000000000000000000000000000000000aa' as const
const receipt = {
  userOpHash,
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  sender: '0x1111111111111111111111111111111111111111',
  nonce: '0x1',
  actualGasCost: '0x10',
  actualGasUsed: '0x20',
  success: true,
  logs: [],
  receipt: { transactionHash: '0xabc' },
}

let server: HttpTestServer
beforeEach(async () => {
  server = await startHttpTestServer()
})
afterEach(() => server.close())

const sleep: Sleep = async () => undefined
const bundler = () => createBundlerClient({ baseUrl: `${server.url}/bundler`, projectId: 'project-1', sleep })

describe('getUserOperationReceipt', () => {
  test('POSTs the eth_getUserOperationReceipt request with projectId, chainId and bundler, and returns the result', async () => {
    server.handle((request, response) => sendJson(response, 200, { jsonrpc: '2.0', id: 1, result: receipt }))
    await expect(bundler().getUserOperationReceipt({ userOpHash, chainId: 8453, bundler: 'pimlico' })).resolves.toEqual(receipt)
    const request = server.requests[0]!
    expect(request).toMatchObject({ method: 'POST', path: '/bundler' })
    expect(Object.fromEntries(request.query)).toEqual({ projectId: 'project-1', chainId: '8453', bundler: 'pimlico' })
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.json).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationReceipt', params: [userOpHash] })
  })

  test('sends no st or sv, even when handed options that carry an SDK identity', async () => {
    server.handle((request, response) => sendJson(response, 200, { jsonrpc: '2.0', id: 1, result: null }))
    const shared = { baseUrl: `${server.url}/bundler`, projectId: 'project-1', sdkType: 'portico', sdkVersion: 'react-0.1.0', sleep }
    await createBundlerClient(shared).getUserOperationReceipt({ userOpHash, chainId: 1, bundler: 'pimlico' })
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ projectId: 'project-1', chainId: '1', bundler: 'pimlico' })
  })

  test('returns null while the operation is pending', async () => {
    server.handle((_request, response) => sendJson(response, 200, { jsonrpc: '2.0', id: 1, result: null }))
    await expect(bundler().getUserOperationReceipt({ userOpHash, chainId: 'eip155:8453', bundler: 'pimlico' })).resolves.toBeNull()
  })

  test.each([400, 404, 500])("a %i status throws exactly 'Failed to fetch user operation receipt - {status}'", async (status) => {
    server.handle((_request, response) => sendJson(response, status, {}))
    const error = await bundler()
      .getUserOperationReceipt({ userOpHash, chainId: 1, bundler: 'pimlico' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceError)
    expect((error as Error).message).toBe(`Failed to fetch user operation receipt - ${status}`)
    expect((error as Error).cause).toBeInstanceOf(HttpStatusError)
  })

  test('a JSON-RPC error answer throws an RpcError with its code', async () => {
    server.handle((_request, response) => sendJson(response, 200, { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid userOpHash' } }))
    const error = await bundler()
      .getUserOperationReceipt({ userOpHash, chainId: 1, bundler: 'pimlico' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ code: -32602, shortMessage: 'invalid userOpHash' })
  })
})
