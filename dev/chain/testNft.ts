// Deploys the Portico Test NFT (contracts/PorticoTestNft.sol) to a local chain and mints.
import { getAddress, parseEventLogs, type Address, type Hex } from 'viem'
import { porticoTestNftAbi, porticoTestNftBytecode } from './contracts/PorticoTestNft.artifact'
import { DEV_PRIVATE_KEYS } from './devAccounts'
import { localClients } from './localClients'

export const TEST_NFT_NAME = 'Portico Test NFT'
export const TEST_NFT_SYMBOL = 'PNFT'

export type TestNft = {
  address: Address
  name: string
  symbol: string
  abi: typeof porticoTestNftAbi
  /** Mints the next token id to `to` and waits for it; resolves the token id. */
  mint(to: Address, options?: { minterKey?: Hex | undefined }): Promise<bigint>
}

export type DeployTestNftOptions = {
  /** Pays for the deployment; the first development key by default. */
  deployerKey?: Hex | undefined
}

/**
 * Deploys the test ERC-721 and waits for it to be mined. Anyone may mint on it.
 *
 * @example
 * const nft = await deployTestNft(chain.rpcUrl)
 * const tokenId = await nft.mint(chain.accounts[1].address) // 1n
 */
export async function deployTestNft(rpcUrl: string, options: DeployTestNftOptions = {}): Promise<TestNft> {
  const { publicClient, walletClient } = await localClients(rpcUrl, options.deployerKey ?? DEV_PRIVATE_KEYS[0])
  const hash = await walletClient.deployContract({ abi: porticoTestNftAbi, bytecode: porticoTestNftBytecode })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`test NFT deployment failed (${hash})`)
  const address = getAddress(receipt.contractAddress)
  return {
    address,
    name: TEST_NFT_NAME,
    symbol: TEST_NFT_SYMBOL,
    abi: porticoTestNftAbi,
    async mint(to, mintOptions = {}) {
      const clients = await localClients(rpcUrl, mintOptions.minterKey ?? DEV_PRIVATE_KEYS[0])
      const mintHash = await clients.walletClient.writeContract({ address, abi: porticoTestNftAbi, functionName: 'mint', args: [to] })
      const mined = await clients.publicClient.waitForTransactionReceipt({ hash: mintHash, pollingInterval: 50 })
      const [transfer] = parseEventLogs({ abi: porticoTestNftAbi, eventName: 'Transfer', logs: mined.logs })
      if (mined.status !== 'success' || !transfer) throw new Error(`test NFT mint failed (${mintHash})`)
      return transfer.args.tokenId
    },
  }
}
