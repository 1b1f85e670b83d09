import type { Action } from '@reduxjs/toolkit'
import { call, getContext } from 'redux-saga/effects'
import type { ResolvedConfig } from '../config/resolveConfig'
import type { DiagnosticLog } from '../diagnostics/diagnosticLog'
import type { PorticoServices } from '../createServices'
import type { FrameClient, LoginCache } from '../frame'
import type { EmbeddedTransport } from '../types/embeddedTransport'
import type { NamespacePlugin } from '../plugins/types'
import type { WalletConnectClient } from '../walletconnect/types'
import type { KeyValueStore, PorticoStorage } from '../storage/createStorage'

/**
 * What sagas reach besides the store: the runtime side (plugins and, in later issues,
 * service clients and the frame). Passed as redux-saga context so tests can hand in
 * their own.
 */
export type SagaContext = {
  config: ResolvedConfig
  plugins: ReadonlyMap<string, NamespacePlugin>
  window: Window | undefined
  /** The service clients, loaded on first use (see createServices.ts). */
  services: () => Promise<PorticoServices>
  /** Clock for timed rules (retry gates); tests pass their own. */
  now: () => number
  /** What survives a reload (recent wallets, connections to restore). */
  storage: PorticoStorage
  /**
   * The WalletConnect client, created and initialised on first call: the
   * `src/walletconnect` chunk (and the sign-client) load only then. Absent, WalletConnect
   * is unavailable and a pairing fails with 'Sign Client not initialized'.
   */
  walletConnect?: (() => Promise<WalletConnectClient>) | undefined
  /**
   * The embedded wallet: the first call loads the `src/frame` chunk and creates the frame
   * client (which inserts the hidden iframe) and its EIP-1193 provider; later calls
   * return the same pair. Absent (no window, or neither email nor socials enabled),
   * email login is unavailable. See docs/embedded-wallet.md.
   */
  frame?: (() => Promise<EmbeddedFrame>) | undefined
  /**
   * SPEC §3 "Locally cached login state", read at start to restore an email login. The
   * saga runtime makes it from `loginCacheStore` when absent (so its code is not in the
   * dapp's first load); tests may pass their own.
   */
  loginCache?: LoginCache | undefined
  /** Where the runtime's login cache keeps its values (undefined: nowhere). */
  loginCacheStore?: KeyValueStore | undefined
  /**
   * The store, for sagas that start on first use in an environment of their own
   * (lazySaga.ts). createPortico sets it once the store exists.
   */
  store?: SagaStore | undefined
  /**
   * Where the diagnostic log lives (`portico.getDiagnostics()` reads it): the holder is
   * made with the instance, the log inside it by the diagnostics saga (diagnostics.ts).
   */
  diagnostics?: { log: DiagnosticLog | undefined } | undefined
}

/** What a saga environment needs from the store. */
export type SagaStore = { dispatch: (action: Action) => unknown; getState: () => unknown }

/** The live embedded wallet: the frame client, and its transport for the plugins' `embedded` wallets. */
export type EmbeddedFrame = { client: FrameClient; transport: EmbeddedTransport }

export function* getSagaContext() {
  const context: SagaContext = yield getContext('portico')
  return context
}

/** The service clients (loaded on first call). */
export function* getServices() {
  const context: SagaContext = yield call(getSagaContext)
  const services: PorticoServices = yield call(context.services)
  return services
}
