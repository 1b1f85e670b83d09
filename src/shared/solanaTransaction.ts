/**
 * Solana's wire format for the two sides that sign embedded-wallet transactions: the
 * secure page finds its wallet among a transaction's signers and puts the signature in
 * that slot; the server checks the same signer list before it signs the message bytes
 * (POST /auth/v1/sign, kind solana_signTransaction). Both read the bytes here, with
 * @solana/kit's codecs (its `@solana/transactions` and `@solana/transaction-messages`
 * packages), so they cannot disagree about what a transaction is.
 *
 * Only `secure/` and `server/` import this module (a lint rule keeps the library out):
 * @solana/kit is an optional peer of `portico`, which an EVM-only dapp does not install,
 * and the library reaches it through the solana plugin alone.
 */
import { getCompiledTransactionMessageDecoder } from '@solana/transaction-messages'
import { getTransactionDecoder, getTransactionEncoder, type Transaction } from '@solana/transactions'

export type ParsedSolanaTransaction = {
  /** The message bytes: what each signer signs. */
  message: Uint8Array
  /** The base58 public keys that must sign, in slot order. */
  signers: string[]
  /** Each signer's signature (64 bytes), or null while its slot is empty. */
  signatures: Readonly<Record<string, Uint8Array | null>>
}

/**
 * The base58 public keys that must sign a transaction message (legacy or v0), in slot
 * order, or undefined when the bytes are not a whole message with at least one signer.
 *
 * @example
 * solanaMessageSigners(messageBytes) // ['9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin']
 * solanaMessageSigners(new TextEncoder().encode('hello')) // undefined
 */
export function solanaMessageSigners(message: Uint8Array | Transaction['messageBytes']): string[] | undefined {
  let decoded: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
  try {
    decoded = getCompiledTransactionMessageDecoder().decode(message)
  } catch {
    return undefined
  }
  const required = decoded.header.numSignerAccounts
  if (required < 1 || required > decoded.staticAccounts.length) return undefined
  return decoded.staticAccounts.slice(0, required)
}

/** Parses a serialized transaction (signatures, then a legacy or v0 message), or returns undefined when it is not one. */
export function parseSolanaTransaction(bytes: Uint8Array): ParsedSolanaTransaction | undefined {
  const transaction = decodeTransaction(bytes)
  if (transaction === undefined) return undefined
  const signers = solanaMessageSigners(transaction.messageBytes)
  if (signers === undefined || signers.join() !== Object.keys(transaction.signatures).join()) return undefined
  return { message: new Uint8Array(transaction.messageBytes), signers, signatures: transaction.signatures }
}

/**
 * The serialized transaction with `signer`'s slot holding the 64-byte `signature`; the
 * other slots unchanged. Throws when `signer` is not among the transaction's signers.
 */
export function withSolanaSignature(bytes: Uint8Array, signer: string, signature: Uint8Array): Uint8Array {
  const transaction = decodeTransaction(bytes)
  if (transaction === undefined || !Object.hasOwn(transaction.signatures, signer) || signature.length !== 64) {
    throw new Error(`${signer} has no signature slot in this transaction`)
  }
  const signatures = { ...transaction.signatures, [signer]: signature } as Transaction['signatures']
  return new Uint8Array(getTransactionEncoder().encode({ ...transaction, signatures }))
}

function decodeTransaction(bytes: Uint8Array): Transaction | undefined {
  try {
    return getTransactionDecoder().decode(bytes)
  } catch {
    return undefined
  }
}
