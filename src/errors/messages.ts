import { EmbeddedWalletMessages } from '../shared/embeddedWallet'

/**
 * Every user-facing string of SPEC §8, in one table. Code throws or shows these by
 * key so that a reader can find each SPEC sentence by searching for its words, and so
 * that a dapp can translate them (the UI catalogue reads from here).
 */
export const ErrorMessages = {
  // Toasts and thrown errors
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  networkNotSupportedForGasPrice: 'Network not supported for Gas Price',
  networkNotSupportedForSwaps: 'Network not supported for Swaps',
  failedToDisconnect: 'Failed to disconnect',
  chainNotSupported: 'Chain is not supported',
  networkNotFound: 'Network not found',
  addressOrAuthConnectorNotFound: 'Address or auth connector not found',
  errorResolvingName: 'Error resolving name',
  errorFetchingNameSuggestions: 'Error fetching name suggestions',
  errorRegisteringName: 'Error registering name',
  amountAndReceiverRequired: 'An amount and receiver address are required',
  tokenRequired: 'A token is required',
  unsupportedChain: 'Unsupported chain',

  // Embedded wallet
  unableToLoadEmailLoginDependency: 'Unable to load email login dependency',
  requestWasAborted: 'Request was aborted',
  somethingWentWrong: 'Something went wrong',
  anErrorOccurred: 'An error occurred',
  iframeNotSet: 'W3mFrame: iframe is not set',
  parentNotSet: EmbeddedWalletMessages.parentNotSet,

  // Wallet session
  callConnectBeforeRequest: 'Please call connect() before request()',
  signClientNotInitialized: 'Sign Client not initialized',
  fetchingCallStatusNotApproved: 'Fetching call status not approved by the wallet.',
  noRpcUrlForChainId: EmbeddedWalletMessages.noRpcUrlForChainId,

  // Wallet kit
  failedToFetchTransactions: 'Failed to fetch transactions',
  signatureDeclined: 'Signature declined',
  problemInitializingAuthentication: 'A problem occurred while trying initialize authentication',

  // Schema validation defaults
  required: 'Required',
  invalidEmail: 'Invalid email',
} as const

export type ErrorMessageKey = keyof typeof ErrorMessages

/** Messages with a value in them; each is a function so the wording stays in this file. */
export const ErrorTemplates = {
  /** SPEC §5: email login resend cooldown. */
  tryAgainAfter: (seconds: number) => `Please try again after ${seconds} seconds`,
  /** SPEC §5: chain switching when neither approved nor switchable. */
  failedToSwitchChain: (chainId: number | string) =>
    `Failed to switch to chain 'eip155:${chainId}'. The chain is not approved or the wallet does not support 'wallet_switchEthereumChain' method.`,
  /** SPEC §8: wallet session. */
  namespaceNotConfigured: (namespace: string) =>
    `Namespace '${namespace}' is not configured. Please call connect() first with namespace config.`,
  jsonRpcProviderNotFound: (chain: string) => `JSON-RPC provider for ${chain} not found`,
  /** SPEC §7: generic HTTP client. */
  httpStatus: (status: number) => `HTTP status code: ${status}`,
  /** SPEC §7: bundler. */
  userOperationReceipt: (status: number) => `Failed to fetch user operation receipt - ${status}`,
} as const
