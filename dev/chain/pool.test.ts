// The shipped pool artifact is what PorticoPool.sol compiles to, and deployPool leaves a
// seeded pool on a real chain.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createPublicClient, http } from 'viem'
import { compilerVersion, evmVersion, porticoPoolAbi, porticoPoolBytecode } from './contracts/PorticoPool.artifact'
import { startLocalChain, type LocalChain } from './localChain'
import { deployPool, POOL_SEED_NATIVE, POOL_SEED_TOKEN } from './pool'
import { deployTestToken } from './testToken'

jest.setTimeout(60_000)

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

describe('PorticoPool artifact', () => {
  it('is what the pinned solc makes of PorticoPool.sol (run dev/chain/contracts/compile.ts when this fails)', () => {
    const solc = require('solc') as { version(): string; compile(input: string): string }
    expect(solc.version()).toBe(compilerVersion)
    // The settings of compile.ts.
    const input = {
      language: 'Solidity',
      sources: { 'PorticoPool.sol': { content: readFileSync(path.join(__dirname, 'contracts', 'PorticoPool.sol'), 'utf8') } },
      settings: { optimizer: { enabled: true, runs: 200 }, evmVersion, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
    }
    const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
    expect((output.errors ?? []).filter((e) => e.severity === 'error')).toEqual([])
    const compiled = output.contracts['PorticoPool.sol']!['PorticoPool']!
    expect(compiled.abi).toEqual(porticoPoolAbi)
    expect(`0x${compiled.evm.bytecode.object}`).toBe(porticoPoolBytecode)
  })
})

describe('deployPool', () => {
  let chain: LocalChain | undefined
  afterAll(async () => chain?.stop())

  it('deploys the pool for the token and seeds 100 ETH + 200,000 PTT', async () => {
    chain = await startLocalChain({ chainId: 10 })
    const token = await deployTestToken(chain.rpcUrl)
    const pool = await deployPool(chain.rpcUrl, token.address)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    expect(await client.readContract({ address: pool.address, abi: porticoPoolAbi, functionName: 'token' })).toBe(token.address)
    expect(await client.readContract({ address: pool.address, abi: porticoPoolAbi, functionName: 'getReserves' })).toEqual([POOL_SEED_NATIVE, POOL_SEED_TOKEN])
    expect(await client.getBalance({ address: pool.address })).toBe(POOL_SEED_NATIVE)
    expect(await client.readContract({ address: token.address, abi: token.abi, functionName: 'balanceOf', args: [pool.address] })).toBe(POOL_SEED_TOKEN)
  })
})
