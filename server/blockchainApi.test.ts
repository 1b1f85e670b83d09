import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEV_PRIVATE_KEYS } from '../dev/chain/devAccounts'
import { type LocalChain, startLocalChain } from '../dev/chain/localChain'
import { createPublicClient, createWalletClient, defineChain, http as viemHttp } from 'viem'
import { http } from './test/http'
import { type TestServer, startTestServer } from './test/server'

describe('createServer({ blockchain })', () => {
  let chain: LocalChain
  beforeAll(async () => {
    chain = await startLocalChain({ chainId: 1 })
  })
  afterAll(() => chain?.stop())

  it('runs the indexer from ready to close, so a payment shows in the history on its own', async () => {
    const server: TestServer = await startTestServer({
      blockchain: { chains: [{ chainId: 'eip155:1', rpcUrl: chain.rpcUrl }], indexer: { pollIntervalMs: 50 } },
    })
    try {
      const visitor = privateKeyToAccount(generatePrivateKey()).address
      const local = defineChain({ id: 1, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } })
      const wallet = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[5]), chain: local, transport: viemHttp(chain.rpcUrl) })
      const hash = await wallet.sendTransaction({ to: visitor, value: parseEther('1') })
      await createPublicClient({ chain: local, transport: viemHttp(chain.rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 20 })

      let hashes: string[] = []
      for (let attempt = 0; attempt < 100 && hashes.length === 0; attempt++) {
        const { body } = await http(server.baseUrl, `/v1/account/${visitor}/history?projectId=shop`)
        hashes = (body as { data: { metadata: { hash: string } }[] }).data.map((item) => item.metadata.hash)
        if (hashes.length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(hashes).toEqual([hash])
    } finally {
      await server.close()
    }
  })

  it('starts and serves names while a configured chain does not answer, and closes promptly', async () => {
    const server = await startTestServer({ blockchain: { chains: [{ chainId: 'eip155:1', rpcUrl: 'http://127.0.0.1:9' }], indexer: { pollIntervalMs: 50 } } })
    try {
      expect((await http(server.baseUrl, '/v1/profile/reverse/0x70997970C51812dc3A010C7d01b50e0d17dc79C8?projectId=shop')).body).toEqual([])
      expect((await http(server.baseUrl, '/v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance?projectId=shop&chainId=eip155:1')).body).toMatchObject({
        error: 'Bad Gateway',
        code: 'CHAIN_UNAVAILABLE',
      })
    } finally {
      const started = Date.now()
      await server.close()
      expect(Date.now() - started).toBeLessThan(5_000)
    }
  })

  it('answers the name registry and SIWX without any chain configured', async () => {
    const server = await startTestServer()
    try {
      expect((await http(server.baseUrl, '/v1/supported-chains?projectId=shop')).body).toEqual({ http: [], ws: [] })
      expect((await http(server.baseUrl, '/siwx/v1/nonce?projectId=shop', { method: 'POST' })).status).toBe(200)
      const preflight = await fetch(`${server.baseUrl}/siwx/v1/session?projectId=shop`, {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      })
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://shop.example')
      expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
    } finally {
      await server.close()
    }
  })
})
