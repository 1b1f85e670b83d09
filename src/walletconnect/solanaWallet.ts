/**
 * The session's Solana side as a Wallet Standard wallet, so the `solana()` plugin drives a
 * wallet over WalletConnect exactly as it drives a browser wallet (connect, sign, send
 * SOL and tokens) and the dapp's `portico.getProvider('solana')` reaches it. The saga
 * `attach`es it to the plugin as connector `walletConnect`.
 *
 * Each signing feature is one request with WalletConnect's Solana methods, in the shapes
 * of its Solana RPC reference: `solana_signMessage { message: base58, pubkey }` →
 * `{ signature: base58 }`; `solana_signTransaction { transaction: base64 }` →
 * `{ signature, transaction? }` (a wallet that returns only the signature has it put into
 * the transaction here); `solana_signAndSendTransaction { transaction, sendOptions? }` →
 * `{ signature }`. The request's chain is the session chain whose cluster the plugin
 * named (`solana:localnet` → `solana:<genesis>`).
 *
 * What it answers itself, without a round trip: `standard:connect` (the session's Solana
 * accounts: the wallet approved them when it approved the session) and `standard:events`
 * `change` (session updates, account events, the session's end). `standard:disconnect`
 * forgets nothing on the wallet: the saga ends the session once no namespace uses it.
 */
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder, getTransactionDecoder, getTransactionEncoder, type SignatureBytes } from '@solana/kit'
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
import { ProviderRpcCode } from '../errors/rpcCodes'
import { walletChainOf } from '../plugins/solana/chains'
import type { CaipNetworkId } from '../types/network'
import { parseCaipAccount } from './session'
import type { WalletConnectClient } from './types'

const NAMESPACE = 'solana'

type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

const SIGNING_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const satisfies readonly IdentifierString[]

const ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3396ff"/><path d="M9 13c4-4 10-4 14 0l-2 2c-3-3-7-3-10 0zm3 3c2-2 6-2 8 0l-4 4z" fill="#fff"/></svg>',
)}`

/** The Wallet Standard cluster name of a CAIP-2 Solana chain, as the plugin names it. */
const standardChainOf = (caipNetworkId: string) => walletChainOf({ id: caipNetworkId.split(':')[1] ?? '' })

const fromBase58 = (text: string) => new Uint8Array(getBase58Encoder().encode(text))
const toBase58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const fromBase64 = (text: string) => new Uint8Array(getBase64Encoder().encode(text))
const toBase64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)

/**
 * The wallet's `solana_signTransaction` answer as signed transaction bytes: the signed
 * transaction when it returned one, else the request's transaction with its signature in
 * the signer's slot.
 */
function signedTransactionOf(unsigned: Uint8Array, signer: string, result: { signature?: unknown; transaction?: unknown }): Uint8Array {
  if (typeof result.transaction === 'string' && result.transaction.length > 0) return fromBase64(result.transaction)
  if (typeof result.signature !== 'string') throw new RpcError(-32603, { details: 'solana_signTransaction answered neither a transaction nor a signature' })
  const transaction = getTransactionDecoder().decode(unsigned)
  if (!(signer in transaction.signatures)) throw new RpcError(-32602, { details: `The transaction needs no signature from ${signer}` })
  const signatures = { ...transaction.signatures, [signer]: fromBase58(result.signature) as SignatureBytes }
  return new Uint8Array(getTransactionEncoder().encode({ ...transaction, signatures }))
}

export type WalletConnectSolanaWallet = Wallet & {
  /** Stops following the client's events. */
  destroy(): void
}

/**
 * @example
 * const wallet = createWalletConnectSolanaWallet(client)
 * const detach = solanaPlugin.connectors.attach({ info, provider: wallet })
 */
export function createWalletConnectSolanaWallet(client: WalletConnectClient, name = 'WalletConnect'): WalletConnectSolanaWallet {
  const listeners = new Set<StandardEventsListeners['change']>()

  /** The session's Solana accounts, each on the clusters the session approved for it. */
  const sessionAccounts = (): WalletAccount[] => {
    const namespace = client.getSession()?.namespaces[NAMESPACE]
    if (!namespace) return []
    const byAddress = new Map<string, Set<IdentifierString>>()
    for (const account of namespace.accounts) {
      const parsed = parseCaipAccount(account)
      if (!parsed) continue
      const chains = byAddress.get(parsed.address) ?? new Set<IdentifierString>()
      chains.add(standardChainOf(parsed.caipNetworkId))
      byAddress.set(parsed.address, chains)
    }
    return [...byAddress].map(([address, chains]) =>
      Object.freeze({ address, publicKey: fromBase58(address), chains: [...chains], features: [...SIGNING_FEATURES], label: name }),
    )
  }
  let accounts = sessionAccounts()
  const refresh = () => {
    const next = sessionAccounts()
    if (next.map((a) => a.address).join() === accounts.map((a) => a.address).join()) return
    accounts = next
    for (const listener of [...listeners]) {
      try {
        listener({ accounts })
      } catch {
        // A listener's failure is its own.
      }
    }
  }
  const stop = client.onEvent((event) => {
    if (event.type === 'disconnect' || event.type === 'session_update' || (event.type === 'accountsChanged' && event.namespace === NAMESPACE)) refresh()
  })

  const requireAccount = (given: WalletAccount): string => {
    if (!sessionAccounts().some((a) => a.address === given.address)) {
      throw new RpcError(ProviderRpcCode.unauthorized, { message: `${given.address} is not an account of the WalletConnect session` })
    }
    return given.address
  }
  /** The session chain of a Wallet Standard cluster; the session's current Solana chain when none is named. */
  const caipChainOf = (chain: string | undefined): CaipNetworkId | undefined => {
    const approved = client.getSession()?.namespaces[NAMESPACE]?.chains ?? []
    if (chain === undefined) return client.getChain(NAMESPACE) ?? approved[0]
    const match = approved.find((candidate) => standardChainOf(candidate) === chain)
    if (!match) throw new RpcError(ProviderRpcCode.chainDisconnected, { message: `The WalletConnect session has no Solana chain for ${chain.slice(0, 64)}` })
    return match
  }
  const request = <T>(method: string, params: object, chain: string | undefined) => client.request<T>({ method, params, chainId: caipChainOf(chain) })

  async function signMessage(...inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> {
    const outputs: SolanaSignMessageOutput[] = []
    for (const input of inputs) {
      const pubkey = requireAccount(input.account)
      const { signature } = await request<{ signature: string }>('solana_signMessage', { message: toBase58(input.message), pubkey }, undefined)
      outputs.push({ signedMessage: input.message, signature: fromBase58(signature), signatureType: 'ed25519' })
    }
    return outputs
  }

  async function signTransaction(...inputs: readonly SolanaSignTransactionInput[]): Promise<readonly SolanaSignTransactionOutput[]> {
    const outputs: SolanaSignTransactionOutput[] = []
    for (const input of inputs) {
      const signer = requireAccount(input.account)
      const result = await request<{ signature?: string; transaction?: string }>('solana_signTransaction', { transaction: toBase64(input.transaction) }, input.chain)
      outputs.push({ signedTransaction: signedTransactionOf(input.transaction, signer, result ?? {}) })
    }
    return outputs
  }

  async function signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]): Promise<readonly SolanaSignAndSendTransactionOutput[]> {
    const outputs: SolanaSignAndSendTransactionOutput[] = []
    for (const input of inputs) {
      requireAccount(input.account)
      // The options travel as JSON: drop undefined fields the relay's JSON would drop anyway.
      const sendOptions = input.options === undefined ? undefined : (JSON.parse(JSON.stringify(input.options)) as Record<string, unknown>)
      const { signature } = await request<{ signature: string }>(
        'solana_signAndSendTransaction',
        { transaction: toBase64(input.transaction), ...(sendOptions === undefined ? {} : { sendOptions }) },
        input.chain,
      )
      outputs.push({ signature: fromBase58(signature) })
    }
    return outputs
  }

  const features: Features = {
    'standard:connect': {
      version: '1.0.0',
      async connect() {
        // The wallet approved these accounts with the session; connecting only shares them.
        accounts = sessionAccounts()
        if (accounts.length === 0) throw new RpcError(ProviderRpcCode.unauthorized, { message: 'The WalletConnect session holds no Solana account' })
        return { accounts }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      // The session is the saga's to end, once no namespace uses it any more.
      async disconnect() {},
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
    'solana:signMessage': { version: '1.1.0', signMessage },
    'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction },
    'solana:signAndSendTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signAndSendTransaction },
  }

  return {
    version: '1.0.0',
    name,
    icon: ICON,
    get chains() {
      return [...new Set((client.getSession()?.namespaces[NAMESPACE]?.chains ?? []).map(standardChainOf))]
    },
    get accounts() {
      return accounts
    },
    features,
    destroy() {
      stop()
      listeners.clear()
    },
  }
}
