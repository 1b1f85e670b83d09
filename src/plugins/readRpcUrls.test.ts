import { DEV_ACCOUNT_BALANCE_ETH, devAccounts } from '../../dev/chain/devAccounts'
import { type LocalChain, startLocalChain } from '../../dev/chain/localChain'
import { type SolanaRpc, startSolanaRpc } from '../../dev/solana'
import { type TestServer, startTestServer } from '../../server/test/server'
import { resolveConfig } from '../config/resolveConfig'
import type { CaipNetwork } from '../types/network'
import { eip155, mainnet } from './eip155'
import { eip155Networks } from './eip155/networks'
import { readRpcUrls } from './readRpcUrls'
import { solana, solanaDevnet } from './solana'

const serverUrl = 'http://127.0.0.1:8787/v1/rpc?chainId=eip155%3A1&projectId=shop'
const offered = (network: CaipNetwork): CaipNetwork => ({ ...network, rpcUrls: { ...network.rpcUrls, portico: { http: [serverUrl] } } })

describe('readRpcUrls', () => {
  it('puts the server first, then the shipped URLs, when the dapp set no URL of its own', () => {
    expect(readRpcUrls(offered(mainnet), eip155Networks)).toEqual([serverUrl, ...mainnet.rpcUrls.default.http])
  })

  it('reads only the dapp’s own URLs when it set them, or when the network is not shipped', () => {
    const own = offered({ ...mainnet, rpcUrls: { default: { http: ['https://node.shop.example'] } } })
    expect(readRpcUrls(own, eip155Networks)).toEqual(['https://node.shop.example'])
    const custom = offered({ ...mainnet, id: 59144, caipNetworkId: 'eip155:59144', name: 'Linea' })
    expect(readRpcUrls(custom, eip155Networks)).toEqual(mainnet.rpcUrls.default.http)
  })

  it('reads the network’s own URLs when no server is offered (no projectId)', () => {
    expect(readRpcUrls(mainnet, eip155Networks)).toEqual(mainnet.rpcUrls.default.http)
  })

  it('offers the server at the Blockchain API’s URL, keeping its path, only when the config has a projectId', () => {
    const withPath = resolveConfig({ projectId: 'shop', endpoints: { blockchainApi: 'https://api.shop.example/portico/' }, plugins: [eip155()] }, { defaultPlugins: () => [] })
    expect(withPath.networks[0]!.rpcUrls.portico).toEqual({ http: ['https://api.shop.example/portico/v1/rpc?chainId=eip155%3A1&projectId=shop'] })
    const anonymous = resolveConfig({ plugins: [eip155()] }, { defaultPlugins: () => [] })
    expect(anonymous.networks[0]!.rpcUrls.portico).toBeUndefined()
  })
})

describe('plugin reads through the Portico server’s RPC service', () => {
  let server: TestServer
  let chain: LocalChain
  /** A second chain: a dapp's own node, with a balance the server's chain does not have. */
  let ownNode: LocalChain
  let solanaNode: SolanaRpc

  beforeAll(async () => {
    ;[chain, ownNode, solanaNode] = await Promise.all([startLocalChain({ chainId: 1 }), startLocalChain({ chainId: 1 }), startSolanaRpc()])
    server = await startTestServer({
      blockchain: {
        chains: [{ chainId: 'eip155:1', rpcUrl: chain.rpcUrl }],
        solanaChains: [{ chainId: solanaDevnet.caipNetworkId, rpcUrl: solanaNode.url }],
        indexer: false,
      },
    })
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await Promise.all([chain?.stop(), ownNode?.stop(), solanaNode?.stop()])
  })

  const configFor = (networks?: CaipNetwork[]) =>
    resolveConfig({ projectId: 'shop', endpoints: { blockchainApi: server.baseUrl }, plugins: [eip155(), solana()], ...(networks ? { networks } : {}) }, { defaultPlugins: () => [] })
  const address = devAccounts[2]!.address

  it('reads an EVM balance of a shipped network through /v1/rpc (the public URL is never reached offline)', async () => {
    const config = configFor()
    const network = config.networks.find((n) => n.caipNetworkId === 'eip155:1')!
    expect(network.rpcUrls.portico).toEqual({ http: [`${server.baseUrl}/v1/rpc?chainId=eip155%3A1&projectId=shop`] })
    expect(network.rpcUrls.default).toEqual(mainnet.rpcUrls.default)
    const plugin = config.plugins.find((p) => p.namespace === 'eip155')!
    const balance = await plugin.balance!.getBalance({ address, network })
    expect(balance).toEqual({ value: (BigInt(DEV_ACCOUNT_BALANCE_ETH) * 10n ** 18n).toString(), decimals: 18, symbol: 'ETH' })
  })

  it('reads a network with the dapp’s own RPC URL from that URL, not through the server', async () => {
    const response = await fetch(ownNode.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, '0x2a'] }),
    })
    expect(response.ok).toBe(true)
    const config = configFor([{ ...mainnet, rpcUrls: { default: { http: [ownNode.rpcUrl] } } }])
    const plugin = config.plugins.find((p) => p.namespace === 'eip155')!
    expect((await plugin.balance!.getBalance({ address, network: config.networks[0]! })).value).toBe('42')
  })

  it('reads a Solana balance of a shipped network through /v1/rpc', async () => {
    const owner = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    solanaNode.airdrop(owner, 1_500_000_000)
    const config = configFor()
    const network = config.networks.find((n) => n.caipNetworkId === solanaDevnet.caipNetworkId)!
    const plugin = config.plugins.find((p) => p.namespace === 'solana')!
    expect(await plugin.balance!.getBalance({ address: owner, network })).toEqual({ value: '1500000000', decimals: 9, symbol: 'SOL' })
  })
})
