import { ConfigError } from '../errors'
import type { CaipNetwork } from '../types/network'
import { isCaipAddress as hasCaipAddressShape, isCaipNetworkId } from '../validation/caip'
import type { NamespacePlugin } from './types'

/**
 * The registered namespace plugins, looked up by namespace or by network. Built once by
 * `createPortico` from `config.plugins`; core asks it which plugin handles a network or
 * an address and never names a chain family itself.
 */
export type PluginRegistry = {
  /** The plugins, in registration order. */
  readonly plugins: readonly NamespacePlugin[]
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

/** CAIP-2 namespace syntax: 3 to 8 lower-case letters, digits or hyphens. */
const NAMESPACE_SYNTAX = /^[-a-z0-9]{3,8}$/

function fail(shortMessage: string, details: string, code: string): never {
  throw new ConfigError(shortMessage, { details, code })
}

/** Rejects a plugin that core could not use, with a message that names the fault. */
function checkPlugin(plugin: NamespacePlugin, index: number): void {
  const label = `config.plugins[${index}]`
  if (typeof plugin !== 'object' || plugin === null) {
    fail(`${label} is not a namespace plugin.`, 'Pass the plugin object, e.g. eip155(), not the factory itself.', 'config/invalid-plugin')
  }
  const { namespace } = plugin
  if (typeof namespace !== 'string' || !NAMESPACE_SYNTAX.test(namespace)) {
    fail(
      `${label} has an invalid namespace.`,
      'A namespace is a CAIP-2 namespace: 3 to 8 lower-case letters, digits or hyphens (e.g. eip155, cosmos).',
      'config/invalid-plugin',
    )
  }
  if (typeof plugin.isAddress !== 'function' || typeof plugin.features?.swaps !== 'function' || !Array.isArray(plugin.networks)) {
    fail(
      `Plugin '${namespace}' does not implement the plugin contract.`,
      'A plugin needs namespace, name, networks, isAddress and features (see docs/plugins.md).',
      'config/invalid-plugin',
    )
  }
  const seen = new Set<string>()
  for (const network of plugin.networks) {
    const expected = `${namespace}:${String(network.id)}`
    if (network.chainNamespace !== namespace || network.caipNetworkId !== expected || !isCaipNetworkId(network.caipNetworkId, [namespace])) {
      fail(
        `Plugin '${namespace}' has a network of another namespace or with a mismatched id: '${String(network.caipNetworkId)}'.`,
        `Each network needs chainNamespace '${namespace}' and caipNetworkId '${namespace}:<id>' matching its id.`,
        'config/invalid-network',
      )
    }
    if (seen.has(network.caipNetworkId)) {
      fail(`Plugin '${namespace}' lists network '${network.caipNetworkId}' twice.`, 'Each network appears once.', 'config/duplicate-network')
    }
    seen.add(network.caipNetworkId)
  }
}

/**
 * Builds the registry, checking each plugin: a namespace may be registered only once,
 * and each plugin's networks must belong to its namespace. Throws `ConfigError` naming
 * the fault otherwise.
 *
 * @example
 * const registry = createPluginRegistry([eip155(), solana(), bip122()])
 * registry.getPluginForNetwork('eip155:10')?.features.swaps(optimism) // true
 * registry.isAddressFor('solana', 'So11111111111111111111111111111111111111112') // true
 */
export function createPluginRegistry(plugins: readonly NamespacePlugin[]): PluginRegistry {
  const byNamespace = new Map<string, NamespacePlugin>()
  plugins.forEach((plugin, index) => {
    checkPlugin(plugin, index)
    if (byNamespace.has(plugin.namespace)) {
      fail(
        `Namespace '${plugin.namespace}' is registered twice.`,
        'Each namespace has one plugin: pass either the built-in plugin or your own, and set its networks through its options.',
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
