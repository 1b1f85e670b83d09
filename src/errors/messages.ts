import { Alerts } from './alerts'
import { EmbeddedWalletMessages } from '../shared/embeddedWallet'
import { fillTemplate } from './template'

/**
 * Every user-facing error sentence, in one table: the SPEC §8 strings exactly, and
 * Portico's own sentences that can reach a visitor. Code throws or stores these by key
 * so that a reader can find each SPEC sentence by searching for its words, and so that
 * the store keeps a key (not English) that the UI translates through its catalogue
 * (`strings.errors`, which is this table in English). Values are templates: `{name}`
 * placeholders are filled from the error's params.
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
  /** SPEC §5: email login resend cooldown. */
  tryAgainAfter: 'Please try again after {seconds} seconds',
  /** The alerts' titles (alerts.ts) when a frame refusal is also the view's error. */
  invalidAppConfiguration: Alerts.invalidAppConfiguration.shortMessage,
  invalidProjectId: Alerts.invalidProjectId.shortMessage,
  enterEmailFirst: 'Enter your email first',
  loginPopupBlocked: 'The login window was blocked: allow pop-ups for this site and try again',
  loginPopupClosed: 'The login window was closed before the login finished',
  loginTimedOut: 'The login took too long; try again',

  // Wallet session
  callConnectBeforeRequest: 'Please call connect() before request()',
  signClientNotInitialized: 'Sign Client not initialized',
  namespaceNotConfigured: "Namespace '{namespace}' is not configured. Please call connect() first with namespace config.",
  fetchingCallStatusNotApproved: 'Fetching call status not approved by the wallet.',
  noRpcUrlForChainId: EmbeddedWalletMessages.noRpcUrlForChainId,
  jsonRpcProviderNotFound: 'JSON-RPC provider for {chain} not found',
  /** SPEC §5: chain switching when neither approved nor switchable. */
  failedToSwitchChain: "Failed to switch to chain 'eip155:{chainId}'. The chain is not approved or the wallet does not support 'wallet_switchEthereumChain' method.",

  // Wallet kit
  failedToFetchTransactions: 'Failed to fetch transactions',
  signatureDeclined: 'Signature declined',
  problemInitializingAuthentication: 'A problem occurred while trying initialize authentication',

  // Schema validation defaults
  required: 'Required',
  invalidEmail: 'Invalid email',

  // Services (SPEC §7)
  httpStatus: 'HTTP status code: {status}',
  userOperationReceipt: 'Failed to fetch user operation receipt - {status}',
  httpTimeout: 'The request took longer than {timeoutMs} ms.',
  httpNetwork: 'The network request failed.',
  httpInvalidJson: 'The service answered with a body that is not JSON.',

  // Libraries' own English, said in Portico's words (libraryText.ts recognises it)
  /** viem's "HTTP request failed." and "The request took too long to respond.", and Portico's own RPC deadline (SPEC §9, 10 s). */
  networkDidNotAnswer: 'The network did not answer. Try again.',
  /** WalletConnect's "Failed to publish payload…": the relay could not be reached while the request waited. */
  walletConnectionLost: 'The connection to your wallet was lost. Try again.',
  /** The request's expiry passed with no answer (WalletConnect's "Request expired. Please try again."). */
  walletDidNotAnswer: 'Your wallet did not answer in time. Try again.',

  // Wallet answers: 4001 and 5000 (the visitor said no); other wallet text passes through
  userRejectedRequest: 'The user rejected the request.',
  modalClosedBeforeConnect: 'The modal closed before a wallet for {network} was connected.',
  accountDidNotConnect: "The wallet's {namespace} account did not connect: {reason}",
  embeddedSolanaDidNotConnect: "The embedded wallet's Solana account did not connect: {reason}",

  // Transaction node errors (SPEC §8), recognised by toNodeError.ts
  nodeInsufficientFunds: 'Insufficient funds: the account cannot pay the amount plus the network fee.',
  /** A transaction with nothing to pay but its fee (a contract call, a token transfer, a smart account's user operation, ERC-4337 AA21); {symbol} is the network's native coin. */
  noFundsForNetworkFee: 'This account has no {symbol} to pay the network fee',
  nodeNonceTooLow: 'This transaction was already sent (nonce too low). Refresh and try again.',
  nodeNonceTooHigh: 'The transaction nonce is ahead of the account (nonce too high). Reset the wallet account or wait for pending transactions.',
  nodeNonceMaxValue: 'The account nonce has reached its maximum value.',
  nodeFeeCapTooLow: 'The fee is below the network base fee. Raise the max fee and try again.',
  nodeFeeCapTooHigh: 'The max fee is higher than the network allows.',
  nodeTipAboveFeeCap: 'The priority fee is higher than the max fee.',
  nodeGasTooLow: 'The gas limit is too low for this transaction.',
  nodeGasTooHigh: 'The gas limit is higher than the block allows.',
  nodeExecutionReverted: 'The transaction would fail on chain (execution reverted).',

  // Forms (SPEC §5 send and one-time code rules)
  invalidCode: 'Invalid code',
  invalidReceiverAddress: 'Invalid receiver address',
  tooManyDecimals: 'Too many decimal places for this token',
  amountOverBalance: 'The amount is more than the balance',

  // Account actions
  connectWalletToSend: 'Connect a wallet that can send on this network first.',
  connectWalletToSign: 'Connect a wallet that can sign messages first.',
  connectWalletToSwap: 'Connect a wallet to swap.',
  connectWalletToBuy: 'Connect a wallet to buy crypto.',
  selectSwapTokens: 'Select the two tokens to swap.',
  enterSwapAmount: 'Enter an amount to swap.',
  swapInputsMissing: 'Enter an amount and pick the two tokens first.',
  noSwapQuote: 'No quote for this pair.',
  walletCannotSendCalls: 'This wallet cannot send contract calls.',
  swapReverted: 'The swap reverted on chain: the price moved more than the slippage allows, or the balance is short.',
  approvalReverted: 'The approval reverted on chain.',
  buyAmountDecimals: 'Enter an amount with at most two decimals.',
  purchaseNotArrived: 'No purchase arrived yet. It may still be on its way.',
  accountTypeEmailOnly: 'Only the email wallet’s EVM account can switch account type',

  // Configuration and connection state a dapp meets
  /** SPEC §5: setting both siweConfig and siwx is an error. */
  siweAndSiwxConflict: 'Set either siweConfig or siwx, not both.',
  /** `portico.getProvider(namespace)` while that namespace has no connection. */
  notConnected: "No wallet is connected for '{namespace}'. Connect one through the Portico modal first.",

  // The dapp's use of the API (getProvider, setThemeMode, usePortico, mountPortico)
  noPluginForNamespace: "No plugin serves the '{namespace}' namespace. Add it to config.plugins.",
  pluginOffersNoProvider: "The '{namespace}' plugin offers no provider for the dapp.",
  themeModeInvalid: 'Theme mode must be light or dark.',
  usePorticoOutsideProvider: 'usePortico must be used inside <PorticoProvider>.',
  mountPorticoNeedsElement: 'mountPortico needs a DOM element to render into.',
  mountPorticoNeedsInstance: 'mountPortico needs the instance that createPortico returned.',

  // The fallbacks
  unknownError: 'An unknown error occurred.',
  unknownRpcError: 'An unknown RPC error occurred.',
  /**
   * Text Portico did not write (a wallet's, a server's or a plugin's own sentence),
   * kept as it came in `{message}`: there is no key to translate it by.
   */
  untranslated: '{message}',
} as const

export type ErrorMessageKey = keyof typeof ErrorMessages

/**
 * The success and info sentences the store carries in toasts, by key (catalogue group
 * `strings.notices`).
 */
export const Notices = {
  copied: 'Copied',
  transactionSent: 'Transaction sent',
  swapped: 'Swapped {from} for {to}',
  purchaseReceived: 'Received {amount} {symbol}',
  emailUpdated: 'Email updated',
  passkeyAdded: 'Passkey added',
  recoveryChanged: 'Recovery changed: the old one no longer opens your wallet',
  deviceRemoved: 'Device removed',
} as const

export type NoticeKey = keyof typeof Notices

/**
 * The English of the templated messages, for code that throws with text (the table
 * above holds the wording; these only fill it).
 */
export const ErrorTemplates = {
  tryAgainAfter: (seconds: number) => fillTemplate(ErrorMessages.tryAgainAfter, { seconds }),
  failedToSwitchChain: (chainId: number | string) => fillTemplate(ErrorMessages.failedToSwitchChain, { chainId }),
  namespaceNotConfigured: (namespace: string) => fillTemplate(ErrorMessages.namespaceNotConfigured, { namespace }),
  jsonRpcProviderNotFound: (chain: string) => fillTemplate(ErrorMessages.jsonRpcProviderNotFound, { chain }),
  httpStatus: (status: number) => fillTemplate(ErrorMessages.httpStatus, { status }),
  userOperationReceipt: (status: number) => fillTemplate(ErrorMessages.userOperationReceipt, { status }),
} as const
