import type { CaipNetwork } from '../../types/network'
import type { NamespacePlugin, PluginFeatures } from '../types'
import { createBitcoinAddressRule } from './address'
import { bip122Networks } from './networks'

export type Bip122PluginOptions = {
  /**
   * Replaces the default networks (mainnet, testnet). The address rule follows them:
   * with mainnet only, testnet addresses are refused.
   */
  networks?: readonly CaipNetwork[] | undefined
}

/** SPEC §5 feature support: none of balance, names, activity, swaps or send for Bitcoin. */
export const bip122Features: PluginFeatures = {
  balance: false,
  names: false,
  activity: false,
  send: false,
  swaps: () => false,
}

/**
 * The Bitcoin (`bip122`) namespace plugin. `isAddress` is real validation (base58check
 * and bech32/bech32m checksums) for the plugin's networks.
 *
 * sats-connect discovery is not part of it yet, so it has no `connectors` capability:
 * core shows no Bitcoin wallets rather than fake ones.
 *
 * @example
 * import { bip122, bitcoin } from 'portico'
 * createPortico({ projectId, plugins: [bip122({ networks: [bitcoin] })] })
 */
export function bip122(options: Bip122PluginOptions = {}): NamespacePlugin {
  const networks = options.networks ?? bip122Networks
  return {
    namespace: 'bip122',
    name: 'Bitcoin',
    networks,
    isAddress: createBitcoinAddressRule(networks),
    features: bip122Features,
  }
}
