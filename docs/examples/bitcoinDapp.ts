// docs/solana-bitcoin.md: what a Bitcoin dapp does with the connection the visitor made
// in the modal, through sats-connect's request shapes. Inside this repository the
// example imports Portico's source; a dapp imports the same names from 'portico'.
import { address as bitcoinAddress, Psbt, type Network } from 'bitcoinjs-lib'
import { AddressPurpose } from 'sats-connect'
import type { Portico } from '../../src'

/** The visitor's payment address (the one that holds their bitcoin). */
export async function paymentAddress(portico: Portico): Promise<string> {
  const { addresses } = await portico.getProvider('bip122').getAddresses({ purposes: [AddressPurpose.Payment] })
  const payment = addresses.find((entry) => entry.purpose === AddressPurpose.Payment) ?? addresses[0]
  if (!payment) throw new Error('The wallet shared no address')
  return payment.address
}

/**
 * Builds a PSBT that spends one output of the visitor's payment address to `to`, has the
 * visitor's wallet sign it (and broadcast it when `broadcast`), and returns the signed
 * PSBT (base64) and, when broadcast, the transaction id.
 */
export async function payWithPsbt(
  portico: Portico,
  { utxo, to, sats, network, broadcast }: { utxo: { txid: string; vout: number; value: number }; to: string; sats: number; network: Network; broadcast: boolean },
): Promise<{ psbt: string; txid?: string | undefined }> {
  const from = await paymentAddress(portico)
  const psbt = new Psbt({ network })
  psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script: bitcoinAddress.toOutputScript(from, network), value: BigInt(utxo.value) } })
  psbt.addOutput({ address: to, value: BigInt(sats) })
  return portico.getProvider('bip122').signPsbt({ psbt: psbt.toBase64(), signInputs: { [from]: [0] }, broadcast })
}

/** Pays `sats` to `to`: the wallet picks the inputs, signs and broadcasts; resolves with the txid. */
export async function pay(portico: Portico, to: string, sats: number): Promise<string> {
  const { txid } = await portico.getProvider('bip122').sendTransfer({ recipients: [{ address: to, amount: sats }] })
  return txid
}
