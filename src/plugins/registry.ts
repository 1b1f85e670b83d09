import { ConfigError } from '../errors'
import type { CaipNetwork } from '../types/network'
import { isCaipAddress as hasCaipAddressShape, isCaipNetworkId } from '../validation/caip'
import { checkPlugin, pluginFault, pluginLabel } from './checkPlugin'
import type { NamespacePlugin } from './types'

/**
 * The registered namespace plugins, looked up by namespace or by network. Built once per
 * instance, by `resolveConfig` (called by `createPortico`) from `config.plugins`; core asks it which plugin handles a network or
 * an address and never names a chain family itself.
 */
export type PluginRegistry = {
  /** The plugins, in registration order. */
  readonly plugins: readonly NamespacePlugin[]
  /** The plugins by namespace: what sagas look plugins up in (`SagaContext.plugins`). */
  readonly byNamespace: ReadonlyMap<string, NamespacePlugin>
  readonly namespaces: readonly string[]
  /** Every plugin's networks, in registration order. */
  readonly networks: readonly CaipNetwork[]
  getPlugin(namespace: string): NamespacePlugin | undefined
  /**
   * The plugin for a CAIP-2 network id's namespace, whether or not that network is in the
   * plugin's list: a wallet may switch to a chain the dapp did not configure, and the
   * plugin still knows its family. Undefined for a malformed id or unknown namespace.
   */
  getPluginForNetwork(caipNetworkId: string): NamespacePlugin | undefined
  /** A configured network by CAIP-2 id. */
  getNetwork(caipNetworkId: string): CaipNetwork | undefined
  /** The namespace plugin's address rule; false for an unknown namespace. */
  isAddressFor(namespace: string, address: string): boolean
  /**
   * SPEC §5 CAIP address with a registered namespace, whose address part also passes
   * that namespace's address rule.
   */
  isCaipAddress(value: string): boolean
}

/**
 * Builds the registry: the one path by which plugins enter Portico (`resolveConfig`,
 * and so `createPortico`, build it from `config.plugins`). Each plugin is checked against
 * the whole contract of `types.ts` (see `checkPlugin`), a namespace may be registered
 * only once, and each plugin's networks must belong to its namespace. Throws a
 * `ConfigError` naming the plugin and the field otherwise.
 *
 * @example
 * const registry = createPluginRegistry([eip155(), solana(), bip122()])
 * registry.getPluginForNetwork('eip155:10')?.features.swaps(optimism) // true
 * registry.isAddressFor('solana', 'So11111111111111111111111111111111111111112') // true
 */
export function createPluginRegistry(plugins: readonly NamespacePlugin[]): PluginRegistry {
  if (!Array.isArray(plugins)) throw new ConfigError('config.plugins must be an array of namespace plugins.', { code: 'config/invalid-plugin' })
  const byNamespace = new Map<string, NamespacePlugin>()
  plugins.forEach((plugin: unknown, index) => {
    checkPlugin(plugin, index)
    if (byNamespace.has(plugin.namespace)) {
      pluginFault(
        pluginLabel(plugin, index),
        'namespace',
        `'${plugin.namespace}' is registered twice: pass either the built-in plugin or your own, and set its networks through its options`,
        'config/duplicate-plugin',
      )
    }
    byNamespace.set(plugin.namespace, plugin)
  })

  const registered = Object.freeze([...plugins])
  const namespaces = Object.freeze([...byNamespace.keys()])
  const networks = Object.freeze(registered.flatMap((plugin) => plugin.networks))
  const byNetworkId = new Map<string, CaipNetwork>(networks.map((network) => [network.caipNetworkId, network]))

  const getPlugin = (namespace: string) => byNamespace.get(namespace)
  const isAddressFor = (namespace: string, address: string) => byNamespace.get(namespace)?.isAddress(address) ?? false

  return {
    plugins: registered,
    byNamespace,
    namespaces,
    networks,
    getPlugin,
    getPluginForNetwork(caipNetworkId: string) {
      if (!isCaipNetworkId(caipNetworkId, namespaces)) return undefined
      return getPlugin(caipNetworkId.slice(0, caipNetworkId.indexOf(':')))
    },
    getNetwork: (caipNetworkId: string) => byNetworkId.get(caipNetworkId),
    isAddressFor,
    isCaipAddress(value: string) {
      if (!hasCaipAddressShape(value, namespaces)) return false
      const [namespace = '', , address = ''] = value.split(':')
      return isAddressFor(namespace, address)
    },
  }
}
