import { PorticoError, type PorticoErrorParameters } from './base'
import { ErrorMessages, ErrorTemplates } from './messages'

/** Connecting to, or talking with, a wallet (injected, remote session, embedded). */
export class WalletError extends PorticoError {
  override name = 'WalletError'
}

export class FailedToDisconnectError extends WalletError {
  override name = 'FailedToDisconnectError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super(ErrorMessages.failedToDisconnect, { code: 'wallet/disconnect', ...parameters })
  }
}

export class ConnectorNotFoundError extends WalletError {
  override name = 'ConnectorNotFoundError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super(ErrorMessages.addressOrAuthConnectorNotFound, { code: 'wallet/connector-not-found', ...parameters })
  }
}

/** Remote-session (WalletConnect) errors of SPEC §8, exact wording. */
export class WalletSessionError extends WalletError {
  override name = 'WalletSessionError'
  static callConnectFirst = () => new WalletSessionError(ErrorMessages.callConnectBeforeRequest)
  static notInitialized = () => new WalletSessionError(ErrorMessages.signClientNotInitialized)
  static namespaceNotConfigured = (namespace: string) => new WalletSessionError(ErrorTemplates.namespaceNotConfigured(namespace))
  static callStatusNotApproved = () => new WalletSessionError(ErrorMessages.fetchingCallStatusNotApproved)
  static noRpcUrl = () => new WalletSessionError(ErrorMessages.noRpcUrlForChainId)
  static providerNotFound = (chain: string) => new WalletSessionError(ErrorTemplates.jsonRpcProviderNotFound(chain))
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
    super(`No wallet is connected for '${namespace}'. Connect one through the Portico modal first.`, { code: 'wallet/not-connected', ...parameters })
    this.namespace = namespace
  }
}
