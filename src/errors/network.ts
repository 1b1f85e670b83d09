import { PorticoError, type PorticoErrorParameters } from './base'
import { ProviderRpcCode } from './rpcCodes'

/** Network family: unknown, unsupported or unswitchable chains. */
export class NetworkError extends PorticoError {
  override name = 'NetworkError'
}

export class ChainNotSupportedError extends NetworkError {
  override name = 'ChainNotSupportedError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super({ key: 'chainNotSupported' }, { code: 'network/chain-not-supported', ...parameters })
  }
}

export class NetworkNotFoundError extends NetworkError {
  override name = 'NetworkNotFoundError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super({ key: 'networkNotFound' }, { code: 'network/not-found', ...parameters })
  }
}

export class UnsupportedChainError extends NetworkError {
  override name = 'UnsupportedChainError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super({ key: 'unsupportedChain' }, { code: 'network/unsupported-chain', ...parameters })
  }
}

export class NetworkNotSupportedForSwapsError extends NetworkError {
  override name = 'NetworkNotSupportedForSwapsError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super({ key: 'networkNotSupportedForSwaps' }, { code: 'network/no-swaps', ...parameters })
  }
}

export class NetworkNotSupportedForGasPriceError extends NetworkError {
  override name = 'NetworkNotSupportedForGasPriceError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super({ key: 'networkNotSupportedForGasPrice' }, { code: 'network/no-gas-price', ...parameters })
  }
}

/**
 * SPEC §5: the target chain is not approved and the wallet lacks
 * `wallet_switchEthereumChain`.
 */
export class SwitchChainNotSupportedError extends NetworkError {
  override name = 'SwitchChainNotSupportedError'
  readonly chainId: number | string
  constructor(chainId: number | string, parameters: PorticoErrorParameters = {}) {
    super({ key: 'failedToSwitchChain', params: { chainId } }, { code: ProviderRpcCode.SwitchChainError, ...parameters })
    this.chainId = chainId
  }
}
