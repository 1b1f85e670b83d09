import type { RemoteNamespace } from '../types'
import type { SatsProvider } from './runtime'

/**
 * A WalletConnect session's Bitcoin side (WalletConnect's Bitcoin RPC reference): a
 * sats-connect provider over the session (`walletConnectProvider.ts`, loaded on first
 * use) that the plugin connects as it connects a browser wallet (`connect: 'plugin'`).
 */
export const bip122Remote: RemoteNamespace<SatsProvider> = {
  methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
  events: ['bip122_addressesChanged'],
  /** The addresses of a `bip122_addressesChanged` event (getAccountAddresses entries, `{ address, ... }`). */
  accountsOfEvent(name, data) {
    if (name !== 'bip122_addressesChanged') return undefined
    const entries = Array.isArray(data) ? (data as unknown[]) : []
    return entries.map((entry) => (entry as { address?: unknown } | null)?.address).filter((a): a is string => typeof a === 'string')
  },
  async createWallet(session) {
    const provider = (await import('./walletConnectProvider')).createWalletConnectBitcoinProvider(session)
    return { provider, connect: 'plugin', destroy: () => provider.destroy() }
  },
}
