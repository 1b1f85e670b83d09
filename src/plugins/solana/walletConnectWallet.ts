/**
 * The session's Solana side as a Wallet Standard wallet, so the `solana()` plugin drives a
 * wallet over WalletConnect exactly as it drives a browser wallet (connect, sign, send
 * SOL and tokens) and the dapp's `portico.getProvider('solana')` reaches it. The plugin's
 * `remote.createWallet` builds it; the saga `attach`es it as connector `walletConnect`.
 *
 * Each signing feature is one request with WalletConnect's Solana methods, in the shapes
 * of its Solana RPC reference (`rpcWallet.ts`, shared with the embedded wallet's Solana
 * side). The request's chain is the session chain whose cluster the
 * plugin named (`solana:localnet` → `solana:<genesis>`); a message goes to the session's
 * current Solana chain.
 *
 * What it answers itself, without a round trip: `standard:connect` (the session's Solana
 * accounts: the wallet approved them when it approved the session) and `standard:events`
 * `change` (session updates, account events, the session's end). `standard:disconnect`
 * asks the wallet nothing: the saga ends the session once no namespace uses it.
 */
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'

import { RpcError } from '../../errors/rpc'
import { ProviderRpcCode } from '../../errors/rpcCodes'
import { walletChainOf } from '../../shared/solanaChains'
import { createSolanaRpcWallet, solanaRpcAccount } from './rpcWallet'
import type { RpcCodecs } from '../../types/rpcCodecs'
import type { CaipNetworkId } from '../../types/network'
import { parseCaipAccount, type RemoteSession } from '../../types/remoteSession'

const NAMESPACE = 'solana'

const ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3396ff"/><path d="M9 13c4-4 10-4 14 0l-2 2c-3-3-7-3-10 0zm3 3c2-2 6-2 8 0l-4 4z" fill="#fff"/></svg>',
)}`

/** The Wallet Standard cluster name of a CAIP-2 Solana chain, as the plugin names it. */
const standardChainOf = (caipNetworkId: string) => walletChainOf({ id: caipNetworkId.split(':')[1] ?? '' })

export type WalletConnectSolanaWallet = Wallet & {
  /** Stops following the client's events. */
  destroy(): void
}

/**
 * @example
 * const wallet = createWalletConnectSolanaWallet(session, solanaRpcCodecs)
 * const detach = solanaPlugin.connectors.attach({ info, provider: wallet })
 */
export function createWalletConnectSolanaWallet(client: RemoteSession, codecs: RpcCodecs, name = 'WalletConnect'): WalletConnectSolanaWallet {
  const approvedChains = () => client.getSession()?.namespaces[NAMESPACE]?.chains ?? []

  /** The session's Solana accounts, each on the clusters the session approved for it. */
  const sessionAccounts = (): WalletAccount[] => {
    const byAddress = new Map<string, Set<IdentifierString>>()
    for (const account of client.getSession()?.namespaces[NAMESPACE]?.accounts ?? []) {
      const parsed = parseCaipAccount(account)
      if (!parsed) continue
      const chains = byAddress.get(parsed.address) ?? new Set<IdentifierString>()
      chains.add(standardChainOf(parsed.caipNetworkId))
      byAddress.set(parsed.address, chains)
    }
    return [...byAddress].map(([address, chains]) => solanaRpcAccount(address, [...chains], name, codecs))
  }
  let accounts = sessionAccounts()

  const { wallet, emitChange, clearListeners } = createSolanaRpcWallet({
    name,
    icon: ICON,
    codecs,
    chains: () => [...new Set(approvedChains().map(standardChainOf))],
    accounts: () => accounts,
    request: (method, params, chainId) => client.request({ method, params, chainId: chainId as CaipNetworkId | undefined }),
    caipChainOf(chain) {
      if (chain === undefined) return client.getChain(NAMESPACE) ?? approvedChains()[0]
      const match = approvedChains().find((candidate) => standardChainOf(candidate) === chain)
      if (!match) throw new RpcError(ProviderRpcCode.ChainDisconnected, { message: `The WalletConnect session has no Solana chain for ${chain.slice(0, 64)}` })
      return match
    },
    // The wallet approved these accounts with the session; connecting only shares them.
    async connect() {
      accounts = sessionAccounts()
      if (accounts.length === 0) throw new RpcError(ProviderRpcCode.Unauthorized, { message: 'The WalletConnect session holds no Solana account' })
      return accounts
    },
    // The session is the saga's to end, once no namespace uses it any more.
    async disconnect() {},
  })

  const stop = client.onEvent((event) => {
    if (event.type !== 'disconnect' && event.type !== 'session_update' && !(event.type === 'accountsChanged' && event.namespace === NAMESPACE)) return
    const next = sessionAccounts()
    if (next.map((a) => a.address).join() === accounts.map((a) => a.address).join()) return
    accounts = next
    emitChange(accounts)
  })

  return Object.assign(wallet, {
    destroy() {
      stop()
      clearListeners()
    },
  })
}
