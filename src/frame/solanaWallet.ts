/**
 * The embedded wallet's Solana side: a Wallet Standard wallet over the frame client, so
 * the `solana()` plugin drives the embedded user's ed25519 key exactly as it drives a
 * browser wallet (connect, sign message, send SOL). The saga `attach`es it to the plugin
 * as connector 'auth' (type AUTH), beside the EIP-1193 provider on eip155
 * (`provider.ts`). docs/embedded-wallet.md "Solana".
 *
 * Each signing feature is one RPC_REQUEST with a solana_* method of SPEC §5, answered by
 * the secure page after the visitor approves there; the key never leaves the server.
 * Bytes travel as the methods define them: a message in base58, transactions in base64,
 * signatures in base58. The chain of a request is the CAIP-2 id of the dapp's network for
 * the Wallet Standard chain the plugin names (`solana:localnet` → `solana:<genesis>`).
 *
 * What it answers itself: `standard:connect` (the signed-in user's Solana account, or
 * 4100 signed out) and `standard:events` `change` (the account, or none when the session
 * expired or the user signed out). `standard:disconnect` is SIGN_OUT, as revoking the
 * eip155 provider's permissions is: the one user leaves both namespaces.
 */
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder } from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature, StandardEventsListeners } from '@wallet-standard/features'

import { RpcError } from '../errors/rpc'
import type { CaipNetwork } from '../types/network'
import type { FrameClient, FrameClientEvent } from './client'
import type { FrameUser } from './protocol'
import { toProviderError } from './provider'

/** Wallet Standard chain names of the public clusters, by CAIP-2 genesis reference. */
const ClusterByGenesis: Readonly<Record<string, `solana:${string}`>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/** The Wallet Standard chain of a Solana network (any other cluster is `solana:localnet`, as in the plugin). */
export function standardChainOf(network: Pick<CaipNetwork, 'id'>): `solana:${string}` {
  return ClusterByGenesis[String(network.id)] ?? 'solana:localnet'
}

const UNAUTHORIZED = 4100
const INVALID_PARAMS = -32602

const ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b5bdb"/><path d="M7 10h18v12H7z" fill="none" stroke="#fff" stroke-width="2"/><path d="M7 11l9 6 9-6" fill="none" stroke="#fff" stroke-width="2"/></svg>',
)}`

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

export type FrameSolanaWallet = Wallet & {
  /** Records the user the frame signed in; emits `change` when the Solana account changes. */
  setUser(user: FrameUser): void
  /** Forgets the user (signed out elsewhere) and emits `change` with no account. */
  clearUser(): void
  /** The user's Solana address, undefined when signed out. */
  address(): string | undefined
  /** Stops listening to the client. */
  destroy(): void
}

export type CreateFrameSolanaWalletParameters = {
  client: FrameClient
  /** The dapp's Solana networks: their Wallet Standard chains are the wallet's, and map back to CAIP-2. */
  networks: readonly CaipNetwork[]
  /** Shown as the wallet's name; 'Email wallet' by default, as the eip155 connector. */
  name?: string | undefined
}

/** The Solana address a frame user holds, if any. */
export function solanaAddressOf(user: FrameUser): string | undefined {
  return user.addresses?.solana ?? (typeof user.chainId === 'string' && user.chainId.startsWith('solana:') ? user.address : undefined)
}

/**
 * @example
 * const wallet = createFrameSolanaWallet({ client, networks: [solanaMainnet] })
 * wallet.setUser(user)                                   // after CONNECT_OTP, with user.addresses.solana
 * const detach = solanaPlugin.connectors.attach({ info, provider: wallet })
 */
export function createFrameSolanaWallet({ client, networks, name = 'Email wallet' }: CreateFrameSolanaWalletParameters): FrameSolanaWallet {
  const chainOf = new Map<string, string>()
  for (const network of networks) {
    const chain = standardChainOf(network)
    if (!chainOf.has(chain)) chainOf.set(chain, network.caipNetworkId)
  }
  const chains = [...chainOf.keys()] as IdentifierString[]
  const features = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as IdentifierString[]
  let account: WalletAccount | undefined
  const listeners = new Set<StandardEventsListeners['change']>()

  const emitChange = () => {
    const accounts = account === undefined ? [] : [account]
    for (const listener of [...listeners]) {
      try {
        listener({ accounts })
      } catch {
        // A listener's failure is its own.
      }
    }
  }
  const setAccount = (address: string | undefined) => {
    if (address === account?.address) return
    account = address === undefined ? undefined : Object.freeze({ address, publicKey: new Uint8Array(getBase58Encoder().encode(address)), chains, features, label: name })
    emitChange()
  }
  const unsubscribe = client.subscribe((event: FrameClientEvent) => {
    if (event.type === 'sessionExpired') setAccount(undefined)
  })

  const requireAccount = (given: WalletAccount | undefined): string => {
    if (account === undefined) throw new RpcError(UNAUTHORIZED, { message: 'Sign in to the embedded wallet first' })
    if (given !== undefined && given.address !== account.address) throw new RpcError(UNAUTHORIZED, { message: `${given.address} is not the embedded wallet's Solana account` })
    return account.address
  }
  /** CAIP-2 id of a Wallet Standard chain; refuses a chain the dapp did not configure. */
  const caipChainOf = (chain: string | undefined): string | undefined => {
    if (chain === undefined) return undefined
    const caip = chainOf.get(chain)
    if (caip === undefined) throw new RpcError(INVALID_PARAMS, { message: `The embedded wallet has no network for ${chain.slice(0, 64)}` })
    return caip
  }
  const rpc = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      throw toProviderError(error)
    }
  }
  const base64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)
  const fromBase64 = (text: string) => new Uint8Array(getBase64Encoder().encode(text))
  const fromBase58 = (text: string) => new Uint8Array(getBase58Encoder().encode(text))

  async function signMessage(...inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> {
    const outputs: SolanaSignMessageOutput[] = []
    for (const input of inputs) {
      const pubkey = requireAccount(input.account)
      const { signature } = await rpc(() => client.rpcRequest('solana_signMessage', { message: getBase58Decoder().decode(input.message), pubkey }))
      outputs.push({ signedMessage: input.message, signature: fromBase58(signature) })
    }
    return outputs
  }

  async function signTransaction(...inputs: readonly SolanaSignTransactionInput[]): Promise<readonly SolanaSignTransactionOutput[]> {
    const outputs: SolanaSignTransactionOutput[] = []
    for (const input of inputs) {
      requireAccount(input.account)
      const chainId = caipChainOf(input.chain)
      const { transaction } = await rpc(() => client.rpcRequest('solana_signTransaction', { transaction: base64(input.transaction) }, chainId === undefined ? {} : { chainId }))
      outputs.push({ signedTransaction: fromBase64(transaction) })
    }
    return outputs
  }

  async function signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]): Promise<readonly SolanaSignAndSendTransactionOutput[]> {
    const outputs: SolanaSignAndSendTransactionOutput[] = []
    for (const input of inputs) {
      requireAccount(input.account)
      const chainId = caipChainOf(input.chain)!
      const sendOptions = input.options === undefined ? undefined : JSON.parse(JSON.stringify(input.options)) as Record<string, never>
      const { signature } = await rpc(() =>
        client.rpcRequest('solana_signAndSendTransaction', { transaction: base64(input.transaction), ...(sendOptions === undefined ? {} : { sendOptions }) }, { chainId }),
      )
      outputs.push({ signature: fromBase58(signature) })
    }
    return outputs
  }

  const walletFeatures: Features = {
    'standard:connect': {
      version: '1.0.0',
      async connect() {
        // Connecting is signing in, which happens in the modal; this only shares the account.
        requireAccount(undefined)
        return { accounts: [account!] }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        if (account === undefined) return
        setAccount(undefined)
        await rpc(() => client.signOut())
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => {
          listeners.delete(listener)
        }
      },
    },
    'solana:signMessage': { version: '1.0.0', signMessage },
    'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction },
    'solana:signAndSendTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signAndSendTransaction },
  }

  return {
    version: '1.0.0',
    name,
    icon: ICON,
    chains,
    features: walletFeatures,
    get accounts() {
      return account === undefined ? [] : [account]
    },
    setUser(user) {
      setAccount(solanaAddressOf(user))
    },
    clearUser() {
      setAccount(undefined)
    },
    address: () => account?.address,
    destroy() {
      unsubscribe()
      listeners.clear()
    },
  }
}
