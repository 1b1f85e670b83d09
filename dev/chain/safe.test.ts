// The embedded wallet's smart account is Safe's audited code as deployed on public chains:
// the creation bytecode in contracts/Safe.artifact.ts, deployed as Safe deployed it, lands
// at each canonical address, which a single changed byte would move.
import { createPublicClient, getContractAddress, http, parseAbi, zeroHash, type PublicClient } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { SAFE_ADDRESSES, SAFE_DEPLOYMENTS, SMART_ACCOUNT_FACTORY_ADDRESS, deployAccountAbstraction } from './accountAbstraction'
import { localSmartAccount } from './localSmartAccount'
import { startLocalChain, type LocalChain } from './localChain'

jest.setTimeout(60_000)

test.each(SAFE_DEPLOYMENTS.map((d) => [d.name, d] as const))('%s: the creation code lands at its canonical address', (name, deployment) => {
  const address = getContractAddress({ opcode: 'CREATE2', from: deployment.factory, salt: zeroHash, bytecode: deployment.initCode })
  expect(address.toLowerCase()).toBe(SAFE_ADDRESSES[name].toLowerCase())
})

test("the smart accounts' factory is Safe's proxy factory", () => {
  expect(SMART_ACCOUNT_FACTORY_ADDRESS).toBe(SAFE_ADDRESSES.safeProxyFactory)
})

describe('on a fresh anvil', () => {
  let chain: LocalChain
  let client: PublicClient
  beforeAll(async () => {
    chain = await startLocalChain({ chainId: 1 })
    client = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
  })
  afterAll(async () => {
    await chain?.stop()
  })

  test('deployAccountAbstraction places every Safe contract, the module trusting EntryPoint v0.7; a second call does nothing', async () => {
    await expect(deployAccountAbstraction(chain.rpcUrl)).resolves.toMatchObject({ entryPoint: entryPoint07Address, factory: SAFE_ADDRESSES.safeProxyFactory })
    for (const address of Object.values(SAFE_ADDRESSES)) expect(((await client.getCode({ address })) ?? '0x').length).toBeGreaterThan(2)
    const module = parseAbi(['function SUPPORTED_ENTRYPOINT() view returns (address)'])
    await expect(client.readContract({ address: SAFE_ADDRESSES.safe4337Module, abi: module, functionName: 'SUPPORTED_ENTRYPOINT' })).resolves.toBe(entryPoint07Address)
    const block = await client.getBlockNumber()
    await deployAccountAbstraction(chain.rpcUrl)
    expect(await client.getBlockNumber()).toBe(block)
  })

  test("a user's Safe is counterfactual: its address follows from the owner alone, and differs per owner", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const first = await (await localSmartAccount(client, owner)).getAddress()
    expect(await (await localSmartAccount(client, owner)).getAddress()).toBe(first)
    expect(await (await localSmartAccount(client, privateKeyToAccount(generatePrivateKey()))).getAddress()).not.toBe(first)
    await expect(client.getCode({ address: first })).resolves.toBeUndefined()
  })
})
