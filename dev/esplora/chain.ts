// The Bitcoin chain behind the Esplora stand-in: a UTXO set with a mempool and blocks,
// fed by `fund` (a coinbase-like transaction) and by raw transactions posted to
// `POST /tx`, which are parsed with bitcoinjs-lib and checked as a node would check
// them: known unspent inputs, no double spend, outputs not above inputs, signatures.
import { randomBytes } from 'node:crypto'

import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bitcoinAddress, crypto, initEccLib, networks, Transaction, type Network } from 'bitcoinjs-lib'

import { esploraOutput, esploraTx, type EsploraTx } from './txJson'
import { verifyInput, type Prevout } from './verify'

initEccLib(ecc)

export type BitcoinNetworkName = 'regtest' | 'testnet' | 'mainnet'

/** A transaction's place in the chain, as Esplora reports it (`/tx/:txid/status`). */
export type TxStatus = { confirmed: false } | { confirmed: true; block_height: number; block_hash: string; block_time: number }

type Output = { txid: string; vout: number; value: bigint; script: string; spentBy?: string | undefined }
type StoredTx = { hex: string; status: TxStatus; fee: bigint }

/** bitcoind's refusal of a raw transaction: its RPC code and reason. */
export class RejectedTransaction extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`sendrawtransaction RPC error: ${JSON.stringify({ code, message: reason })}`)
  }
}

export type AddressStats = { funded_txo_count: number; funded_txo_sum: number; spent_txo_count: number; spent_txo_sum: number; tx_count: number }

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
/** Transaction ids are shown byte-reversed (big-endian); inputs carry the raw hash. */
const txidOfHash = (hash: Uint8Array) => hex(Uint8Array.from(hash).reverse())

export class BitcoinChain {
  readonly network: Network
  height = 0
  private tipHash = '0'.repeat(64)
  private readonly txs = new Map<string, StoredTx>()
  private readonly outputs = new Map<string, Output>()
  private mempool: string[] = []

  constructor(
    readonly networkName: BitcoinNetworkName = 'regtest',
    /** Confirms every accepted transaction in a block of its own at once. */
    readonly autoMine = true,
  ) {
    this.network = networkName === 'mainnet' ? networks.bitcoin : networkName === 'testnet' ? networks.testnet : networks.regtest
  }

  /** The output script of an address of this network; throws for anything else. */
  scriptOf(address: string): string {
    return hex(bitcoinAddress.toOutputScript(address, this.network))
  }

  /** Pays `sats` to `address` in a new confirmed coinbase-like transaction; returns its txid. */
  fund(address: string, sats: bigint | number): string {
    const tx = new Transaction()
    tx.version = 2
    // A coinbase input: null prevout, and unique data so each funding has its own txid.
    tx.addInput(new Uint8Array(32), 0xffffffff, 0xffffffff, Uint8Array.from([0x04, ...randomBytes(4)]))
    tx.addOutput(bitcoinAddress.toOutputScript(address, this.network), BigInt(sats))
    const txid = tx.getId()
    this.txs.set(txid, { hex: tx.toHex(), status: { confirmed: false }, fee: 0n })
    this.addOutputs(txid, tx)
    this.mempool.push(txid)
    this.mine()
    return txid
  }

  /** Accepts a raw transaction (hex) into the mempool, or throws `RejectedTransaction`. */
  broadcast(rawHex: string): string {
    let tx: Transaction
    try {
      if (!/^([0-9a-fA-F]{2})+$/.test(rawHex)) throw new Error('not hex')
      tx = Transaction.fromHex(rawHex)
    } catch {
      throw new RejectedTransaction(-22, 'TX decode failed')
    }
    const txid = tx.getId()
    if (this.txs.has(txid)) throw new RejectedTransaction(-27, 'Transaction already in block chain')
    if (tx.ins.length === 0 || tx.outs.length === 0) throw new RejectedTransaction(-26, tx.ins.length ? 'bad-txns-vout-empty' : 'bad-txns-vin-empty')
    const spent = tx.ins.map((input) => {
      const output = this.outputs.get(`${txidOfHash(input.hash)}:${input.index}`)
      if (!output) throw new RejectedTransaction(-25, 'bad-txns-inputs-missingorspent')
      if (output.spentBy) throw new RejectedTransaction(-26, 'txn-mempool-conflict')
      return output
    })
    const totalIn = spent.reduce((sum, output) => sum + output.value, 0n)
    const totalOut = tx.outs.reduce((sum, output) => sum + output.value, 0n)
    if (totalOut > totalIn) throw new RejectedTransaction(-26, 'bad-txns-in-belowout')
    const prevouts: Prevout[] = spent.map((output) => ({ script: Buffer.from(output.script, 'hex'), value: output.value }))
    tx.ins.forEach((_input, index) => {
      const failure = verifyInput(tx, index, prevouts)
      if (failure) throw new RejectedTransaction(-26, `mandatory-script-verify-flag-failed (${failure})`)
    })
    for (const output of spent) output.spentBy = txid
    this.txs.set(txid, { hex: rawHex.toLowerCase(), status: { confirmed: false }, fee: totalIn - totalOut })
    this.addOutputs(txid, tx)
    this.mempool.push(txid)
    if (this.autoMine) this.mine()
    return txid
  }

  /** Confirms every mempool transaction in one new block; returns its height. */
  mine(): number {
    this.height += 1
    this.tipHash = hex(crypto.hash256(Buffer.from(`${this.tipHash}${this.height}${randomBytes(8).toString('hex')}`)).reverse())
    const status: TxStatus = { confirmed: true, block_height: this.height, block_hash: this.tipHash, block_time: Math.floor(Date.now() / 1000) }
    for (const txid of this.mempool) this.txs.get(txid)!.status = status
    this.mempool = []
    return this.height
  }

  get tip(): { height: number; hash: string } {
    return { height: this.height, hash: this.tipHash }
  }

  tx(txid: string): StoredTx | undefined {
    return this.txs.get(txid)
  }

  /** `GET /address/:address`: chain and mempool statistics, Esplora's shape. */
  addressStats(address: string) {
    const script = this.scriptOf(address)
    const chain = { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 }
    const mempool = { ...chain }
    const chainTxs = new Set<string>()
    const mempoolTxs = new Set<string>()
    for (const output of this.outputs.values()) {
      if (output.script !== script) continue
      const fundedConfirmed = this.txs.get(output.txid)!.status.confirmed
      const funded = fundedConfirmed ? chain : mempool
      funded.funded_txo_count += 1
      funded.funded_txo_sum += Number(output.value)
      ;(fundedConfirmed ? chainTxs : mempoolTxs).add(output.txid)
      if (output.spentBy) {
        const spentConfirmed = this.txs.get(output.spentBy)!.status.confirmed
        const spent = spentConfirmed ? chain : mempool
        spent.spent_txo_count += 1
        spent.spent_txo_sum += Number(output.value)
        ;(spentConfirmed ? chainTxs : mempoolTxs).add(output.spentBy)
      }
    }
    chain.tx_count = chainTxs.size
    mempool.tx_count = mempoolTxs.size
    return { address, chain_stats: chain, mempool_stats: mempool }
  }

  /** `GET /tx/:txid`: the transaction in Esplora's JSON, or undefined when unknown. */
  txJson(txid: string): EsploraTx | undefined {
    const stored = this.txs.get(txid)
    if (!stored) return undefined
    return esploraTx(stored.hex, stored.status, stored.fee, this.network, (spentTxid, vout) => {
      const output = this.outputs.get(`${spentTxid}:${vout}`)
      return output ? esploraOutput(Buffer.from(output.script, 'hex'), output.value, this.network) : undefined
    })
  }

  /**
   * `GET /address/:address/txs` (no `lastSeen`): the address's mempool transactions (up
   * to 50), then its first 25 confirmed ones, newest first. `GET
   * /address/:address/txs/chain/:last_seen_txid`: the 25 confirmed transactions after
   * `lastSeen`. A transaction concerns the address when it pays to it or spends from it.
   */
  addressTxs(address: string, lastSeen?: string): EsploraTx[] {
    const script = this.scriptOf(address)
    const order = [...this.txs.keys()]
    const touching = new Set<string>()
    for (const output of this.outputs.values()) {
      if (output.script !== script) continue
      touching.add(output.txid)
      if (output.spentBy) touching.add(output.spentBy)
    }
    const newestFirst = order.filter((txid) => touching.has(txid)).reverse()
    const height = (txid: string) => {
      const status = this.txs.get(txid)!.status
      return status.confirmed ? status.block_height : Infinity
    }
    const confirmed = newestFirst.filter((txid) => height(txid) !== Infinity).sort((a, b) => height(b) - height(a))
    const mempool = newestFirst.filter((txid) => height(txid) === Infinity)
    const page =
      lastSeen === undefined
        ? [...mempool.slice(0, 50), ...confirmed.slice(0, 25)]
        : confirmed.includes(lastSeen)
          ? confirmed.slice(confirmed.indexOf(lastSeen) + 1, confirmed.indexOf(lastSeen) + 26)
          : []
    return page.map((txid) => this.txJson(txid)!)
  }

  /** `GET /address/:address/utxo`: unspent outputs, mempool ones included, none spent in the mempool. */
  utxos(address: string) {
    const script = this.scriptOf(address)
    return [...this.outputs.values()]
      .filter((output) => output.script === script && !output.spentBy)
      .map((output) => ({ txid: output.txid, vout: output.vout, status: this.txs.get(output.txid)!.status, value: Number(output.value) }))
  }

  private addOutputs(txid: string, tx: Transaction): void {
    tx.outs.forEach((output, vout) => {
      this.outputs.set(`${txid}:${vout}`, { txid, vout, value: output.value, script: hex(output.script) })
    })
  }
}
