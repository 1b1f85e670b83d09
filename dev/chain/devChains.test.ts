import { createPublicClient, http, parseEther } from 'viem'
import { mainnet, optimism } from '../../src/plugins/eip155/networks'
import { compilerVersion, evmVersion } from './contracts/PorticoTestToken.artifact'
import { DEV_ACCOUNT_BALANCE_ETH, devAccounts } from './devAccounts'
import { localNetwork, startDevChains, type DevChains } from './devChains'
import { startLocalChain } from './localChain'
import { TEST_TOKEN_AMOUNT_EACH } from './testToken'

let dev: DevChains
beforeAll(async () => {
  dev = await startDevChains()
})
afterAll(() => dev?.stop())

const clientFor = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl) })

describe('startDevChains', () => {
  it('runs chain 1 (the default network) and chain 10, each on its own 127.0.0.1 port', async () => {
    expect(dev.chains.map((chain) => chain.chainId)).toEqual([1, 10])
    for (const chain of dev.chains) {
      expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(await clientFor(chain.rpcUrl).getChainId()).toBe(chain.chainId)
    }
    expect(new Set(dev.chains.map((chain) => chain.rpcUrl)).size).toBe(2)
    expect(dev.rpcUrls).toEqual({ 1: dev.chains[0]!.rpcUrl, 10: dev.chains[1]!.rpcUrl })
  })

  it('funds the ten development accounts, whose keys match the chain', async () => {
    const client = clientFor(dev.chains[0]!.rpcUrl)
    const accounts = (await client.request({ method: 'eth_accounts' } as never)) as string[]
    expect(accounts.map((a) => a.toLowerCase())).toEqual(devAccounts.map((a) => a.address.toLowerCase()))
    expect(await client.getBalance({ address: devAccounts[9]!.address })).toBe(parseEther(String(DEV_ACCOUNT_BALANCE_ETH)))
  })

  it('deploys the test token at the same address on both chains, with PTT for every account', async () => {
    const [one, ten] = dev.chains
    expect(one!.token.address).toBe(ten!.token.address)
    for (const chain of dev.chains) {
      const client = clientFor(chain.rpcUrl)
      const read = (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') => client.readContract({ address: chain.token.address, abi: chain.token.abi, functionName })
      expect(await read('name')).toBe('Portico Test Token')
      expect(await read('symbol')).toBe('PTT')
      expect(await read('decimals')).toBe(18)
      expect(await read('totalSupply')).toBe(TEST_TOKEN_AMOUNT_EACH * 10n)
      for (const account of devAccounts) {
        const balance = await client.readContract({ address: chain.token.address, abi: chain.token.abi, functionName: 'balanceOf', args: [account.address] })
        expect(balance).toBe(TEST_TOKEN_AMOUNT_EACH)
      }
    }
  })

  it('deploys the test NFT at the same address on both chains, with token #1 held by the first dev account', async () => {
    const [one, ten] = dev.chains
    expect(one!.nft.address).toBe(ten!.nft.address)
    const client = clientFor(one!.rpcUrl)
    const read = <T>(functionName: 'name' | 'symbol' | 'ownerOf' | 'tokenURI', args?: readonly [bigint]) =>
      client.readContract({ address: one!.nft.address, abi: one!.nft.abi, functionName, ...(args ? { args } : {}) } as never) as Promise<T>
    expect(await read<string>('name')).toBe('Portico Test NFT')
    expect(await read<string>('symbol')).toBe('PNFT')
    expect(await read<string>('ownerOf', [1n])).toBe(devAccounts[0]!.address)
    const uri = await read<string>('tokenURI', [1n])
    expect(uri.startsWith('data:application/json;utf8,')).toBe(true)
    expect(JSON.parse(uri.slice('data:application/json;utf8,'.length))).toEqual({ name: 'Portico Test NFT #1', image: expect.stringMatching(/^data:image\/svg\+xml;utf8,<svg /) })
  })

  it('runs the shipped bytecode, compiled by the pinned solc', async () => {
    expect(compilerVersion).toMatch(/^0\.8\.37\+commit\./)
    expect(evmVersion).toBe('paris')
    const code = await clientFor(dev.chains[0]!.rpcUrl).getCode({ address: dev.chains[0]!.token.address })
    // The CBOR metadata at the end of the runtime code names the compiler: "solc" → 0.8.37.
    expect(code).toMatch(/64736f6c63430008250033$/)
  })

  it('gives each chain a network for eip155({ networks }) that points at the local node', () => {
    const [one, ten] = dev.networks
    expect(one).toEqual({ ...mainnet, rpcUrls: { default: { http: [dev.chains[0]!.rpcUrl] } }, blockExplorers: undefined })
    expect(ten).toMatchObject({ id: 10, caipNetworkId: 'eip155:10', name: optimism.name, rpcUrls: { default: { http: [dev.chains[1]!.rpcUrl] } } })
    expect(localNetwork(31337, 'http://127.0.0.1:1')).toMatchObject({ caipNetworkId: 'eip155:31337', name: 'Local chain 31337', testnet: true })
  })
})

describe('startLocalChain', () => {
  it('uses the chain id it is given and stops for good (twice is fine)', async () => {
    const chain = await startLocalChain({ chainId: 31337 })
    expect(await clientFor(chain.rpcUrl).getChainId()).toBe(31337)
    await chain.stop()
    await chain.stop()
    await expect(fetch(chain.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow()
  })

  it('fails clearly when the binary is missing', async () => {
    const saved = process.env.ANVIL_BIN
    process.env.ANVIL_BIN = '/nonexistent/anvil'
    try {
      await expect(startLocalChain()).rejects.toThrow(/ENOENT/)
    } finally {
      if (saved === undefined) delete process.env.ANVIL_BIN
      else process.env.ANVIL_BIN = saved
    }
  })

  it('fails clearly when the port is taken, and leaves nothing running', async () => {
    const port = Number(new URL(dev.chains[0]!.rpcUrl).port)
    await expect(startLocalChain({ port })).rejects.toThrow(/anvil exited|did not start/)
  })
})
