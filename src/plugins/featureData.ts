import { EmbeddedAccountTypes } from '../validation/accountType'
import type { CaipNetwork } from '../types/network'
import { capabilities } from './checkPlugin'
import type { NamespacePlugin, PluginCapabilityName, PluginFeatureData } from './types'

/**
 * The plain-data copy of each plugin's features and capabilities that the store keeps
 * (`options.pluginFeatures`), keyed by namespace. `features.swaps` is asked once for each
 * of `networks` (the dapp's configured networks) that belongs to the plugin; nothing else
 * of the plugin is called. The views and the send checks read this instead of naming a
 * chain family.
 *
 * @example
 * pluginFeatureData([eip155(), solana()], [mainnet, solanaMainnet]).eip155
 * // { name: 'Ethereum & EVM', balance: true, names: true, activity: true, send: true,
 * //   swapNetworks: ['eip155:1'], capabilities: ['connectors', 'connectors.discover', ...], accountTypes: ['eoa', 'smartAccount'] }
 */
export function pluginFeatureData(plugins: readonly NamespacePlugin[], networks: readonly CaipNetwork[]): Record<string, PluginFeatureData> {
  return Object.fromEntries(
    plugins.map((plugin) => {
      const { balance, names, activity, send, swaps } = plugin.features
      const data: PluginFeatureData = {
        name: plugin.name,
        balance,
        names,
        activity,
        send,
        swapNetworks: networks.filter((network) => network.chainNamespace === plugin.namespace && swaps(network)).map((network) => network.caipNetworkId),
        capabilities: capabilityNames(plugin),
        accountTypes: [...(plugin.accountTypes ?? EmbeddedAccountTypes)],
      }
      return [plugin.namespace, data]
    }),
  )
}

/** The capabilities the plugin has, each followed by the methods it implements. */
function capabilityNames(plugin: NamespacePlugin): PluginCapabilityName[] {
  const names: string[] = []
  for (const [capability, methods] of Object.entries(capabilities)) {
    const value = plugin[capability as keyof typeof capabilities] as Record<string, unknown> | undefined
    if (value === undefined) continue
    names.push(
      capability,
      ...Object.keys(methods)
        .filter((method) => typeof value[method] === 'function')
        .map((method) => `${capability}.${method}`),
    )
  }
  return names as PluginCapabilityName[]
}
