// Esplora's transaction JSON (`GET /tx/:txid`, and each entry of `GET /address/:address/txs`),
// built from a raw transaction and the outputs it spends: txid, version, locktime, `vin`
// with each input's `prevout`, `vout` with each output's address and type, size, weight,
// fee and status, as blockstream.info and mempool.space answer.
import { address as bitcoinAddress, script as bitcoinScript, Transaction, type Network } from 'bitcoinjs-lib'

import type { TxStatus } from './chain'

/** An output as Esplora shows it (`vout[n]`, and `vin[n].prevout`). */
export type EsploraOutput = {
  scriptpubkey: string
  scriptpubkey_asm: string
  scriptpubkey_type: string
  scriptpubkey_address?: string
  value: number
}

export type EsploraInput = {
  txid: string
  vout: number
  prevout: EsploraOutput | null
  scriptsig: string
  scriptsig_asm: string
  witness?: string[]
  is_coinbase: boolean
  sequence: number
}

export type EsploraTx = {
  txid: string
  version: number
  locktime: number
  vin: EsploraInput[]
  vout: EsploraOutput[]
  size: number
  weight: number
  fee: number
  status: TxStatus
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

/** Esplora's names of output script types. */
function scriptType(script: Uint8Array): string {
  const b = script
  if (b.length === 22 && b[0] === 0x00 && b[1] === 0x14) return 'v0_p2wpkh'
  if (b.length === 34 && b[0] === 0x00 && b[1] === 0x20) return 'v0_p2wsh'
  if (b.length === 34 && b[0] === 0x51 && b[1] === 0x20) return 'v1_p2tr'
  if (b.length === 25 && b[0] === 0x76 && b[1] === 0xa9 && b[23] === 0x88 && b[24] === 0xac) return 'p2pkh'
  if (b.length === 23 && b[0] === 0xa9 && b[22] === 0x87) return 'p2sh'
  if (b.length > 0 && b[0] === 0x6a) return 'op_return'
  return 'unknown'
}

/** One output in Esplora's shape; the address only when the script has one. */
export function esploraOutput(script: Uint8Array, value: bigint, network: Network): EsploraOutput {
  const output: EsploraOutput = {
    scriptpubkey: hex(script),
    scriptpubkey_asm: bitcoinScript.toASM(script),
    scriptpubkey_type: scriptType(script),
    value: Number(value),
  }
  try {
    output.scriptpubkey_address = bitcoinAddress.fromOutputScript(script, network)
  } catch {
    // OP_RETURN and non-standard scripts have no address; Esplora leaves the field out.
  }
  return output
}

/**
 * A stored transaction in Esplora's JSON. `prevoutOf` finds the output an input spends
 * (undefined for the coinbase-like inputs of `fund`, which Esplora shows as
 * `is_coinbase` with a null `prevout`).
 */
export function esploraTx(rawHex: string, status: TxStatus, fee: bigint, network: Network, prevoutOf: (txid: string, vout: number) => EsploraOutput | undefined): EsploraTx {
  const tx = Transaction.fromHex(rawHex)
  return {
    txid: tx.getId(),
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.ins.map((input) => {
      const coinbase = input.hash.every((byte) => byte === 0) && input.index === 0xffffffff
      const txid = hex(Uint8Array.from(input.hash).reverse())
      return {
        txid,
        vout: input.index,
        prevout: coinbase ? null : (prevoutOf(txid, input.index) ?? null),
        scriptsig: hex(input.script),
        scriptsig_asm: input.script.length ? bitcoinScript.toASM(input.script) : '',
        ...(input.witness.length ? { witness: input.witness.map(hex) } : {}),
        is_coinbase: coinbase,
        sequence: input.sequence,
      }
    }),
    vout: tx.outs.map((output) => esploraOutput(output.script, output.value, network)),
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: Number(fee),
    status,
  }
}
