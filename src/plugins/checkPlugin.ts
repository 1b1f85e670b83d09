import { AccountTypes } from '../config/constants'
import { ConfigError, type PorticoStringCode } from '../errors'
import type { BalanceCapability, ConnectorCapability, EmbeddedCapability, EvmCapability, HistoryCapability, NamespacePlugin, PluginFeatures, RemoteCapability } from './types'

/** CAIP-2 namespace syntax: 3 to 8 lower-case letters, digits or hyphens. */
const NAMESPACE_SYNTAX = /^[-a-z0-9]{3,8}$/
/** CAIP-2 reference syntax: 1 to 32 letters, digits, hyphens or underscores. */
const REFERENCE_SYNTAX = /^[-_a-zA-Z0-9]{1,32}$/

type Need = 'required' | 'optional'

/**
 * Every method of the capabilities, and whether a plugin must have it. `satisfies` keeps
 * these lists in step with `types.ts`: a method added to the contract does not compile
 * until it is listed here, so the check never lags behind the contract.
 */
const connectorMethods = {
  discover: 'required',
  connect: 'required',
  disconnect: 'required',
  attach: 'optional',
  reconnect: 'optional',
  watch: 'optional',
  switchNetwork: 'optional',
  signMessage: 'optional',
  sendTransaction: 'optional',
  waitForTransaction: 'optional',
  createProvider: 'optional',
} as const satisfies Record<keyof ConnectorCapability, Need>

const evmMethods = {
  sendContractCall: 'optional',
  sendCalls: 'optional',
  getCallsStatus: 'optional',
  getCapabilities: 'optional',
} as const satisfies Record<keyof EvmCapability, Need>

const balanceMethods = {
  getBalance: 'required',
  getTokenBalance: 'optional',
} as const satisfies Record<keyof BalanceCapability, Need>

const historyMethods = {
  getHistory: 'required',
} as const satisfies Record<keyof HistoryCapability, Need>

/** `remote` and `embedded` load everything on first use. */
const loadMethods = {
  load: 'required',
} as const satisfies Record<keyof RemoteCapability | keyof EmbeddedCapability, Need>

/** The plugin's required core and its optional data; every other field is an optional capability, listed below. */
type CoreField = 'namespace' | 'name' | 'networks' | 'isAddress' | 'features' | 'accountTypes'

/** Every optional capability and its methods: one added to the contract does not compile until listed here. */
export const capabilities = {
  connectors: connectorMethods,
  balance: balanceMethods,
  history: historyMethods,
  evm: evmMethods,
  remote: loadMethods,
  embedded: loadMethods,
} as const satisfies Record<Exclude<keyof NamespacePlugin, CoreField>, Readonly<Record<string, Need>>>

const featureKinds = {
  balance: 'boolean',
  names: 'boolean',
  activity: 'boolean',
  send: 'boolean',
  swaps: 'function',
} as const satisfies Record<keyof PluginFeatures, 'boolean' | 'function'>

const DOCS = 'See docs/plugins.md for the plugin contract (src/plugins/types.ts).'

/** The plugin's name in messages: its namespace when that is valid, else its place in config.plugins. */
export function pluginLabel(plugin: unknown, index: number): string {
  const namespace = isObject(plugin) ? plugin.namespace : undefined
  return typeof namespace === 'string' && NAMESPACE_SYNTAX.test(namespace) ? `Plugin '${namespace}'` : `Plugin config.plugins[${index}]`
}

/**
 * Throws a `ConfigError` naming the plugin and the field: "Plugin 'tezos':
 * networks[0].caipNetworkId must be 'tezos:<id>' ...".
 */
export function pluginFault(label: string, field: string, problem: string, code: PorticoStringCode = 'config/invalid-plugin'): never {
  throw new ConfigError(`${label}: ${field} ${problem}.`, { details: DOCS, code })
}

/**
 * Checks that `plugin` honours the whole contract of `NamespacePlugin`: the required
 * core (namespace, name, networks, isAddress, features) and, when present, each optional
 * capability as an object whose methods are functions. Throws `ConfigError` naming the
 * plugin and the first faulty field. Nothing is called: a plugin's functions may load
 * code or touch the network, and checking must stay cheap.
 *
 * @example
 * checkPlugin({ ...tezos(), isAddress: undefined }, 2)
 * // ConfigError: Plugin 'tezos': isAddress must be a function, got undefined.
 */
export function checkPlugin(plugin: unknown, index: number): asserts plugin is NamespacePlugin {
  const label = pluginLabel(plugin, index)
  if (!isObject(plugin)) {
    const hint = typeof plugin === 'function' ? ': pass the plugin, e.g. eip155(), not the factory itself' : ''
    throw new ConfigError(`${label} is not a namespace plugin object, got ${describe(plugin)}${hint}.`, { details: DOCS, code: 'config/invalid-plugin' })
  }
  const { namespace } = plugin
  if (typeof namespace !== 'string' || !NAMESPACE_SYNTAX.test(namespace)) {
    pluginFault(label, 'namespace', `must be a CAIP-2 namespace (3 to 8 lower-case letters, digits or hyphens, e.g. 'tezos'), got ${describe(namespace)}`)
  }
  if (typeof plugin.name !== 'string' || plugin.name.trim() === '') pluginFault(label, 'name', `must be a non-empty string, got ${describe(plugin.name)}`)
  if (typeof plugin.isAddress !== 'function') pluginFault(label, 'isAddress', `must be a function, got ${describe(plugin.isAddress)}`)

  checkFeatures(label, plugin.features)
  checkAccountTypes(label, plugin.accountTypes)
  checkNetworks(label, namespace, plugin.networks)
  for (const [name, methods] of Object.entries(capabilities)) checkCapability(label, name, plugin[name], methods)
}

function checkFeatures(label: string, features: unknown): void {
  if (!isObject(features)) pluginFault(label, 'features', `must be an object, got ${describe(features)}`)
  for (const [key, kind] of Object.entries(featureKinds)) {
    const value = features[key]
    if (typeof value !== kind) pluginFault(label, `features.${key}`, `must be a ${kind}, got ${describe(value)}`)
  }
}

function checkAccountTypes(label: string, accountTypes: unknown): void {
  if (accountTypes === undefined) return
  const known: readonly unknown[] = AccountTypes
  const names = AccountTypes.map((type) => `'${type}'`).join(', ')
  if (!Array.isArray(accountTypes) || accountTypes.length === 0) pluginFault(label, 'accountTypes', `must be a non-empty list of ${names} when present, got ${describe(accountTypes)}`)
  const bad = accountTypes.findIndex((type) => !known.includes(type))
  if (bad >= 0) pluginFault(label, `accountTypes[${bad}]`, `must be one of ${names}, got ${describe(accountTypes[bad])}`)
}

function checkNetworks(label: string, namespace: string, networks: unknown): void {
  if (!Array.isArray(networks)) pluginFault(label, 'networks', `must be an array of networks, got ${describe(networks)}`, 'config/invalid-network')
  const seen = new Set<string>()
  networks.forEach((network: unknown, i) => {
    const at = `networks[${i}]`
    const fault: (field: string, problem: string) => never = (field, problem) => pluginFault(label, `${at}${field}`, problem, 'config/invalid-network')
    if (!isObject(network)) fault('', `must be a network object, got ${describe(network)}`)
    const { id, chainNamespace, caipNetworkId } = network
    const idText = typeof id === 'number' ? String(id) : id
    if (!(typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) && !(typeof id === 'string' && REFERENCE_SYNTAX.test(id))) {
      fault('.id', `must be a CAIP-2 reference (a non-negative integer, or 1 to 32 letters, digits, '-' or '_'), got ${describe(id)}`)
    }
    if (chainNamespace !== namespace) fault('.chainNamespace', `must be '${namespace}', got ${describe(chainNamespace)}`)
    if (caipNetworkId !== `${namespace}:${String(idText)}`) {
      fault('.caipNetworkId', `must be '${namespace}:<id>' ('${namespace}:${String(idText)}'), got ${describe(caipNetworkId)}`)
    }
    if (seen.has(caipNetworkId)) pluginFault(label, `${at}.caipNetworkId`, `'${caipNetworkId}' is listed twice`, 'config/duplicate-network')
    seen.add(caipNetworkId)
    if (typeof network.name !== 'string' || network.name.trim() === '') fault('.name', `must be a non-empty string, got ${describe(network.name)}`)
    const currency = network.nativeCurrency
    if (!isObject(currency)) fault('.nativeCurrency', `must be { name, symbol, decimals }, got ${describe(currency)}`)
    if (typeof currency.name !== 'string') fault('.nativeCurrency.name', `must be a string, got ${describe(currency.name)}`)
    if (typeof currency.symbol !== 'string' || currency.symbol === '') fault('.nativeCurrency.symbol', `must be a non-empty string, got ${describe(currency.symbol)}`)
    const { decimals } = currency
    if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
      fault('.nativeCurrency.decimals', `must be an integer from 0 to 255, got ${describe(decimals)}`)
    }
    const http = isObject(network.rpcUrls) && isObject(network.rpcUrls.default) ? network.rpcUrls.default.http : undefined
    if (!Array.isArray(http) || !http.every((url) => typeof url === 'string')) {
      fault('.rpcUrls.default.http', `must be an array of URLs (empty when the namespace has no RPC), got ${describe(http)}`)
    }
    if (network.testnet !== undefined && typeof network.testnet !== 'boolean') fault('.testnet', `must be a boolean when set, got ${describe(network.testnet)}`)
  })
}

function checkCapability(label: string, name: string, capability: unknown, methods: Readonly<Record<string, Need>>): void {
  if (capability === undefined) return
  if (!isObject(capability)) pluginFault(label, name, `must be an object of functions when present, got ${describe(capability)}`)
  for (const [method, need] of Object.entries(methods)) {
    const value = capability[method]
    if (value === undefined && need === 'optional') continue
    if (typeof value !== 'function') pluginFault(label, `${name}.${method}`, `must be a function${need === 'optional' ? ' when present' : ''}, got ${describe(value)}`)
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A short, safe description of a value for an error message. */
function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'function') return 'a function'
  if (typeof value === 'object') return 'an object'
  return typeof value
}
