// Input signature checks for the two script types the dev wallets use: P2WPKH (BIP 143
// ECDSA) and P2TR key path (BIP 341 Schnorr). Shared by the Esplora stand-in, which
// refuses badly signed transactions as a node would, and by the BIP-322 message verifier.
import * as ecc from '@bitcoinerlab/secp256k1'
import { crypto, payments, script, Transaction } from 'bitcoinjs-lib'

export type Prevout = { script: Uint8Array; value: bigint }

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])

const isP2wpkh = (output: Uint8Array) => output.length === 22 && output[0] === 0x00 && output[1] === 0x14
const isP2tr = (output: Uint8Array) => output.length === 34 && output[0] === 0x51 && output[1] === 0x20

/** Whether this output script is one `verifyInput` can check. */
export function isVerifiableScript(output: Uint8Array): boolean {
  return isP2wpkh(output) || isP2tr(output)
}

/**
 * Why input `index` of `tx` is not validly signed for its prevout, or `undefined` when it
 * is. `prevouts` holds every input's spent output (taproot signatures commit to all).
 */
export function verifyInput(tx: Transaction, index: number, prevouts: readonly Prevout[]): string | undefined {
  const prevout = prevouts[index]
  const input = tx.ins[index]
  if (!prevout || !input) return 'missing input'
  const witness = input.witness
  if (isP2wpkh(prevout.script)) {
    const [signature, publicKey] = witness
    if (witness.length !== 2 || !signature || !publicKey) return 'Witness program hash mismatch'
    if (!equal(crypto.hash160(publicKey), prevout.script.subarray(2))) return 'Witness program hash mismatch'
    const decoded = script.signature.decode(signature)
    const scriptCode = payments.p2pkh({ hash: prevout.script.subarray(2) }).output!
    const hash = tx.hashForWitnessV0(index, scriptCode, prevout.value, decoded.hashType)
    return ecc.verify(hash, publicKey, decoded.signature) ? undefined : 'Signature must be zero for failed CHECK(MULTI)SIG operation'
  }
  if (isP2tr(prevout.script)) {
    const signature = witness[0]
    if (witness.length !== 1 || !signature || (signature.length !== 64 && signature.length !== 65)) return 'Invalid Schnorr signature size'
    const hashType = signature.length === 65 ? signature[64]! : Transaction.SIGHASH_DEFAULT
    const hash = tx.hashForWitnessV1(
      index,
      prevouts.map((p) => p.script),
      prevouts.map((p) => p.value),
      hashType,
    )
    return ecc.verifySchnorr(hash, prevout.script.subarray(2), signature.subarray(0, 64)) ? undefined : 'Invalid Schnorr signature'
  }
  return undefined // other script types are not checked by the stand-in
}
