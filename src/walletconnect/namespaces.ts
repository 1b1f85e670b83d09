import type { CaipNetwork, CaipNetworkId } from '../types/network'

/** A namespace of a session proposal (the sign protocol's `ProposalTypes.BaseRequiredNamespace`). */
export type ProposalNamespace = { chains: CaipNetworkId[]; methods: string[]; events: string[] }

/**
 * The wallet methods and events Portico asks for, per namespace. eip155 follows the
 * SPEC §5 allowed RPC methods (signing, sending, EIP-5792 calls, chain switching);
 * read-only `eth_*` calls go to the chain's RPC, not to the wallet.
 */
export const WalletConnectMethods = {
  eip155: {
    methods: [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'eth_accounts',
      'eth_requestAccounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_getCapabilities',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'wallet_getAssets',
    ],
    events: ['chainChanged', 'accountsChanged'],
  },
  solana: {
    methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction'],
    events: [],
  },
  bip122: {
    methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
    events: ['bip122_addressesChanged'],
  },
} as const satisfies Record<string, { methods: readonly string[]; events: readonly string[] }>

export type WalletConnectNamespaceName = keyof typeof WalletConnectMethods

const isSupported = (namespace: string): namespace is WalletConnectNamespaceName => namespace in WalletConnectMethods

/**
 * The session proposal's namespaces, from the dapp's configured networks: one entry
 * per supported namespace (eip155 always when configured; solana and bip122 when their
 * networks are), listing every configured chain. Namespaces WalletConnect cannot
 * serve here (SPEC §3's other namespaces) are left out. All are optional: the wallet approves
 * what it supports.
 *
 * @example
 * buildProposalNamespaces([mainnet, optimism])
 * // { eip155: { chains: ['eip155:1', 'eip155:10'], methods: ['personal_sign', ...], events: ['chainChanged', 'accountsChanged'] } }
 */
export function buildProposalNamespaces(networks: readonly CaipNetwork[]): Record<string, ProposalNamespace> {
  const namespaces: Record<string, ProposalNamespace> = {}
  for (const network of networks) {
    const name = network.chainNamespace
    if (!isSupported(name)) continue
    const entry = (namespaces[name] ??= { chains: [], methods: [...WalletConnectMethods[name].methods], events: [...WalletConnectMethods[name].events] })
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId)
  }
  return namespaces
}

/**
 * CAIP-2 chain → the first HTTP RPC URL of that network, for the read calls the dapp
 * sends to the chain rather than the wallet.
 *
 * @example
 * buildRpcMap([mainnet]) // { 'eip155:1': 'https://eth.merkle.io' }
 */
export function buildRpcMap(networks: readonly CaipNetwork[]): Partial<Record<CaipNetworkId, string>> {
  const map: Partial<Record<CaipNetworkId, string>> = {}
  for (const network of networks) {
    const url = network.rpcUrls.default.http[0]
    if (url) map[network.caipNetworkId] ??= url
  }
  return map
}
