import type { CaipNetwork, CaipNetworkId } from '../types/network'
import type { NamespacePlugin } from '../plugins/types'
import type { RemoteProtocol } from './types'

/** A namespace of a session proposal (the sign protocol's `ProposalTypes.BaseRequiredNamespace`). */
export type ProposalNamespace = { chains: CaipNetworkId[]; methods: string[]; events: string[] }

/**
 * The session proposal's namespaces, from the dapp's configured networks: one entry per
 * namespace whose plugin has a `remote` capability (`protocols`), with that capability's
 * methods and events, listing every configured chain. The other namespaces are left out.
 * All are optional: the wallet approves what it supports.
 *
 * @example
 * buildProposalNamespaces([mainnet, optimism], { eip155: eip155().remote })
 * // { eip155: { chains: ['eip155:1', 'eip155:10'], methods: ['personal_sign', ...], events: ['chainChanged', 'accountsChanged'] } }
 */
export function buildProposalNamespaces(networks: readonly CaipNetwork[], protocols: Readonly<Record<string, Pick<RemoteProtocol, 'methods' | 'events'>>>): Record<string, ProposalNamespace> {
  const namespaces: Record<string, ProposalNamespace> = {}
  for (const network of networks) {
    const name = network.chainNamespace
    const protocol = Object.hasOwn(protocols, name) ? protocols[name] : undefined
    if (!protocol) continue
    const entry = (namespaces[name] ??= { chains: [], methods: [...protocol.methods], events: [...protocol.events] })
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

/** Each plugin's side of a session (its `remote` capability), loaded with the client, by namespace. */
export async function loadProtocols(plugins: readonly NamespacePlugin[]): Promise<Record<string, RemoteProtocol>> {
  const loaded = await Promise.all(plugins.map(async (plugin) => (plugin.remote ? [[plugin.namespace, await plugin.remote.load()] as const] : [])))
  return Object.fromEntries(loaded.flat())
}
