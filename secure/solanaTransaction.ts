/**
 * Just enough of Solana's wire format to sign a serialized transaction in the frame:
 * split it into its signature slots and its message, find this wallet's slot among the
 * message's signers, and put the signature there. The server signs the message bytes
 * (POST /auth/v1/sign, kind solana_signTransaction) after checking the same signer list.
 */
import { encodeBase58 } from './base58'

export type ParsedSolanaTransaction = {
  signatures: Uint8Array[]
  message: Uint8Array
  /** The base58 public keys that must sign, in slot order. */
  signers: string[]
}

function readCompactU16(bytes: Uint8Array, offset: number): { value: number; next: number } | undefined {
  let value = 0
  for (let shift = 0, index = offset; shift <= 14; shift += 7, index++) {
    const byte = bytes[index]
    if (byte === undefined) return undefined
    value |= (byte & 0x7f) << shift
    if ((byte & 0x80) === 0) return { value, next: index + 1 }
  }
  return undefined
}

/** Parses a serialized (legacy or v0) transaction, or returns undefined when it is not one. */
export function parseSolanaTransaction(bytes: Uint8Array): ParsedSolanaTransaction | undefined {
  const count = readCompactU16(bytes, 0)
  if (count === undefined || count.value === 0 || count.value > 64) return undefined
  const messageStart = count.next + 64 * count.value
  if (bytes.length <= messageStart) return undefined
  const signatures: Uint8Array[] = []
  for (let i = 0; i < count.value; i++) signatures.push(bytes.slice(count.next + 64 * i, count.next + 64 * (i + 1)))
  const message = bytes.slice(messageStart)
  let offset = 0
  const first = message[0]
  if (first === undefined) return undefined
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) return undefined
    offset = 1
  }
  const required = message[offset]
  if (required === undefined || required !== count.value) return undefined
  const keys = readCompactU16(message, offset + 3)
  if (keys === undefined || keys.value < required || message.length < keys.next + 32 * keys.value + 32) return undefined
  const signers: string[] = []
  for (let i = 0; i < required; i++) signers.push(encodeBase58(message.slice(keys.next + 32 * i, keys.next + 32 * (i + 1))))
  return { signatures, message, signers }
}

/** The serialized transaction with the 64-byte `signature` in signature slot `slot`. */
export function withSignature(bytes: Uint8Array, slot: number, signature: Uint8Array): Uint8Array {
  const count = readCompactU16(bytes, 0)
  if (count === undefined || slot < 0 || slot >= count.value || signature.length !== 64) throw new Error('no such signature slot')
  const out = bytes.slice()
  out.set(signature, count.next + 64 * slot)
  return out
}
