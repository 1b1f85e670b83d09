import type { CaipNetworkId } from '../../types/network'

/** sats-connect's Bitcoin network names (its `BitcoinNetworkType`), kept as plain strings. */
export type SatsNetworkName = 'Mainnet' | 'Testnet' | 'Testnet4' | 'Signet' | 'Regtest'

/** CAIP-2 ids of the networks sats-connect wallets name. */
export const CaipIdBySatsNetwork: Readonly<Record<SatsNetworkName, CaipNetworkId>> = {
  Mainnet: 'bip122:000000000019d6689c085ae165831e93',
  Testnet: 'bip122:000000000933ea01ad0ee984209779ba',
  Testnet4: 'bip122:00000000da84f2bafbbc53dee25a72ae',
  Signet: 'bip122:00000008819873e925422c1ff0f99f7c',
  Regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
}

/** The sats-connect name of a CAIP-2 network, or undefined for a chain it cannot name. */
export function satsNetworkOf(caipNetworkId: string): SatsNetworkName | undefined {
  return (Object.keys(CaipIdBySatsNetwork) as SatsNetworkName[]).find((name) => CaipIdBySatsNetwork[name] === caipNetworkId)
}

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
