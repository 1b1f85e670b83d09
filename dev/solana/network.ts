import type { CaipNetwork } from '../../src/types/network'
import { LOCALNET_GENESIS_HASH } from './ledger'

/**
 * The local cluster as a Portico network, for `solana({ networks: [solanaLocalnet(rpc.url)] })`.
 * Its CAIP-2 reference is the stand-in's fixed genesis hash; the Solana plugin maps any
 * unknown Solana network to the Wallet Standard chain `solana:localnet`.
 *
 * @example
 * const rpc = await startSolanaRpc()
 * createPortico({ projectId, plugins: [solana({ networks: [solanaLocalnet(rpc.url)] })] })
 */
export function solanaLocalnet(rpcUrl: string): CaipNetwork {
  const id = LOCALNET_GENESIS_HASH.slice(0, 32)
  return {
    id,
    chainNamespace: 'solana',
    caipNetworkId: `solana:${id}`,
    name: 'Solana Localnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
    // A local cluster has no image of its own: Solana's (the server has none for this id).
    assets: { imageId: 'solana' },
  }
}
