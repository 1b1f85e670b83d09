// The WalletConnect chunk: loaded only through `import('./walletconnect')` when the
// visitor picks WalletConnect (see createPortico.ts and docs/walletconnect.md).
export { createWalletConnectClient, isHostedRelay } from './client'
export { buildProposalNamespaces, buildRpcMap, loadProtocols, type ProposalNamespace } from './namespaces'
export { toSessionInfo, parseCaipAccount, addressesOn } from './session'
export type {
  WalletConnectClient,
  WalletConnectClientOptions,
  RemoteProtocol,
  WalletConnectEvent,
  WalletConnectNamespace,
  WalletConnectPairing,
  WalletConnectRequest,
  WalletConnectSessionInfo,
} from './types'
