/**
 * sats-connect's Bitcoin network names and their CAIP-2 ids: the one table the bip122
 * plugin and the WalletConnect session's Bitcoin side translate with.
 */
import type { CaipNetworkId } from './caip'

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
