// Deploys the Portico Test Token (contracts/PorticoTestToken.sol) to a local chain.
import { getAddress, parseUnits, type Address, type Hex } from 'viem'
import { porticoTestTokenAbi, porticoTestTokenBytecode } from './contracts/PorticoTestToken.artifact'
import { DEV_PRIVATE_KEYS, devAccounts } from './devAccounts'
import { localClients } from './localClients'

export const TEST_TOKEN_NAME = 'Portico Test Token'
export const TEST_TOKEN_SYMBOL = 'PTT'
export const TEST_TOKEN_DECIMALS = 18
/** What each holder gets at deployment: one million PTT. */
export const TEST_TOKEN_AMOUNT_EACH = parseUnits('1000000', TEST_TOKEN_DECIMALS)

export type TestToken = {
  address: Address
  name: string
  symbol: string
  decimals: number
  /** Smallest unit, minted to each of `holders`. */
  amountEach: bigint
  holders: readonly Address[]
  abi: typeof porticoTestTokenAbi
}

export type DeployTestTokenOptions = {
  /** Who receives `amountEach` at deployment; the ten development accounts by default. */
  holders?: readonly Address[] | undefined
  amountEach?: bigint | undefined
  /** Pays for the deployment; the first development key by default. */
  deployerKey?: Hex | undefined
}

/**
 * Deploys the test ERC-20 and waits for it to be mined. On a fresh chain the first
 * development account deploys at nonce 0, so the token has the same address on every
 * fresh local chain (0x5FbDB2315678afecb367f032d93F642f64180aa3).
 *
 * @example
 * const chain = await startLocalChain()
 * const token = await deployTestToken(chain.rpcUrl) // 1,000,000 PTT to each dev account
 */
export async function deployTestToken(rpcUrl: string, options: DeployTestTokenOptions = {}): Promise<TestToken> {
  const holders = options.holders ?? devAccounts.map((a) => a.address)
  const amountEach = options.amountEach ?? TEST_TOKEN_AMOUNT_EACH
  const { publicClient, walletClient } = await localClients(rpcUrl, options.deployerKey ?? DEV_PRIVATE_KEYS[0])
  const hash = await walletClient.deployContract({
    abi: porticoTestTokenAbi,
    bytecode: porticoTestTokenBytecode,
    args: [holders, amountEach],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`test token deployment failed (${hash})`)
  return {
    address: getAddress(receipt.contractAddress),
    name: TEST_TOKEN_NAME,
    symbol: TEST_TOKEN_SYMBOL,
    decimals: TEST_TOKEN_DECIMALS,
    amountEach,
    holders,
    abi: porticoTestTokenAbi,
  }
}
