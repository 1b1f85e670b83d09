import { getAddressInfo, Network, type AddressInfo } from 'bitcoin-address-validation'

import type { CaipNetwork, CaipNetworkId } from '../../types/network'

/**
 * Which address networks each known Bitcoin chain accepts, keyed by CAIP-2 reference
 * (genesis hash prefix). The library reports signet addresses as `testnet` (they share
 * prefixes), and base58 regtest addresses as `testnet` too; bech32 regtest is `bcrt1`.
 */
const AddressNetworksByReference: ReadonlyMap<string, readonly Network[]> = /* @__PURE__ */ new Map([
  ['000000000019d6689c085ae165831e93', [Network.mainnet]],
  ['000000000933ea01ad0ee984209779ba', [Network.testnet]], // testnet3
  ['00000000da84f2bafbbc53dee25a72ae', [Network.testnet]], // testnet4
  ['00000008819873e925422c1ff0f99f7c', [Network.testnet]], // signet
  ['0f9188f13cb7b2c71f2a335e3a4fc328', [Network.regtest, Network.testnet]], // regtest
])

/**
 * Regtest shares testnet's base58 prefixes (m, n, 2), but its bech32 prefix is its own
 * (`bcrt1`): a `tb1…` address is a testnet address, never a regtest one.
 */
function acceptedOn(accepted: readonly Network[], info: AddressInfo): boolean {
  if (info.bech32 && accepted.includes(Network.regtest)) return info.network === Network.regtest
  return accepted.includes(info.network)
}

/** Longest valid form is a bech32 address (90 characters); longer input is refused unread. */
const MAX_ADDRESS_LENGTH = 90

/**
 * The address networks a Bitcoin chain accepts, or `undefined` for a chain we do not
 * know (a custom signet, say), on which any valid Bitcoin address is accepted.
 *
 * @example
 * bitcoinAddressNetworks('bip122:000000000019d6689c085ae165831e93') // ['mainnet']
 */
export function bitcoinAddressNetworks(network: Pick<CaipNetwork, 'caipNetworkId'> | CaipNetworkId): readonly Network[] | undefined {
  const caipNetworkId = typeof network === 'string' ? network : network.caipNetworkId
  const [namespace, reference] = caipNetworkId.split(':')
  if (namespace !== 'bip122' || reference === undefined) return undefined
  return AddressNetworksByReference.get(reference)
}

function addressInfo(value: string): AddressInfo | undefined {
  if (value.length > MAX_ADDRESS_LENGTH) return undefined
  try {
    return getAddressInfo(value)
  } catch (_error) {
    return undefined // the library throws for anything it cannot decode
  }
}

/**
 * Whether `value` is a Bitcoin address with a valid checksum: base58 P2PKH or P2SH, or a
 * segwit address of any witness version that BIP 173 (version 0, bech32) and BIP 350
 * (versions 1 to 16, bech32m) call valid, as both BIPs ask of a sender; optionally for a
 * given network: a mainnet address is not valid on testnet, a testnet `tb1…` not on
 * regtest, and the other way round.
 *
 * @example
 * isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')                    // true
 * isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', bitcoinTestnet)    // false
 * isBitcoinAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'bip122:000000000933ea01ad0ee984209779ba') // true
 */
export function isBitcoinAddress(value: unknown, network?: Pick<CaipNetwork, 'caipNetworkId'> | CaipNetworkId): value is string {
  if (typeof value !== 'string') return false
  const info = addressInfo(value)
  if (!info) return false
  if (network === undefined) return true
  const accepted = bitcoinAddressNetworks(network)
  return accepted === undefined || acceptedOn(accepted, info)
}

/**
 * An address rule for a set of networks: an address is valid when it is valid on at
 * least one of them. Precomputes the accepted address networks so each call decodes
 * the address once.
 */
export function createBitcoinAddressRule(networks: readonly Pick<CaipNetwork, 'caipNetworkId'>[]): (address: string) => boolean {
  const perNetwork = networks.map((network) => bitcoinAddressNetworks(network))
  return (address) => {
    if (typeof address !== 'string') return false
    const info = addressInfo(address)
    return info !== undefined && perNetwork.some((accepted) => accepted === undefined || acceptedOn(accepted, info))
  }
}
