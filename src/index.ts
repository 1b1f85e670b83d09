/**
 * Portico's public API: the core and the EVM plugin. React bindings are in
 * `portico/react`, the Solana and Bitcoin plugins in `portico/solana` and
 * `portico/bitcoin` (their libraries are optional peer dependencies an EVM-only dapp
 * never installs); nothing else is public.
 */
export { createPortico, type Portico, type OpenOptions, type PorticoRuntime, type ProviderByNamespace, type GetProviderOptions } from './createPortico'
export { cookieStorage, createCookieStorage, type CookieStorageParameters } from './storage/cookieStorage'
export { cookieToInitialState } from './storage/initialState'
export type { KeyValueStore } from './storage/createStorage'
export type { PorticoInitialState } from './store/hydrate'
export { PorticoEventNames, type ErrorEventData, type PorticoEvent, type PorticoEventMap, type PorticoEventName, type PorticoEventListener } from './events/types'

export type {
  PorticoConfig,
  Features,
  Metadata,
  Endpoints,
  ThemeMode,
  ThemeVariables,
  SiweConfig,
  SiwxConfig,
  SiwxSession,
  SiwxVerifyParameters,
  SiwxMessageParameters,
  StringOverrides,
} from './config/types'
export { createPorticoSiwx, SiwxServerError, type CreatePorticoSiwxParameters, type SiwxTokenStore } from './siwx'
export { createSmartSessions, porticoSmartSessions, type CreateSmartSessionsParameters, type SmartSessionDapp, type SmartSessions } from './smartSessions'
export type { ResolvedConfig } from './config/resolveConfig'
export type { SupportedLocale } from './config/locale'
export type { DiagnosticEntry, DiagnosticLevel } from './diagnostics/diagnosticLog'
export * as constants from './config/constants'
export { SDK_TYPE, SDK_VERSION } from './config/defaults'

export * from './errors'
export * from './validation'

export type {
  NamespacePlugin,
  PluginFeatures,
  PluginFeatureData,
  PluginCapabilityName,
  PluginContext,
  ConnectorCapability,
  BalanceCapability,
  HistoryCapability,
  HistoryPage,
  ConnectedAccount,
  ConnectorEvent,
  ConnectionHost,
  LiveConnection,
  SendParameters,
  RpcCodecs,
  EvmCapability,
  RemoteCapability,
  RemoteNamespace,
  RemoteWallet,
  EmbeddedCapability,
  EmbeddedNamespace,
  EmbeddedWallet,
} from './plugins/types'
export type { RemoteRequest, RemoteSession, RemoteSessionEvent, RemoteSessionInfo, RemoteSessionNamespace } from './types/remoteSession'
export type { EmbeddedFrameUser, EmbeddedTransport, EmbeddedTransportEvent } from './types/embeddedTransport'
export { createPluginRegistry, type PluginRegistry } from './plugins/registry'
export * from './plugins/eip155'

export type * from './types'
export type { PorticoState, Route, ViewName, RouteParams, AccountState, ConnectionStatus } from './store'
export { SpecViews } from './store'
