// Deploys the Portico Pool (contracts/PorticoPool.sol): native currency / test token,
// constant product, so the reference server's swap endpoints quote and build real swaps.
import { getAddress, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { porticoPoolAbi, porticoPoolBytecode } from './contracts/PorticoPool.artifact'
import { porticoTestTokenAbi } from './contracts/PorticoTestToken.artifact'
import { DEV_PRIVATE_KEYS } from './devAccounts'
import { localClients } from './localClients'

/** Seed liquidity: 100 ETH and 200,000 PTT, so 1 ETH ≈ 2,000 PTT before fees. */
export const POOL_SEED_NATIVE = parseEther('100')
export const POOL_SEED_TOKEN = parseUnits('200000', 18)

export type Pool = {
  address: Address
  /** The ERC-20 side of the pair. */
  token: Address
  abi: typeof porticoPoolAbi
}

export type DeployPoolOptions = {
  /** Native currency added at deployment, in wei. Default POOL_SEED_NATIVE. */
  seedNative?: bigint | undefined
  /** Tokens added at deployment, in the smallest unit. Default POOL_SEED_TOKEN. */
  seedToken?: bigint | undefined
  /** Deploys and seeds (must hold the tokens); the first development key by default. */
  deployerKey?: Hex | undefined
}

/**
 * Deploys the pool for `token`, then approves and adds the seed liquidity from the
 * deployer (three transactions, each waited for). With the defaults on a fresh dev chain
 * (token, NFT and mint sent first by the same account) the address is the same on
 * every run.
 *
 * @example
 * const token = await deployTestToken(chain.rpcUrl)
 * const pool = await deployPool(chain.rpcUrl, token.address) // 100 ETH + 200,000 PTT
 */
export async function deployPool(rpcUrl: string, token: Address, options: DeployPoolOptions = {}): Promise<Pool> {
  const seedNative = options.seedNative ?? POOL_SEED_NATIVE
  const seedToken = options.seedToken ?? POOL_SEED_TOKEN
  const { publicClient, walletClient } = await localClients(rpcUrl, options.deployerKey ?? DEV_PRIVATE_KEYS[0])
  const mined = async (hash: Hex, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`pool ${what} failed (${hash})`)
    return receipt
  }

  const deployed = await mined(await walletClient.deployContract({ abi: porticoPoolAbi, bytecode: porticoPoolBytecode, args: [token] }), 'deployment')
  if (!deployed.contractAddress) throw new Error('pool deployment returned no contract address')
  const address = getAddress(deployed.contractAddress)
  await mined(await walletClient.writeContract({ address: token, abi: porticoTestTokenAbi, functionName: 'approve', args: [address, seedToken] }), 'approval')
  await mined(await walletClient.writeContract({ address, abi: porticoPoolAbi, functionName: 'addLiquidity', args: [seedToken], value: seedNative }), 'seeding')
  return { address, token: getAddress(token), abi: porticoPoolAbi }
}
