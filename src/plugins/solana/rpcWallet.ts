/**
 * A Wallet Standard wallet whose signing features are requests with the solana_* RPC
 * methods (SPEC §5; WalletConnect's Solana RPC reference): the embedded wallet's Solana
 * side asks its secure frame with them (`frameWallet.ts`), a WalletConnect
 * session's Solana side asks the remote wallet (`walletConnectWallet.ts`).
 * Each of those supplies how to reach the wallet, its accounts and chains, and what
 * connect and disconnect mean; the byte encodings and the features are here, once:
 *
 * - `solana_signMessage { message: base58, pubkey }` → `{ signature: base58 }`;
 * - `solana_signTransaction { transaction: base64 }` → `{ transaction?, signature? }`: the
 *   signed transaction, or, from a wallet that answers only the signature, the request's
 *   transaction with the signature put in the signer's slot;
 * - `solana_signAndSendTransaction { transaction: base64, sendOptions? }` → `{ signature: base58 }`.
 *
 * The encodings themselves (@solana/kit's, `rpcCodecs.ts`) are handed in: the plugin's
 * `remote` and `embedded` capabilities load them with the wallet, on first use.
 */
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

import { RpcError } from '../../errors/rpc'
import type { RpcCodecs } from '../../types/rpcCodecs'
import { ProviderRpcCode } from '../../errors/rpcCodes'

export type SolanaRpcMethod = 'solana_signMessage' | 'solana_signTransaction' | 'solana_signAndSendTransaction'

/** The signing features every account of such a wallet offers. */
export const SOLANA_SIGNING_FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const satisfies readonly IdentifierString[]

type Features = StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature

export type SolanaRpcWalletParameters = {
  name: string
  icon: WalletIcon
  /** The Wallet Standard chains (`solana:mainnet`, `solana:localnet`, ...) the wallet serves now. */
  chains(): readonly IdentifierString[]
  /** The accounts the dapp may use now. */
  accounts(): readonly WalletAccount[]
  /** Sends one request to the wallet; `chainId` is the CAIP-2 chain (undefined: the wallet's default). */
  request<T>(method: SolanaRpcMethod, params: Record<string, unknown>, chainId: string | undefined): Promise<T>
  /** The CAIP-2 chain of a Wallet Standard chain; throws for one the wallet cannot reach. */
  caipChainOf(chain: string | undefined): string | undefined
  /** `standard:connect`: the accounts to share (throws when there are none to share). */
  connect(): Promise<readonly WalletAccount[]>
  /** `standard:disconnect`. */
  disconnect(): Promise<void>
  /** The solana plugin's encodings (`rpcCodecs.ts`). */
  codecs: RpcCodecs
}

export type SolanaRpcWallet = {
  wallet: Wallet
  /** Tells `standard:events` listeners the accounts changed. */
  emitChange(accounts: readonly WalletAccount[]): void
  /** Drops every listener. */
  clearListeners(): void
}

/** A Solana account (its address and 32-byte public key) offering the signing features. */
export function solanaRpcAccount(address: string, chains: readonly IdentifierString[], label: string, codecs: RpcCodecs): WalletAccount {
  return Object.freeze({ address, publicKey: codecs.fromBase58(address), chains: [...chains], features: [...SOLANA_SIGNING_FEATURES], label })
}

/** The signed transaction from a `solana_signTransaction` answer (see the module comment). */
export function signedTransactionOf(unsigned: Uint8Array, signer: string, result: { signature?: unknown; transaction?: unknown } | undefined, codecs: RpcCodecs): Uint8Array {
  if (typeof result?.transaction === 'string' && result.transaction.length > 0) return codecs.fromBase64(result.transaction)
  if (typeof result?.signature !== 'string') throw new RpcError(ProviderRpcCode.InternalError, { details: 'solana_signTransaction answered neither a transaction nor a signature' })
  const signed = codecs.withSignature(unsigned, signer, codecs.fromBase58(result.signature))
  if (!signed) throw new RpcError(ProviderRpcCode.InvalidParams, { details: `The transaction needs no signature from ${signer}` })
  return signed
}

/**
 * @example
 * const { wallet, emitChange } = createSolanaRpcWallet({ name, icon, chains, accounts, request, caipChainOf, connect, disconnect })
 * solanaPlugin.connectors.attach({ info, provider: wallet })
 */
export function createSolanaRpcWallet(parameters: SolanaRpcWalletParameters): SolanaRpcWallet {
  const { request, caipChainOf, codecs } = parameters
  const { toBase58, fromBase58, toBase64 } = codecs
  const listeners = new Set<StandardEventsListeners['change']>()

  /** The address that signs for `given`: one of the wallet's accounts, else 4100. */
  const signer = (given: WalletAccount): string => {
    if (!parameters.accounts().some((account) => account.address === given.address)) {
      throw new RpcError(ProviderRpcCode.Unauthorized, { message: `${given.address} is not an account of ${parameters.name}` })
    }
    return given.address
  }

  async function signMessage(...inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> {
    const outputs: SolanaSignMessageOutput[] = []
    for (const input of inputs) {
      const pubkey = signer(input.account)
      const { signature } = await request<{ signature: string }>('solana_signMessage', { message: toBase58(input.message), pubkey }, caipChainOf(undefined))
      outputs.push({ signedMessage: input.message, signature: fromBase58(signature) })
    }
    return outputs
  }

  async function signTransaction(...inputs: readonly SolanaSignTransactionInput[]): Promise<readonly SolanaSignTransactionOutput[]> {
    const outputs: SolanaSignTransactionOutput[] = []
    for (const input of inputs) {
      const address = signer(input.account)
      const result = await request<{ signature?: string; transaction?: string }>('solana_signTransaction', { transaction: toBase64(input.transaction) }, caipChainOf(input.chain))
      outputs.push({ signedTransaction: signedTransactionOf(input.transaction, address, result, codecs) })
    }
    return outputs
  }

  async function signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]): Promise<readonly SolanaSignAndSendTransactionOutput[]> {
    const outputs: SolanaSignAndSendTransactionOutput[] = []
    for (const input of inputs) {
      signer(input.account)
      // The options travel as JSON: undefined fields are dropped, as JSON would drop them.
      const sendOptions = input.options === undefined ? undefined : (JSON.parse(JSON.stringify(input.options)) as Record<string, unknown>)
      const { signature } = await request<{ signature: string }>(
        'solana_signAndSendTransaction',
        { transaction: toBase64(input.transaction), ...(sendOptions === undefined ? {} : { sendOptions }) },
        caipChainOf(input.chain),
      )
      outputs.push({ signature: fromBase58(signature) })
    }
    return outputs
  }

  const features: Features = {
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: await parameters.connect() }) },
    'standard:disconnect': { version: '1.0.0', disconnect: () => parameters.disconnect() },
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

  const wallet: Wallet = {
    version: '1.0.0',
    name: parameters.name,
    icon: parameters.icon,
    get chains() {
      return parameters.chains()
    },
    get accounts() {
      return parameters.accounts()
    },
    features,
  }
  return {
    wallet,
    emitChange(accounts) {
      for (const listener of [...listeners]) {
        try {
          listener({ accounts })
        } catch {
          // A listener's failure is its own.
        }
      }
    },
    clearListeners: () => listeners.clear(),
  }
}
