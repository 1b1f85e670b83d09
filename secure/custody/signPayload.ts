/**
 * Signing in the secure frame, with the key rebuilt for the session (keyring.ts): what
 * each kind signs, and the checks before it does. The frame prepares the request
 * (nonce, gas and fees from the chain), shows it to the visitor, and signs exactly
 * that. Every payload is checked here and refused with a clear message (a ReplyError
 * with code INVALID_PAYLOAD) rather than handed to a signer that might guess.
 *
 * Browser-safe: viem for secp256k1, @noble/curves for ed25519, no node:crypto, no Buffer.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Decoder } from '@solana/kit'
import { type Hex, type TransactionSerializable, bytesToHex, isAddress, isHex, keccak256 } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { solanaMessageSigners } from '../../src/shared/solanaTransaction'
import { ReplyError } from '../replyError'
import { fromBase64 } from './bytes'
import type { CustodyNamespace } from './keys'

/** SPEC §5's allowed RPC methods that sign, as kinds. */
export const SIGN_KINDS = ['personal_sign', 'typedData', 'transaction', 'solana_signMessage', 'solana_signTransaction'] as const
export type SignKind = (typeof SIGN_KINDS)[number]

export function namespaceOfKind(kind: SignKind): CustodyNamespace {
  return kind.startsWith('solana_') ? 'solana' : 'eip155'
}

const invalidPayload = (message: string) => new ReplyError(message, 'INVALID_PAYLOAD')
const utf8Length = (text: string) => new TextEncoder().encode(text).length

export type SignResult = { signature?: string; signedTransaction?: Hex; hash?: Hex }

/** Largest message or transaction the frame signs. */
export const MAX_SIGNED_BYTES = 32 * 1024

/**
 * Signs `payload` as `kind` with `secret`, the key of `address`. Throws a ReplyError
 * INVALID_PAYLOAD for a payload that is not what the kind expects.
 *
 * @example
 * await signPayload('personal_sign', { message: 'hello' }, secret, '0xAbc…')
 * // { signature: '0x…' }
 */
export async function signPayload(kind: SignKind, payload: unknown, secret: Uint8Array, address: string): Promise<SignResult> {
  if (!isRecord(payload)) throw invalidPayload('payload must be an object')
  switch (kind) {
    case 'personal_sign':
      return { signature: await privateKeyToAccount(bytesToHex(secret)).signMessage({ message: personalMessage(payload, address) }) }
    case 'typedData': {
      const typedData = typedDataOf(payload, address)
      try {
        return { signature: await privateKeyToAccount(bytesToHex(secret)).signTypedData(typedData as never) }
      } catch (error) {
        throw invalidPayload(`payload is not valid EIP-712 typed data: ${shortReason(error)}`)
      }
    }
    case 'transaction': {
      const transaction = transactionOf(payload, address)
      let signedTransaction: Hex
      try {
        signedTransaction = await privateKeyToAccount(bytesToHex(secret)).signTransaction(transaction)
      } catch (error) {
        throw invalidPayload(`payload is not a transaction that can be signed: ${shortReason(error)}`)
      }
      return { signedTransaction, hash: keccak256(signedTransaction) }
    }
    case 'solana_signMessage': {
      const message = base64Field(payload, 'message')
      // A transaction message signed "as a message" would be a signed transaction: refuse it.
      if (solanaMessageSigners(message)?.includes(address)) {
        throw invalidPayload('payload.message is a Solana transaction message for this wallet; sign it as solana_signTransaction')
      }
      return { signature: getBase58Decoder().decode(ed25519.sign(message, secret)) }
    }
    case 'solana_signTransaction': {
      const message = base64Field(payload, 'message')
      const signers = solanaMessageSigners(message)
      if (signers === undefined) throw invalidPayload('payload.message must be a serialized Solana transaction message (legacy or v0), base64')
      if (!signers.includes(address)) throw invalidPayload(`payload.message does not list this wallet (${address}) among its signers`)
      return { signature: getBase58Decoder().decode(ed25519.sign(message, secret)) }
    }
  }
}

function personalMessage(payload: Record<string, unknown>, address: string): string | { raw: Hex } {
  checkAddress(payload, address)
  const { message } = payload
  if (typeof message !== 'string') throw invalidPayload('payload.message must be a string (0x-hex bytes, or text)')
  // The personal_sign convention: 0x-hex is the bytes to sign, anything else is UTF-8 text.
  if (/^0x([0-9a-fA-F]{2})*$/.test(message)) {
    if ((message.length - 2) / 2 > MAX_SIGNED_BYTES) throw invalidPayload(`payload.message is longer than ${MAX_SIGNED_BYTES} bytes`)
    return { raw: message as Hex }
  }
  if (utf8Length(message) > MAX_SIGNED_BYTES) throw invalidPayload(`payload.message is longer than ${MAX_SIGNED_BYTES} bytes`)
  return message
}

function typedDataOf(payload: Record<string, unknown>, address: string): Record<string, unknown> {
  checkAddress(payload, address)
  const { domain = {}, types, primaryType, message } = payload
  if (!isRecord(domain)) throw invalidPayload('payload.domain must be an object')
  if (!isRecord(types)) throw invalidPayload('payload.types must be an object')
  for (const [name, fields] of Object.entries(types)) {
    if (!Array.isArray(fields) || !fields.every((field) => isRecord(field) && typeof field.name === 'string' && typeof field.type === 'string')) {
      throw invalidPayload(`payload.types.${name} must be a list of { name, type }`)
    }
  }
  if (typeof primaryType !== 'string' || primaryType === '') throw invalidPayload('payload.primaryType must be a type name')
  if (primaryType !== 'EIP712Domain' && !(primaryType in types)) throw invalidPayload(`payload.types has no '${primaryType}' (the primaryType)`)
  if (!isRecord(message)) throw invalidPayload('payload.message must be an object')
  return { domain, types, primaryType, message }
}

const TRANSACTION_FIELDS = new Set(['chainId', 'nonce', 'gas', 'to', 'value', 'data', 'input', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'accessList', 'type', 'from'])

function transactionOf(payload: Record<string, unknown>, address: string): TransactionSerializable {
  for (const key of Object.keys(payload)) {
    if (!TRANSACTION_FIELDS.has(key)) throw invalidPayload(`payload.${key} is not supported (blob and EIP-7702 transactions are not signed here)`)
  }
  checkAddress(payload, address, 'from')
  const chainId = quantity(payload, 'chainId', true)
  if (chainId === undefined || chainId < 1n || chainId > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidPayload('payload.chainId must be a positive integer')
  const nonce = quantity(payload, 'nonce', true)
  if (nonce === undefined || nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidPayload('payload.nonce must be an integer from 0 to 2^53 - 1')
  const gas = quantity(payload, 'gas', true)
  const to = payload.to
  if (to !== undefined && to !== null && (typeof to !== 'string' || !isAddress(to, { strict: false }))) throw invalidPayload('payload.to must be an address (or null to deploy)')
  const data = payload.data ?? payload.input
  if (data !== undefined && (typeof data !== 'string' || !isHex(data, { strict: true }) || data.length % 2 !== 0)) throw invalidPayload('payload.data must be 0x-hex bytes')
  if (typeof data === 'string' && (data.length - 2) / 2 > MAX_SIGNED_BYTES) throw invalidPayload(`payload.data is longer than ${MAX_SIGNED_BYTES} bytes`)
  const value = quantity(payload, 'value')
  const accessList = accessListOf(payload.accessList)
  const common = {
    chainId: Number(chainId),
    nonce: Number(nonce),
    gas,
    ...(typeof to === 'string' ? { to: to as Hex } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(typeof data === 'string' ? { data: data as Hex } : {}),
  }

  const type = transactionType(payload.type)
  const gasPrice = quantity(payload, 'gasPrice')
  const maxFeePerGas = quantity(payload, 'maxFeePerGas')
  const maxPriorityFeePerGas = quantity(payload, 'maxPriorityFeePerGas')
  const eip1559 = type === 'eip1559' || (type === undefined && maxFeePerGas !== undefined)
  if (eip1559) {
    if (gasPrice !== undefined) throw invalidPayload('payload.gasPrice cannot be used with an EIP-1559 transaction (use maxFeePerGas)')
    if (maxFeePerGas === undefined) throw invalidPayload('payload.maxFeePerGas is required for an EIP-1559 transaction')
    if (maxPriorityFeePerGas !== undefined && maxPriorityFeePerGas > maxFeePerGas) throw invalidPayload('payload.maxPriorityFeePerGas cannot exceed payload.maxFeePerGas')
    return { ...common, type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas: maxPriorityFeePerGas ?? 0n, ...(accessList ? { accessList } : {}) }
  }
  if (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined) throw invalidPayload(`payload.maxFeePerGas is only for EIP-1559 transactions, not '${type}'`)
  if (gasPrice === undefined) throw invalidPayload('payload.gasPrice or payload.maxFeePerGas is required')
  if (type === 'eip2930' || (type === undefined && accessList !== undefined)) return { ...common, type: 'eip2930', gasPrice, accessList: accessList ?? [] }
  if (accessList !== undefined) throw invalidPayload('payload.accessList needs an EIP-2930 or EIP-1559 transaction')
  return { ...common, type: 'legacy', gasPrice }
}

function transactionType(value: unknown): 'legacy' | 'eip2930' | 'eip1559' | undefined {
  if (value === undefined) return undefined
  const byName: Record<string, 'legacy' | 'eip2930' | 'eip1559'> = { legacy: 'legacy', '0x0': 'legacy', eip2930: 'eip2930', '0x1': 'eip2930', eip1559: 'eip1559', '0x2': 'eip1559' }
  const type = typeof value === 'string' ? byName[value] : undefined
  if (type === undefined) throw invalidPayload("payload.type must be 'legacy', 'eip2930' or 'eip1559' (or 0x0, 0x1, 0x2)")
  return type
}

function accessListOf(value: unknown): Array<{ address: Hex; storageKeys: Hex[] }> | undefined {
  if (value === undefined) return undefined
  const problem = 'payload.accessList must be a list of { address, storageKeys: 32-byte hex[] }'
  if (!Array.isArray(value) || value.length > 256) throw invalidPayload(problem)
  return value.map((entry) => {
    if (!isRecord(entry) || typeof entry.address !== 'string' || !isAddress(entry.address, { strict: false }) || !Array.isArray(entry.storageKeys)) {
      throw invalidPayload(problem)
    }
    const storageKeys = entry.storageKeys
    if (storageKeys.length > 1024 || !storageKeys.every((key) => typeof key === 'string' && /^0x[0-9a-fA-F]{64}$/.test(key))) throw invalidPayload(problem)
    return { address: entry.address as Hex, storageKeys: storageKeys as Hex[] }
  })
}

const UINT256_MAX = 2n ** 256n - 1n

/** A JSON quantity: 0x-hex, a decimal string, or a safe non-negative integer. */
function quantity(payload: Record<string, unknown>, field: string, required?: false): bigint | undefined
function quantity(payload: Record<string, unknown>, field: string, required: true): bigint
function quantity(payload: Record<string, unknown>, field: string, required = false): bigint | undefined {
  const value = payload[field]
  if (value === undefined || value === null) {
    if (required) throw invalidPayload(`payload.${field} is required`)
    return undefined
  }
  let parsed: bigint | undefined
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) parsed = BigInt(value)
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) parsed = BigInt(value)
  else if (typeof value === 'string' && /^[0-9]{1,78}$/.test(value)) parsed = BigInt(value)
  if (parsed === undefined || parsed > UINT256_MAX) throw invalidPayload(`payload.${field} must be a quantity: 0x-hex, a decimal string, or a non-negative integer`)
  return parsed
}

/** An optional address in the payload must be the wallet's own: the frame signs only for the signed-in user. */
function checkAddress(payload: Record<string, unknown>, address: string, field = 'address'): void {
  const given = payload[field]
  if (given === undefined) return
  if (typeof given !== 'string' || given.toLowerCase() !== address.toLowerCase()) {
    throw invalidPayload(`payload.${field} must be this wallet's address (${address})`)
  }
}

function base64Field(payload: Record<string, unknown>, field: string): Uint8Array {
  const value = payload[field]
  let bytes: Uint8Array | undefined
  try {
    bytes = typeof value === 'string' && value !== '' ? fromBase64(value) : undefined
  } catch {
    // Not canonical base64: refused below.
  }
  if (bytes === undefined) throw invalidPayload(`payload.${field} must be non-empty base64`)
  if (bytes.length > MAX_SIGNED_BYTES) throw invalidPayload(`payload.${field} is longer than ${MAX_SIGNED_BYTES} bytes`)
  return bytes
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function shortReason(error: unknown): string {
  const text = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
  return text.split('\n')[0]!.slice(0, 200)
}
