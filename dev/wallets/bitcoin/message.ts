// Bitcoin message signatures as wallets produce them: BIP-322 "simple" (a witness stack
// over two virtual transactions; works for segwit and taproot addresses) and the older
// BIP-137 ECDSA compact signature ("Bitcoin Signed Message"). Signing and verification
// both, so tests can check what the dev wallet returns.
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bitcoinAddress, crypto, initEccLib, opcodes, payments, script, Transaction, type Network } from 'bitcoinjs-lib'
import type { ECPairInterface } from 'ecpair'

import { isVerifiableScript, verifyInput } from '../../esplora/verify'
import { fromBase64, toBase64, toHex } from './bytes'

initEccLib(ecc)

const utf8 = (text: string) => new TextEncoder().encode(text)
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]))

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24)
}

function readVarint(bytes: Uint8Array, offset: number): [value: number, next: number] {
  const first = bytes[offset]
  if (first === undefined) throw new Error('truncated')
  if (first < 0xfd) return [first, offset + 1]
  if (first === 0xfd) return [bytes[offset + 1]! | (bytes[offset + 2]! << 8), offset + 3]
  return [(bytes[offset + 1]! | (bytes[offset + 2]! << 8) | (bytes[offset + 3]! << 16)) + bytes[offset + 4]! * 2 ** 24, offset + 5]
}

/** BIP-322 message hash: tagged SHA-256 with the tag `BIP0322-signed-message`. */
export function bip322MessageHash(message: string): Uint8Array {
  // BIP-340 tagged hash; bitcoinjs' taggedHash only knows the taproot tags.
  const tag = crypto.sha256(utf8('BIP0322-signed-message'))
  return crypto.sha256(concat(tag, tag, utf8(message)))
}

/** The BIP-322 `to_sign` virtual transaction for `message` and the signer's output script. */
function toSign(message: string, outputScript: Uint8Array): Transaction {
  const toSpend = new Transaction()
  toSpend.version = 0
  toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, script.compile([opcodes.OP_0, bip322MessageHash(message)]))
  toSpend.addOutput(outputScript, 0n)
  const signing = new Transaction()
  signing.version = 0
  signing.addInput(toSpend.getHash(), 0, 0)
  signing.addOutput(script.compile([opcodes.OP_RETURN]), 0n)
  return signing
}

export type MessageSigner = { type: 'p2wpkh' | 'p2tr'; keyPair: ECPairInterface; outputScript: Uint8Array }

/**
 * Signs `message` the BIP-322 "simple" way and returns the base64 witness stack.
 * For taproot, `keyPair` is the tweaked key that the output commits to.
 */
export function signBip322(message: string, signer: MessageSigner): string {
  const tx = toSign(message, signer.outputScript)
  let witness: Uint8Array[]
  if (signer.type === 'p2wpkh') {
    const scriptCode = payments.p2pkh({ hash: crypto.hash160(signer.keyPair.publicKey) }).output!
    const hash = tx.hashForWitnessV0(0, scriptCode, 0n, Transaction.SIGHASH_ALL)
    // Low-R grinding, as Bitcoin Core signs: the BIP-322 vectors come out byte for byte.
    witness = [script.signature.encode(signer.keyPair.sign(hash, true), Transaction.SIGHASH_ALL), signer.keyPair.publicKey]
  } else {
    const hash = tx.hashForWitnessV1(0, [signer.outputScript], [0n], Transaction.SIGHASH_DEFAULT)
    witness = [signer.keyPair.signSchnorr(hash)]
  }
  return toBase64(concat(varint(witness.length), ...witness.flatMap((item) => [varint(item.length), item])))
}

function decodeWitness(base64: string): Uint8Array[] {
  const bytes = fromBase64(base64)
  let [count, offset] = readVarint(bytes, 0)
  const items: Uint8Array[] = []
  while (count-- > 0) {
    const [length, next] = readVarint(bytes, offset)
    if (next + length > bytes.length) throw new Error('truncated')
    items.push(bytes.subarray(next, next + length))
    offset = next + length
  }
  if (offset !== bytes.length) throw new Error('trailing bytes')
  return items
}

/** BIP-137 / "Bitcoin Signed Message" hash: double SHA-256 of the prefixed message. */
export function magicHash(message: string, network: Network): Uint8Array {
  const prefix = typeof network.messagePrefix === 'string' ? utf8(network.messagePrefix) : network.messagePrefix
  const body = utf8(message)
  // bitcoinjs prefixes already start with their length byte (0x18).
  return crypto.hash256(concat(prefix, varint(body.length), body))
}

/** BIP-137 compact ECDSA signature for a native segwit (P2WPKH) address, base64. */
export function signEcdsa(message: string, keyPair: ECPairInterface, network: Network): string {
  const { signature, recoveryId } = ecc.signRecoverable(magicHash(message, network), keyPair.privateKey!)
  return toBase64(concat(Uint8Array.of(39 + recoveryId), signature)) // 39–42: P2WPKH
}

/**
 * Whether `signature` (base64) signs `message` for `address`: BIP-322 simple for P2WPKH
 * and P2TR addresses, or a BIP-137 compact signature for P2WPKH.
 *
 * @example
 * verifyBitcoinMessage(address, 'hello', signature, networks.regtest) // true
 */
export function verifyBitcoinMessage(address: string, message: string, signature: string, network: Network): boolean {
  let outputScript: Uint8Array
  try {
    outputScript = bitcoinAddress.toOutputScript(address, network)
  } catch {
    return false
  }
  let raw: Uint8Array
  try {
    raw = fromBase64(signature)
  } catch {
    return false
  }
  if (raw.length === 65 && raw[0]! >= 27 && raw[0]! <= 42 && outputScript.length === 22) {
    const recovered = ecc.recover(magicHash(message, network), raw.subarray(1), ((raw[0]! - 27) & 3) as 0 | 1 | 2 | 3, true)
    return recovered !== null && toHex(crypto.hash160(recovered)) === toHex(outputScript.subarray(2))
  }
  if (!isVerifiableScript(outputScript)) return false // BIP-322 here covers P2WPKH and P2TR only
  try {
    const tx = toSign(message, outputScript)
    tx.setWitness(0, decodeWitness(signature))
    return verifyInput(tx, 0, [{ script: outputScript, value: 0n }]) === undefined
  } catch {
    return false
  }
}
