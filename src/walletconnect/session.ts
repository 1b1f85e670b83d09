import type { SessionTypes } from '@walletconnect/types'
import type { CaipAddress, CaipNetworkId } from '../types/network'
import { parseCaipAccount } from '../types/remoteSession'
import type { WalletConnectNamespace, WalletConnectSessionInfo } from './types'

export { addressesOn, parseCaipAccount } from '../types/remoteSession'

/**
 * A namespace key of a session may be `eip155` or a single chain (`eip155:1`); both
 * belong to the namespace before the colon.
 */
export const namespaceOf = (key: string) => key.split(':')[0] ?? key

/**
 * The sign-client's session record as plain, serialisable data (no keys, no
 * controller): the chains of each namespace come from its accounts when the wallet did
 * not list them.
 *
 * @example
 * toSessionInfo(signClient.session.get(topic)).namespaces.eip155.accounts // ['eip155:1:0x...']
 */
export function toSessionInfo(session: SessionTypes.Struct): WalletConnectSessionInfo {
  const namespaces: Record<string, WalletConnectNamespace> = {}
  for (const [key, value] of Object.entries(session.namespaces)) {
    const name = namespaceOf(key)
    const entry = (namespaces[name] ??= { accounts: [], chains: [], methods: [], events: [] })
    const chains = [...(value.chains ?? []), ...(key.includes(':') ? [key] : []), ...value.accounts.map((a) => parseCaipAccount(a)?.caipNetworkId)]
    for (const chain of chains) if (chain && !entry.chains.includes(chain as CaipNetworkId)) entry.chains.push(chain as CaipNetworkId)
    for (const account of value.accounts) if (!entry.accounts.includes(account as CaipAddress)) entry.accounts.push(account as CaipAddress)
    for (const method of value.methods) if (!entry.methods.includes(method)) entry.methods.push(method)
    for (const event of value.events) if (!entry.events.includes(event)) entry.events.push(event)
  }
  const peer = session.peer.metadata
  return {
    topic: session.topic,
    pairingTopic: session.pairingTopic,
    peer: { name: peer.name, description: peer.description, url: peer.url, icons: peer.icons.filter((icon) => typeof icon === 'string' && icon.length > 0) },
    namespaces,
    expiry: session.expiry * 1000,
  }
}
