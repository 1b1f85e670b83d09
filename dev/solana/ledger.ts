// The chain behind the local Solana RPC: LiteSVM (the Solana runtime, in process) plus
// what a validator adds around it and LiteSVM leaves out: slots that advance, a window
// of recent blockhashes, and signature statuses that clients poll.
import {
  address as toAddress,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  lamports as toLamports,
  type Transaction,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'

import { tokenAccountOf } from './tokenAccounts'
import { describeTransactionError, transactionErrorJson, type TransactionErrorJson } from './transactionErrors'

/** CAIP-2 reference and `getGenesisHash` of the local cluster: fixed, so dapp config can name it. */
export const LOCALNET_GENESIS_HASH = 'GLZ6P1bEWsVCMkSNYowqMDWo1mPyC7keu9TndMGmj7qK'

/** A blockhash stays usable for this many blocks, as on a validator. */
const MAX_PROCESSING_AGE = 150

/** JSON-RPC error with a code and optional data, as the Solana RPC returns them. */
export class RpcFault extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

type SignatureStatus = { slot: bigint; err: TransactionErrorJson | null }

export type LedgerOptions = {
  /** Replaces the LiteSVM instance (e.g. one with programs loaded). */
  svm?: LiteSVM | undefined
}

/**
 * LiteSVM with validator bookkeeping. Every landed transaction closes a "block": the slot
 * moves on and a new blockhash is issued, so repeated identical transfers do not collide
 * and `lastValidBlockHeight` means what it means on a cluster.
 */
export class Ledger {
  readonly svm: LiteSVM
  private readonly statuses = new Map<string, SignatureStatus>()
  /** Recent blockhash → the block height it was issued at. */
  private readonly blockhashes = new Map<string, bigint>()
  /**
   * Token accounts by owner, for `getTokenAccountsByOwner`: LiteSVM cannot list accounts,
   * so every account a landed transaction names is looked at afterwards.
   */
  private readonly tokenAccountsByOwner = new Map<string, Set<string>>()

  constructor(options: LedgerOptions = {}) {
    // Blockhash age is checked here, against a window, not by LiteSVM (which only knows the latest).
    this.svm = (options.svm ?? new LiteSVM()).withBlockhashCheck(false)
    this.blockhashes.set(this.svm.latestBlockhash(), this.slot)
  }

  get slot(): bigint {
    return this.svm.getClock().slot
  }

  /** Block height equals slot here: the stand-in never skips a slot. */
  get blockHeight(): bigint {
    return this.slot
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: (this.blockhashes.get(blockhash) ?? this.blockHeight) + BigInt(MAX_PROCESSING_AGE) }
  }

  balance(address: string): bigint {
    return this.svm.getBalance(toAddress(address)) ?? 0n
  }

  account(address: string) {
    const account = this.svm.getAccount(toAddress(address))
    return account.exists ? account : null
  }

  airdrop(address: string, lamports: bigint): string {
    const result = this.svm.airdrop(toAddress(address), toLamports(lamports))
    if (!result) throw new RpcFault(-32603, 'Airdrop failed')
    const signature = getBase58Decoder().decode(result instanceof FailedTransactionMetadata ? result.meta().signature() : result.signature())
    if (result instanceof FailedTransactionMetadata) {
      throw new RpcFault(-32603, `Airdrop failed: ${describeTransactionError(transactionErrorJson(result))}`)
    }
    this.closeBlock(signature, null)
    return signature
  }

  /**
   * `sendTransaction`: decodes the wire transaction, checks its blockhash, then (unless
   * `skipPreflight`) simulates it and refuses it with the validator's -32002 preflight
   * error when it would fail. Landed transactions, failed or not, get a status.
   */
  send(wire: Uint8Array, skipPreflight: boolean): string {
    let transaction: Transaction
    try {
      transaction = getTransactionDecoder().decode(wire)
    } catch (error) {
      throw new RpcFault(-32602, `invalid transaction: ${(error as Error).message}`)
    }
    const signature = getSignatureFromTransaction(transaction)
    const { lifetimeToken, staticAccounts } = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    const issuedAt = this.blockhashes.get(lifetimeToken)
    if (issuedAt === undefined || this.blockHeight > issuedAt + BigInt(MAX_PROCESSING_AGE)) {
      if (skipPreflight) return signature // a validator drops it: it never gets a status
      throw preflightFailure('BlockhashNotFound', [])
    }
    if (!skipPreflight) {
      const simulated = this.svm.simulateTransaction(transaction)
      if (simulated instanceof FailedTransactionMetadata) {
        throw preflightFailure(transactionErrorJson(simulated), simulated.meta().logs(), simulated.meta().computeUnitsConsumed())
      }
    }
    const result = this.svm.sendTransaction(transaction)
    if (result instanceof FailedTransactionMetadata) {
      const err = transactionErrorJson(result)
      if (err === 'AlreadyProcessed' || err === 'SignatureFailure' || err === 'SanitizeFailure') {
        throw preflightFailure(err, result.meta().logs())
      }
      this.closeBlock(signature, err)
    } else {
      this.indexTokenAccounts(staticAccounts)
      this.closeBlock(signature, null)
    }
    return signature
  }

  /** Records which of `addresses` are token accounts, under their owner. */
  private indexTokenAccounts(addresses: readonly string[]): void {
    for (const address of addresses) {
      const account = this.account(address)
      const token = account && tokenAccountOf(account)
      if (!token) continue
      const owned = this.tokenAccountsByOwner.get(token.owner) ?? new Set<string>()
      owned.add(address)
      this.tokenAccountsByOwner.set(token.owner, owned)
    }
  }

  /**
   * The token accounts `owner` holds (of `mint` when given), as the landed transactions
   * left them; an account closed or given to another owner since is left out.
   */
  tokenAccounts(owner: string, mint?: string): string[] {
    return [...(this.tokenAccountsByOwner.get(owner) ?? [])].filter((address) => {
      const account = this.account(address)
      const token = account && tokenAccountOf(account)
      return token !== undefined && token !== null && token.owner === owner && (mint === undefined || token.mint === mint)
    })
  }

  status(signature: string): SignatureStatus | undefined {
    return this.statuses.get(signature)
  }

  /** Records the outcome, then moves to the next slot with a fresh blockhash. */
  private closeBlock(signature: string, err: TransactionErrorJson | null): void {
    this.statuses.set(signature, { slot: this.slot, err })
    this.svm.warpToSlot(this.slot + 1n)
    this.svm.expireBlockhash()
    this.blockhashes.set(this.svm.latestBlockhash(), this.blockHeight)
    for (const [hash, height] of this.blockhashes) {
      if (this.blockHeight > height + BigInt(MAX_PROCESSING_AGE)) this.blockhashes.delete(hash)
    }
  }
}

function preflightFailure(err: TransactionErrorJson, logs: string[], unitsConsumed = 0n): RpcFault {
  return new RpcFault(-32002, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs,
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed,
  })
}

/** Decodes a transaction or account payload in one of the RPC's binary encodings. */
export function decodeBinary(data: string, encoding: string): Uint8Array {
  if (encoding === 'base64') return new Uint8Array(Buffer.from(data, 'base64'))
  if (encoding === 'base58') return new Uint8Array(getBase58Encoder().encode(data))
  throw new RpcFault(-32602, `unsupported encoding: ${encoding}. Supported encodings: base58, base64`)
}

/** Encodes bytes for an RPC response. */
export function encodeBinary(bytes: Uint8Array, encoding: 'base58' | 'base64'): string {
  return encoding === 'base64' ? getBase64Decoder().decode(bytes) : getBase58Decoder().decode(bytes)
}
