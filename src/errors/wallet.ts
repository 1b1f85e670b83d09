import { PorticoError, type PorticoErrorParameters } from './base'

/** Connecting to, or talking with, a wallet (injected, remote session, embedded). */
export class WalletError extends PorticoError {
  override name = 'WalletError'
}

export class FailedToDisconnectError extends WalletError {
  override name = 'FailedToDisconnectError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super({ key: 'failedToDisconnect' }, { code: 'wallet/disconnect', ...parameters })
  }
}

export class ConnectorNotFoundError extends WalletError {
  override name = 'ConnectorNotFoundError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super({ key: 'addressOrAuthConnectorNotFound' }, { code: 'wallet/connector-not-found', ...parameters })
  }
}

/** Remote-session (WalletConnect) errors of SPEC §8, exact wording. */
export class WalletSessionError extends WalletError {
  override name = 'WalletSessionError'
  static callConnectFirst = () => new WalletSessionError({ key: 'callConnectBeforeRequest' })
  static notInitialized = () => new WalletSessionError({ key: 'signClientNotInitialized' })
  static namespaceNotConfigured = (namespace: string) => new WalletSessionError({ key: 'namespaceNotConfigured', params: { namespace } })
  static callStatusNotApproved = () => new WalletSessionError({ key: 'fetchingCallStatusNotApproved' })
  static noRpcUrl = () => new WalletSessionError({ key: 'noRpcUrlForChainId' })
  static providerNotFound = (chain: string) => new WalletSessionError({ key: 'jsonRpcProviderNotFound', params: { chain } })
}

/**
 * `portico.getProvider(namespace)` while that namespace has no connection: the dapp gets
 * this at once instead of a provider that would hang. Open the modal and wait for
 * `CONNECT_SUCCESS`, or use `portico/wagmi`, whose `connect` does that.
 */
export class NotConnectedError extends WalletError {
  override name = 'NotConnectedError'
  readonly namespace: string
  constructor(namespace: string, parameters: PorticoErrorParameters = {}) {
    super({ key: 'notConnected', params: { namespace } }, { code: 'wallet/not-connected', ...parameters })
    this.namespace = namespace
  }
}
