// The two local EVM chains of the development stack, each with the test token.
import { mainnet, optimism } from '../../src/plugins/eip155/networks'
import type { CaipNetwork } from '../../src/types/network'
import { startLocalChain, type LocalChain } from './localChain'
import { deployTestNft, type TestNft } from './testNft'
import { deployTestToken, type TestToken } from './testToken'

/** A running chain with the test token and the test NFT (token #1 minted to the first dev account). */
export type DevChain = LocalChain & { token: TestToken; nft: TestNft; network: CaipNetwork }

export type DevChains = {
  /** In the order of `chainIds`: Ethereum (1) first, the default network. */
  chains: readonly DevChain[]
  /** The chains as networks whose RPC URL is the local node, for `eip155({ networks })`. */
  networks: readonly CaipNetwork[]
  /** Chain id → RPC URL, the shape `installDevWallet({ rpcUrls })` takes. */
  rpcUrls: Record<number, string>
  stop(): Promise<void>
}

/** Chain 1 so the default network works, and 10 (OP Mainnet) to switch to. */
export const DEV_CHAIN_IDS = [1, 10] as const

const knownNetworks: Record<number, CaipNetwork> = { 1: mainnet, 10: optimism }

/**
 * The `CaipNetwork` for a local chain: the known network of that id (so the dapp shows
 * "Ethereum", "OP Mainnet") with its RPC URL replaced by the local node's and no block
 * explorer (a local chain has none).
 *
 * @example
 * localNetwork(1, 'http://127.0.0.1:40857') // { ...mainnet, rpcUrls: { default: { http: ['http://127.0.0.1:40857'] } } }
 */
export function localNetwork(chainId: number, rpcUrl: string): CaipNetwork {
  const known = knownNetworks[chainId]
  const base: CaipNetwork = known ?? {
    id: chainId,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${chainId}`,
    name: `Local chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
    testnet: true,
  }
  return { ...base, rpcUrls: { default: { http: [rpcUrl] } }, blockExplorers: undefined }
}

/**
 * Starts one anvil per chain id (1 and 10 by default) on free ports, deploys the test
 * token on each (same address on both) and funds the development accounts with ETH and
 * PTT, then deploys the test NFT and mints token #1 to the first development account.
 * If anything fails, what was started is stopped before the error is thrown.
 *
 * @example
 * // dev/stack.ts
 * const chains = await startDevChains()
 * createPortico({ plugins: [eip155({ networks: chains.networks })] })
 * // ... later
 * await chains.stop()
 */
export async function startDevChains(options: { chainIds?: readonly number[]; verbose?: boolean } = {}): Promise<DevChains> {
  const chainIds = options.chainIds ?? DEV_CHAIN_IDS
  const started = await Promise.allSettled(chainIds.map((chainId) => startLocalChain({ chainId, verbose: options.verbose })))
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stop = async () => {
    await Promise.all(running.map((chain) => chain.stop()))
  }
  try {
    const failure = started.find((result) => result.status === 'rejected')
    if (failure) throw failure.reason
    const chains = await Promise.all(
      running.map(async (chain): Promise<DevChain> => {
        // One after the other: both are sent by the first dev account (nonces 0, 1, 2),
        // so the token and the NFT have the same addresses on every fresh chain.
        const token = await deployTestToken(chain.rpcUrl)
        const nft = await deployTestNft(chain.rpcUrl)
        await nft.mint(chain.accounts[0]!.address)
        return { ...chain, token, nft, network: localNetwork(chain.chainId, chain.rpcUrl) }
      }),
    )
    return {
      chains,
      networks: chains.map((chain) => chain.network),
      rpcUrls: Object.fromEntries(chains.map((chain) => [chain.chainId, chain.rpcUrl])),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
