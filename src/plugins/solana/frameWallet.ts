/**
 * The embedded wallet's Solana side: a Wallet Standard wallet over the frame (its transport), so
 * the `solana()` plugin drives the embedded user's ed25519 key exactly as it drives a
 * browser wallet (connect, sign message, send SOL). The plugin's `embedded.createWallet` builds it
 * and the saga `attach`es it as connector 'auth' (type AUTH), beside the EIP-1193
 * provider on eip155. docs/embedded-wallet.md "Solana".
 *
 * Each signing feature is one RPC_REQUEST with a solana_* method of SPEC §5, answered by
 * the secure page after the visitor approves there, with the key it rebuilt (issue 32).
 * Bytes travel as the methods define them: a message in base58, transactions in base64,
 * signatures in base58. The chain of a request is the CAIP-2 id of the dapp's network for
 * the Wallet Standard chain the plugin names (`solana:localnet` → `solana:<genesis>`).
 *
 * What it answers itself: `standard:connect` (the signed-in user's Solana account, or
 * 4100 signed out) and `standard:events` `change` (the account, or none when the session
 * expired or the user signed out). `standard:disconnect` is SIGN_OUT, as revoking the
 * eip155 provider's permissions is: the one user leaves both namespaces.
 */
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'

import { RpcError } from '../../errors/rpc'
import { walletChainOf } from '../../shared/solanaChains'
import { createSolanaRpcWallet, solanaRpcAccount, type SolanaRpcMethod } from './rpcWallet'
import type { RpcCodecs } from '../../types/rpcCodecs'
import type { CaipNetwork } from '../../types/network'
import type { EmbeddedFrameUser, EmbeddedTransport, EmbeddedTransportEvent } from '../../types/embeddedTransport'
import { ProviderRpcCode } from '../../errors/rpcCodes'
import { solanaAddressOf } from './address'

const ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b5bdb"/><path d="M7 10h18v12H7z" fill="none" stroke="#fff" stroke-width="2"/><path d="M7 11l9 6 9-6" fill="none" stroke="#fff" stroke-width="2"/></svg>',
)}`

export type FrameSolanaWallet = Wallet & {
  /** Records the user the frame signed in; emits `change` when the Solana account changes. */
  setUser(user: EmbeddedFrameUser): void
  /** Forgets the user (signed out elsewhere) and emits `change` with no account. */
  clearUser(): void
  /** The user's Solana address, undefined when signed out. */
  address(): string | undefined
  /** Stops listening to the client. */
  destroy(): void
}

export type CreateFrameSolanaWalletParameters = {
  transport: EmbeddedTransport
  /** The dapp's Solana networks: their Wallet Standard chains are the wallet's, and map back to CAIP-2. */
  networks: readonly CaipNetwork[]
  /** Shown as the wallet's name; 'Email wallet' by default, as the eip155 connector. */
  name?: string | undefined
  /** The solana plugin's encodings (`rpcCodecs.ts`). */
  codecs: RpcCodecs
}

/**
 * @example
 * const wallet = createFrameSolanaWallet({ transport, networks: [solanaMainnet], codecs: solanaRpcCodecs })
 * wallet.setUser(user)                                   // after CONNECT_OTP, with user.addresses.solana
 * const detach = solanaPlugin.connectors.attach({ info, provider: wallet })
 */
export function createFrameSolanaWallet({ transport, networks, name = 'Email wallet', codecs }: CreateFrameSolanaWalletParameters): FrameSolanaWallet {
  const chainOf = new Map<string, string>()
  for (const network of networks) {
    const chain = walletChainOf(network)
    if (!chainOf.has(chain)) chainOf.set(chain, network.caipNetworkId)
  }
  const chains = [...chainOf.keys()] as IdentifierString[]
  let account: WalletAccount | undefined
  const accounts = () => (account === undefined ? [] : [account])

  const { wallet, emitChange, clearListeners } = createSolanaRpcWallet({
    name,
    icon: ICON,
    codecs,
    chains: () => chains,
    accounts,
    // The shared wallet builds each method's params in the frame protocol's shapes.
    request: <T>(method: SolanaRpcMethod, params: Record<string, unknown>, chainId: string | undefined): Promise<T> => transport.request<T>(method, params, { chainId }),
    /** CAIP-2 id of a Wallet Standard chain; refuses a chain the dapp did not configure. */
    caipChainOf(chain) {
      if (chain === undefined) return undefined
      const caip = chainOf.get(chain)
      if (caip === undefined) throw new RpcError(ProviderRpcCode.InvalidParams, { message: `The embedded wallet has no network for ${chain.slice(0, 64)}` })
      return caip
    },
    // Connecting is signing in, which happens in the modal; this only shares the account.
    async connect() {
      if (account === undefined) throw new RpcError(ProviderRpcCode.Unauthorized, { message: 'Sign in to the embedded wallet first' })
      return [account]
    },
    async disconnect() {
      if (account === undefined) return
      setAccount(undefined)
      await transport.signOut()
    },
  })

  const setAccount = (address: string | undefined) => {
    if (address === account?.address) return
    account = address === undefined ? undefined : solanaRpcAccount(address, chains, name, codecs)
    emitChange(accounts())
  }
  const unsubscribe = transport.subscribe((event: EmbeddedTransportEvent) => {
    if (event.type === 'sessionExpired') setAccount(undefined)
  })

  return Object.assign(wallet, {
    setUser(user: EmbeddedFrameUser) {
      setAccount(solanaAddressOf(user))
    },
    clearUser() {
      setAccount(undefined)
    },
    address: () => account?.address,
    destroy() {
      unsubscribe()
      clearListeners()
    },
  })
}
