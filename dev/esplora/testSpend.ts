// Regtest keys and hand-signed P2WPKH spends for tests of the Esplora stand-in and of
// what reads it: signed by hand (BIP 143) so that a test can also sign wrongly, with
// another key or over another input amount.
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bitcoinAddress, networks, payments, script, Transaction } from 'bitcoinjs-lib'
import { ECPairFactory, type ECPairInterface } from 'ecpair'

const ECPair = ECPairFactory(ecc)
const network = networks.regtest

export type RegtestAccount = { key: ECPairInterface; address: string; script: Uint8Array }

/** A fresh P2WPKH key and its regtest address. */
export function regtestAccount(): RegtestAccount {
  const key = ECPair.makeRandom()
  const payment = payments.p2wpkh({ pubkey: key.publicKey, network })
  return { key, address: payment.address!, script: payment.output! }
}

/**
 * The raw hex of a transaction spending `txid:0` (worth `value`) of `from`, paying
 * `pay` to `to` and, when given, `change` back to `from`.
 *
 * @example
 * esplora.chain.broadcast(signSpend(alice, funding, 100_000n, bob.address, 99_000n))
 */
export function signSpend(from: RegtestAccount, txid: string, value: bigint, to: string, pay: bigint, options: { change?: bigint; signer?: ECPairInterface; signedValue?: bigint } = {}): string {
  const tx = new Transaction()
  tx.version = 2
  tx.addInput(Buffer.from(txid, 'hex').reverse(), 0)
  tx.addOutput(bitcoinAddress.toOutputScript(to, network), pay)
  if (options.change) tx.addOutput(from.script, options.change)
  const signer = options.signer ?? from.key
  const scriptCode = payments.p2pkh({ hash: from.script.subarray(2) }).output!
  const hash = tx.hashForWitnessV0(0, scriptCode, options.signedValue ?? value, Transaction.SIGHASH_ALL)
  tx.setWitness(0, [script.signature.encode(signer.sign(hash), Transaction.SIGHASH_ALL), signer.publicKey])
  return tx.toHex()
}
