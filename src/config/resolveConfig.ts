import { ConfigError, NetworkNotFoundError, SiweAndSiwxConflictError, ValidationError } from '../errors'
import { pluginFeatureData } from '../plugins/featureData'
import { createPluginRegistry, type PluginRegistry } from '../plugins/registry'
import type { NamespacePlugin, PluginFeatureData } from '../plugins/types'
import { rpcServiceUrl } from '../shared/rpcService'
import type { CaipNetwork } from '../types/network'
import { isAccountType } from '../validation/accountType'
import { type AccountType, AccountTypes, DefaultAccountTypes, type TelegramPlatform, Time } from './constants'
import { defaultEndpoints, defaultFeatures, defaultMetadata } from './defaults'
import { resolveLocale } from './locale'
import type { Endpoints, Features, Metadata, PorticoConfig, StringOverrides, ThemeMode, ThemeVariables } from './types'

export type ResolvedConfig = {
  projectId: string | undefined
  metadata: Metadata
  /** The registered plugins, in order: `registry.plugins`. */
  plugins: readonly NamespacePlugin[]
  /** The plugin registry, built from `config.plugins`: every plugin entered through it, checked. */
  registry: PluginRegistry
  /** Each plugin's features (evaluated for the configured networks) and capabilities as plain data, by namespace: what the store keeps. */
  pluginFeatures: Readonly<Record<string, PluginFeatureData>>
  networks: readonly CaipNetwork[]
  defaultNetwork: CaipNetwork | undefined
  features: Features
  /** The dapp's mode, or 'light' until the visitor's colour scheme is read (see `themeModeFollowsSystem`). */
  themeMode: ThemeMode
  /** No `themeMode` given: the modal and the buttons follow `prefers-color-scheme`. */
  themeModeFollowsSystem: boolean
  themeVariables: ThemeVariables
  endpoints: Endpoints
  allowUnsupportedChain: boolean
  tokens: Readonly<Record<string, readonly { address: string }[]>>
  siwx: PorticoConfig['siwx']
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  isMobile: boolean
  telegramPlatform: TelegramPlatform
  /** The Connect view's legal links; `legalCheckbox` makes ticking them a condition of connecting. */
  legal: { termsConditionsUrl: string | undefined; privacyPolicyUrl: string | undefined }
  /** The dapp's `restrictedTimezones`; undefined for the default list (sagas/region.ts checks them). */
  restrictedTimezones: readonly string[] | undefined
  /** The iframe URL's logger flag (`enableFrameLogger`). */
  enableFrameLogger: boolean
  /** `walletRequestTimeoutMs`, default `Time.walletRequestTimeoutMs` (5 minutes). */
  walletRequestTimeoutMs: number
  devtools: string | false
  /** The dapp's replacements for the modal's strings; `{}` when none. */
  strings: StringOverrides
  /** The locale's BCP 47 tag (`config.locale`, else the browser's language, else 'en'). */
  locale: string
  /** The locale a server renders: `config.locale`, else 'en'. */
  serverLocale: string
  /** SPEC §9 default account types with the dapp's `defaultAccountTypes` over them. */
  accountTypes: Readonly<Record<string, AccountType>>
}

export type ResolveConfigOptions = {
  /** Plugins used when `config.plugins` is absent (the caller supplies eip155 so this module stays light). */
  defaultPlugins: () => readonly NamespacePlugin[]
  /** Device detection, when `config.isMobile` is absent. */
  detectMobile?: () => boolean
  /** The browser's preferred languages, when `config.locale` is absent (none: English). */
  detectLanguages?: () => readonly string[]
  /** Telegram mini-app detection, when `config.telegramPlatform` is absent. */
  detectTelegramPlatform?: () => TelegramPlatform
}

/**
 * Checks a dapp's config against SPEC §5 and fills every default (SPEC §9).
 * Throws `ConfigError` (or a subclass) for configurations that cannot work; a missing
 * project id is not thrown, it becomes an alert (SPEC §5), so the dapp still renders.
 *
 * @example
 * const resolved = resolveConfig({ projectId: 'p1' }, { defaultPlugins: () => [eip155()] })
 */
export function resolveConfig(config: PorticoConfig, options: ResolveConfigOptions): ResolvedConfig {
  if (config === null || typeof config !== 'object') {
    throw new ConfigError('createPortico needs a config object.')
  }
  if (config.siweConfig && config.siwx) throw new SiweAndSiwxConflictError()

  const themeMode = config.themeMode ?? 'light'
  if (themeMode !== 'light' && themeMode !== 'dark') {
    throw new ValidationError({ key: 'themeModeInvalid' }, [{ path: 'themeMode', message: `got ${String(themeMode)}` }])
  }

  // The one path by which plugins enter: the registry checks each against the contract.
  const registry = createPluginRegistry(config.plugins ?? options.defaultPlugins())
  const { plugins } = registry
  const namespaces = new Set(registry.namespaces)

  const listed = config.networks ?? plugins.flatMap((p) => p.networks)
  for (const network of listed) {
    if (!namespaces.has(network.chainNamespace)) {
      throw new ConfigError(`Network '${network.caipNetworkId}' needs a plugin for the '${network.chainNamespace}' namespace.`, {
        metaMessages: ['Add the plugin to config.plugins, e.g. plugins: [eip155(), solana()].'],
      })
    }
  }

  const endpoints: Endpoints = { ...defaultEndpoints, ...stripUndefined(config.endpoints ?? {}) }
  for (const [name, url] of Object.entries(endpoints)) {
    if (!isUrl(url)) throw new ValidationError(`endpoints.${name} must be an absolute URL.`, [{ path: `endpoints.${name}`, message: url }])
  }

  const projectId = typeof config.projectId === 'string' && config.projectId.trim() ? config.projectId.trim() : undefined
  const networks = projectId === undefined ? listed : listed.map((network) => offerServerRpc(network, endpoints.blockchainApi, projectId))

  let defaultNetwork: CaipNetwork | undefined = networks[0]
  if (config.defaultNetwork !== undefined) {
    const wanted = typeof config.defaultNetwork === 'string' ? config.defaultNetwork : config.defaultNetwork.caipNetworkId
    defaultNetwork = networks.find((n) => n.caipNetworkId === wanted)
    if (!defaultNetwork) throw new NetworkNotFoundError({ metaMessages: [`defaultNetwork: ${wanted}`] })
  }

  if (config.strings !== undefined) checkStrings(config.strings, 'strings')
  const accountTypes: Record<string, AccountType> = { ...DefaultAccountTypes }
  for (const [namespace, type] of Object.entries(config.defaultAccountTypes ?? {})) {
    if (type === undefined) continue
    // The namespace's own account types, as its plugin declares them (the SPEC §5 rule when
    // it declares none); with no plugin for the namespace nothing uses it, so any type will do.
    const plugin = registry.getPlugin(namespace)
    if (!isAccountType(type, plugin ? plugin.accountTypes : AccountTypes)) {
      throw new ValidationError(`defaultAccountTypes.${namespace} is not an account type of that namespace.`, [{ path: `defaultAccountTypes.${namespace}`, message: `got ${String(type)}` }])
    }
    accountTypes[namespace] = type
  }

  const features: Features = { ...defaultFeatures, ...stripUndefined(config.features ?? {}) }
  const legal = { termsConditionsUrl: legalUrl(config.termsConditionsUrl, 'termsConditionsUrl'), privacyPolicyUrl: legalUrl(config.privacyPolicyUrl, 'privacyPolicyUrl') }
  if (features.legalCheckbox && !legal.termsConditionsUrl && !legal.privacyPolicyUrl) {
    throw new ConfigError('features.legalCheckbox needs termsConditionsUrl or privacyPolicyUrl.', {
      metaMessages: ['The checkbox asks the visitor to agree to documents it links; pass at least one of them.'],
    })
  }
  const restricted = config.restrictedTimezones
  if (restricted !== undefined && (!Array.isArray(restricted) || restricted.some((zone) => typeof zone !== 'string'))) {
    throw new ValidationError('restrictedTimezones must be a list of IANA time zone names.', [{ path: 'restrictedTimezones', message: `got ${JSON.stringify(restricted)}` }])
  }

  const walletRequestTimeoutMs = config.walletRequestTimeoutMs ?? Time.walletRequestTimeoutMs
  if (typeof walletRequestTimeoutMs !== 'number' || !Number.isFinite(walletRequestTimeoutMs) || walletRequestTimeoutMs < 1000) {
    throw new ValidationError('walletRequestTimeoutMs must be a number of milliseconds, 1000 or more.', [{ path: 'walletRequestTimeoutMs', message: `got ${String(walletRequestTimeoutMs)}` }])
  }

  return {
    projectId,
    metadata: config.metadata ?? defaultMetadata,
    plugins,
    registry,
    pluginFeatures: pluginFeatureData(plugins, networks),
    networks,
    defaultNetwork,
    features,
    themeMode,
    themeModeFollowsSystem: config.themeMode === undefined,
    themeVariables: config.themeVariables ?? {},
    endpoints,
    allowUnsupportedChain: config.allowUnsupportedChain ?? false,
    tokens: config.tokens ?? {},
    siwx: config.siwx ?? config.siweConfig,
    featuredWalletIds: config.featuredWalletIds ?? [],
    includeWalletIds: config.includeWalletIds ?? [],
    excludeWalletIds: config.excludeWalletIds ?? [],
    isMobile: config.isMobile ?? options.detectMobile?.() ?? false,
    telegramPlatform: config.telegramPlatform ?? options.detectTelegramPlatform?.() ?? 'unknown',
    legal,
    restrictedTimezones: restricted,
    enableFrameLogger: config.enableFrameLogger === true,
    walletRequestTimeoutMs,
    devtools: config.devtools ?? 'Portico',
    strings: config.strings ?? {},
    locale: resolveLocale(config.locale, config.locale === undefined ? (options.detectLanguages?.() ?? []) : []),
    serverLocale: resolveLocale(config.locale, []),
    accountTypes,
  }
}

/**
 * Offers the network the Portico server's RPC service (SPEC §7) as `rpcUrls.portico`:
 * the server named by `endpoints.blockchainApi` serves it for this project. Whether a
 * plugin reads through it is the plugin's call (a network with RPC URLs of the dapp's
 * own is read from those alone).
 */
function offerServerRpc(network: CaipNetwork, blockchainApi: string, projectId: string): CaipNetwork {
  return { ...network, rpcUrls: { ...network.rpcUrls, portico: { http: [rpcServiceUrl(blockchainApi, network.caipNetworkId, projectId)] } } }
}

/** `strings` must be plain data: nested objects whose leaves are strings (it lives in the store). */
function checkStrings(value: unknown, path: string): void {
  if (typeof value === 'string') return
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError(`${path} must be a string or a group of strings.`, [{ path, message: `got ${Array.isArray(value) ? 'array' : typeof value}` }])
  }
  for (const [key, child] of Object.entries(value)) checkStrings(child, `${path}.${key}`)
}

/** A legal document's address: absolute http(s), as the Connect view links it. */
function legalUrl(value: string | undefined, path: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value) || !isUrl(value)) {
    throw new ValidationError(`${path} must be an absolute http(s) URL.`, [{ path, message: String(value) }])
  }
  return value
}

function isUrl(value: string): boolean {
  try {
    new URL(value)
    return true
  } catch {
    return false
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
