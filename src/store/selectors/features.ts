import type { PluginFeatureData } from '../../plugins/types'
import type { CaipNetworkId } from '../../types/network'
import type { PorticoState } from '../rootReducer'

/** What the modal offers on one network, from its plugin's features and capabilities (SPEC §5 "Feature support"). */
export type NetworkFeatures = {
  /** The Blockchain API serves balances, or the plugin reads them itself (`balance` capability). */
  balance: boolean
  /** Name registration. */
  names: boolean
  /** An Activity list: the Blockchain API serves the history, or the plugin reads it (`history` capability). */
  activity: boolean
  /** The Send view: the plugin declares `send` and can send (`connectors.sendTransaction`). */
  send: boolean
  /** Swaps on this network (`features.swaps(network)`, evaluated when the instance was made). */
  swaps: boolean
}

const none: NetworkFeatures = { balance: false, names: false, activity: false, send: false, swaps: false }

/**
 * The stored features of `namespace`'s plugin (the same object until the store changes,
 * so it is safe in `useSelector`); undefined for a namespace without a plugin.
 *
 * @example
 * selectPluginFeatures(state, account.namespace)?.capabilities.includes('history')
 */
export function selectPluginFeatures(state: PorticoState, namespace: string | undefined): PluginFeatureData | undefined {
  if (namespace === undefined || !Object.hasOwn(state.options.pluginFeatures, namespace)) return undefined
  return state.options.pluginFeatures[namespace]
}

/**
 * What the modal offers on a network of the plugin whose data is `plugin`: all false for
 * no plugin, and `swaps` false for a network the dapp did not configure. A pure function
 * of stored data, so views call it on what `selectPluginFeatures` gave them.
 *
 * @example
 * networkFeatures(selectPluginFeatures(state, network.chainNamespace), network.caipNetworkId).swaps
 */
export function networkFeatures(plugin: PluginFeatureData | undefined, caipNetworkId: CaipNetworkId | string | undefined): NetworkFeatures {
  if (!plugin) return none
  const has = (capability: PluginFeatureData['capabilities'][number]) => plugin.capabilities.includes(capability)
  return {
    balance: plugin.balance || has('balance'),
    names: plugin.names,
    activity: plugin.activity || has('history'),
    send: plugin.send && has('connectors.sendTransaction'),
    swaps: caipNetworkId !== undefined && (plugin.swapNetworks as readonly string[]).includes(caipNetworkId),
  }
}
