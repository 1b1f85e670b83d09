import type { CaipNetworkId } from '../../types/network'
import { CaipIdBySatsNetwork } from '../../shared/satsNetworks'

/**
 * Public Esplora APIs (mempool.space) of the networks that have one; a dapp replaces
 * them with `bip122({ esploraUrl })`, e.g. with its own Esplora or a local stand-in.
 */
export const DefaultEsploraUrls: Readonly<Partial<Record<CaipNetworkId, string>>> = {
  [CaipIdBySatsNetwork.Mainnet]: 'https://mempool.space/api',
  [CaipIdBySatsNetwork.Testnet]: 'https://mempool.space/testnet/api',
  [CaipIdBySatsNetwork.Testnet4]: 'https://mempool.space/testnet4/api',
  [CaipIdBySatsNetwork.Signet]: 'https://mempool.space/signet/api',
}
