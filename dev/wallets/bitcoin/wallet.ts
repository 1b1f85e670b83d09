// A sats-connect compatible Bitcoin wallet provider backed by dev keys, for the demo and
// the tests: a P2WPKH payment address and a P2TR ordinals address. It builds and signs
// real PSBTs (bitcoinjs-lib + ecpair + @bitcoinerlab/secp256k1) from the UTXOs of an
// Esplora API (normally the local stand-in in dev/esplora) and broadcasts through it.
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bitcoinAddress, crypto, initEccLib, networks, payments, Psbt, toXOnly, type Network } from 'bitcoinjs-lib'
import { ECPairFactory, type ECPairInterface } from 'ecpair'

import { toHex } from './bytes'
import { bip322MessageHash, magicHash, signBip322, signEcdsa } from './message'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

/** sats-connect's Bitcoin network names. */
export type BitcoinNetworkType = 'Mainnet' | 'Testnet' | 'Testnet4' | 'Signet' | 'Regtest'

/** sats-connect error codes (note: -32000 is its user rejection). */
export const SatsConnectErrorCodes = {
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  USER_REJECTION: -32000,
  ACCESS_DENIED: -32002,
} as const

export type BitcoinDevWalletRequest = { method: string; params: unknown }

export type BitcoinDevWalletOptions = {
  /** Esplora API base URL, one for every network or one per network. */
  esploraUrl: string | Partial<Record<BitcoinNetworkType, string>>
  /** The network the wallet starts on; `Regtest` by default. */
  network?: BitcoinNetworkType | undefined
  /** 32-byte private keys; random by default. */
  paymentKey?: Uint8Array | undefined
  ordinalsKey?: Uint8Array | undefined
  /** Fee rate in sat/vB for transfers; read from `GET /fee-estimates` (6 blocks) when not set. */
  feeRate?: number | undefined
  /** Decides each prompting request as a visitor would; approves everything by default. */
  approve?: ((request: BitcoinDevWalletRequest) => boolean | Promise<boolean>) | undefined
}

type AddressPurpose = 'payment' | 'ordinals'
type WalletAddress = { address: string; publicKey: string; purpose: AddressPurpose; addressType: 'p2wpkh' | 'p2tr'; walletType: 'software' }
type JsonRpcResponse = { jsonrpc: '2.0'; id: string; result: unknown } | { jsonrpc: '2.0'; id: string; error: { code: number; message: string; data?: unknown } }
type WalletEvent =
  | { type: 'accountChange'; addresses?: WalletAddress[] }
  | { type: 'networkChange'; bitcoin: { name: BitcoinNetworkType }; stacks: { name: string }; addresses?: WalletAddress[] }
  | { type: 'disconnect' }
type Listener = (event: WalletEvent) => void

/** An error a dev wallet answers with: its code and message travel to the dapp. */
export class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const P2WPKH_INPUT_VBYTES = 68
const TX_OVERHEAD_VBYTES = 11
const P2WPKH_OUTPUT_VBYTES = 31
const DUST_SATS = 546n

function bitcoinjsNetwork(type: BitcoinNetworkType): Network {
  if (type === 'Mainnet') return networks.bitcoin
  if (type === 'Regtest') return networks.regtest
  return networks.testnet
}

const rejected = () => new WalletRpcError(SatsConnectErrorCodes.USER_REJECTION, 'User rejected the request.')
const accessDenied = () => new WalletRpcError(SatsConnectErrorCodes.ACCESS_DENIED, 'The dapp is not connected to this wallet.')
const invalidParams = (what: string) => new WalletRpcError(SatsConnectErrorCodes.INVALID_PARAMS, `Invalid params: ${what}`)

/**
 * The provider object a sats-connect wallet injects: `request(method, params)` answering
 * JSON-RPC response objects, and `addListener` for `accountChange`, `networkChange` and
 * `disconnect`. `dev` holds controls for tests and the demo's wallet panel.
 */
export class BitcoinDevWallet {
  #network: BitcoinNetworkType
  #payment: ECPairInterface
  readonly #ordinals: ECPairInterface
  #authorized = false
  #approve: NonNullable<BitcoinDevWalletOptions['approve']>
  readonly #listeners = new Map<string, Set<Listener>>()
  readonly #options: BitcoinDevWalletOptions

  constructor(options: BitcoinDevWalletOptions) {
    this.#options = options
    this.#network = options.network ?? 'Regtest'
    this.#payment = options.paymentKey ? ECPair.fromPrivateKey(options.paymentKey) : ECPair.makeRandom()
    this.#ordinals = options.ordinalsKey ? ECPair.fromPrivateKey(options.ordinalsKey) : ECPair.makeRandom()
    this.#approve = options.approve ?? (() => true)
  }

  readonly dev = {
    /** Both addresses on the current network, connected or not. */
    addresses: (): { payment: string; ordinals: string } => ({ payment: this.#paymentAddress(), ordinals: this.#ordinalsAddress() }),
    network: (): BitcoinNetworkType => this.#network,
    isAuthorized: (): boolean => this.#authorized,
    setApprove: (approve: NonNullable<BitcoinDevWalletOptions['approve']>): void => {
      this.#approve = approve
    },
    /** The visitor switches to a new payment account inside the wallet. */
    switchPaymentAccount: (privateKey?: Uint8Array): string => {
      this.#payment = privateKey ? ECPair.fromPrivateKey(privateKey) : ECPair.makeRandom()
      if (this.#authorized) this.#emit({ type: 'accountChange', addresses: this.#addresses(['payment', 'ordinals']) })
      return this.#paymentAddress()
    },
    /** The visitor disconnects the dapp from inside the wallet. */
    revoke: (): void => {
      this.#authorized = false
      this.#emit({ type: 'disconnect' })
    },
  }

  /** sats-connect's provider entry point. Never throws: errors are JSON-RPC error responses. */
  async request(method: string, params?: unknown): Promise<JsonRpcResponse> {
    const id = globalThis.crypto.randomUUID()
    try {
      return { jsonrpc: '2.0', id, result: await this.#handle(method, params ?? null) }
    } catch (error) {
      const { code, message } = error instanceof WalletRpcError ? error : { code: SatsConnectErrorCodes.INTERNAL_ERROR, message: (error as Error).message }
      return { jsonrpc: '2.0', id, error: { code, message } }
    }
  }

  /** `addListener({ eventName, cb })` or `addListener(eventName, cb)`; returns the remover. */
  addListener(...args: [{ eventName: string; cb: Listener }] | [string, Listener]): () => void {
    const [eventName, cb] = typeof args[0] === 'string' ? [args[0], args[1]!] : [args[0].eventName, args[0].cb]
    const set = this.#listeners.get(eventName) ?? new Set<Listener>()
    set.add(cb)
    this.#listeners.set(eventName, set)
    return () => void set.delete(cb)
  }

  #emit(event: WalletEvent) {
    for (const listener of [...(this.#listeners.get(event.type) ?? [])]) listener(event)
  }

  get #bitcoinjsNetwork(): Network {
    return bitcoinjsNetwork(this.#network)
  }

  #paymentAddress(): string {
    return payments.p2wpkh({ pubkey: this.#payment.publicKey, network: this.#bitcoinjsNetwork }).address!
  }

  #ordinalsAddress(): string {
    return payments.p2tr({ internalPubkey: toXOnly(this.#ordinals.publicKey), network: this.#bitcoinjsNetwork }).address!
  }

  /** The key the P2TR output commits to (BIP 341 key-path tweak, no script tree). */
  #tweakedOrdinals(): ECPairInterface {
    return this.#ordinals.tweak(crypto.taggedHash('TapTweak', toXOnly(this.#ordinals.publicKey)))
  }

  #addresses(purposes: readonly string[]): WalletAddress[] {
    const all: WalletAddress[] = [
      { address: this.#paymentAddress(), publicKey: toHex(this.#payment.publicKey), purpose: 'payment', addressType: 'p2wpkh', walletType: 'software' },
      {
        address: this.#ordinalsAddress(),
        publicKey: toHex(toXOnly(this.#ordinals.publicKey)),
        purpose: 'ordinals',
        addressType: 'p2tr',
        walletType: 'software',
      },
    ]
    return all.filter((entry) => purposes.includes(entry.purpose))
  }

  #networkResult() {
    return { bitcoin: { name: this.#network }, stacks: { name: this.#network === 'Mainnet' ? 'mainnet' : 'testnet' }, spark: { name: 'mainnet' } }
  }

  async #ask(method: string, params: unknown): Promise<void> {
    if (!(await this.#approve({ method, params }))) throw rejected()
  }

  async #authorize(method: string, params: unknown): Promise<void> {
    if (this.#authorized) return
    await this.#ask(method, params)
    this.#authorized = true
  }

  #requireAuthorized(): void {
    if (!this.#authorized) throw accessDenied()
  }

  #esploraUrl(): string {
    const { esploraUrl } = this.#options
    const url = typeof esploraUrl === 'string' ? esploraUrl : esploraUrl[this.#network]
    if (!url) throw new WalletRpcError(SatsConnectErrorCodes.INTERNAL_ERROR, `No Esplora URL for ${this.#network}`)
    return url.replace(/\/$/, '')
  }

  async #esplora<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetch(`${this.#esploraUrl()}${path}`, init)
    const text = await response.text()
    if (!response.ok) throw new WalletRpcError(SatsConnectErrorCodes.INTERNAL_ERROR, text || `Esplora answered ${response.status}`)
    return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T
  }

  async #handle(method: string, params: unknown): Promise<unknown> {
    const record = (params ?? {}) as Record<string, unknown>
    switch (method) {
      case 'getInfo':
        return { version: '2.0.0', platform: 'web', methods: [...SupportedMethods], supports: [] }
      case 'wallet_connect': {
        await this.#authorize(method, params)
        const purposes = (record.addresses as string[] | undefined) ?? ['payment', 'ordinals']
        return { id: 'dev', addresses: this.#addresses(purposes), walletType: 'software', network: this.#networkResult() }
      }
      case 'getAccounts': {
        const purposes = record.purposes
        if (!Array.isArray(purposes)) throw invalidParams('purposes')
        await this.#authorize(method, params)
        return this.#addresses(purposes as string[])
      }
      case 'getAddresses': {
        const purposes = record.purposes
        if (!Array.isArray(purposes)) throw invalidParams('purposes')
        await this.#authorize(method, params)
        return { addresses: this.#addresses(purposes as string[]), network: this.#networkResult() }
      }
      case 'wallet_getAccount':
        this.#requireAuthorized()
        return { id: 'dev', addresses: this.#addresses(['payment', 'ordinals']), walletType: 'software', network: this.#networkResult() }
      case 'wallet_disconnect':
      case 'wallet_renouncePermissions':
        this.#authorized = false
        return null
      case 'wallet_getNetwork':
        return this.#networkResult()
      case 'wallet_changeNetwork': {
        const name = record.name as BitcoinNetworkType
        if (!['Mainnet', 'Testnet', 'Testnet4', 'Signet', 'Regtest'].includes(name)) throw invalidParams('name')
        await this.#ask(method, params)
        this.#network = name
        if (this.#authorized) this.#emit({ type: 'networkChange', ...this.#networkResult(), addresses: this.#addresses(['payment', 'ordinals']) })
        return null
      }
      case 'signMessage':
        return this.#signMessage(record)
      case 'sendTransfer':
        return this.#sendTransfer(record)
      case 'signPsbt':
        return this.#signPsbt(record)
      case 'getBalance': {
        this.#requireAuthorized()
        const stats = await this.#esplora<{ chain_stats: Stats; mempool_stats: Stats }>(`/address/${this.#paymentAddress()}`)
        const confirmed = BigInt(stats.chain_stats.funded_txo_sum - stats.chain_stats.spent_txo_sum)
        const unconfirmed = BigInt(stats.mempool_stats.funded_txo_sum - stats.mempool_stats.spent_txo_sum)
        return { confirmed: String(confirmed), unconfirmed: String(unconfirmed), total: String(confirmed + unconfirmed) }
      }
      default:
        throw new WalletRpcError(SatsConnectErrorCodes.METHOD_NOT_FOUND, `Method not found: ${method}`)
    }
  }

  async #signMessage(params: Record<string, unknown>) {
    this.#requireAuthorized()
    const { address, message, protocol } = params
    if (typeof address !== 'string' || typeof message !== 'string') throw invalidParams('address and message')
    const isPayment = address === this.#paymentAddress()
    if (!isPayment && address !== this.#ordinalsAddress()) throw invalidParams(`${address} is not an address of this wallet`)
    const chosen = protocol ?? 'BIP322'
    if (chosen !== 'BIP322' && chosen !== 'ECDSA') throw invalidParams('protocol')
    if (chosen === 'ECDSA' && !isPayment) throw invalidParams('ECDSA signatures are for the payment (P2WPKH) address')
    await this.#ask('signMessage', params)
    const network = this.#bitcoinjsNetwork
    if (chosen === 'ECDSA') {
      return { signature: signEcdsa(message, this.#payment, network), messageHash: toHex(magicHash(message, network)), address, protocol: 'ECDSA' }
    }
    const signer = isPayment
      ? { type: 'p2wpkh' as const, keyPair: this.#payment, outputScript: payments.p2wpkh({ pubkey: this.#payment.publicKey, network }).output! }
      : { type: 'p2tr' as const, keyPair: this.#tweakedOrdinals(), outputScript: payments.p2tr({ internalPubkey: toXOnly(this.#ordinals.publicKey), network }).output! }
    return { signature: signBip322(message, signer), messageHash: toHex(bip322MessageHash(message)), address, protocol: 'BIP322' }
  }

  async #feeRate(): Promise<number> {
    if (this.#options.feeRate !== undefined) return this.#options.feeRate
    const estimates = await this.#esplora<Record<string, number>>('/fee-estimates')
    return Math.max(1, estimates['6'] ?? estimates['1'] ?? 1)
  }

  /**
   * Pays each recipient from the payment address: largest UTXOs first until amount plus
   * fee is covered, change back to the payment address, every input signed, broadcast.
   */
  async #sendTransfer(params: Record<string, unknown>) {
    this.#requireAuthorized()
    const recipients = params.recipients
    if (!Array.isArray(recipients) || recipients.length === 0) throw invalidParams('recipients')
    const network = this.#bitcoinjsNetwork
    const outputs = recipients.map((recipient: { address?: unknown; amount?: unknown }) => {
      if (typeof recipient.address !== 'string' || typeof recipient.amount !== 'number' || !Number.isSafeInteger(recipient.amount) || recipient.amount <= 0) {
        throw invalidParams('recipient address and amount (sats)')
      }
      let outputScript: Uint8Array
      try {
        outputScript = bitcoinAddress.toOutputScript(recipient.address, network)
      } catch {
        throw invalidParams(`${recipient.address} is not an address of ${this.#network}`)
      }
      // value (8) + script length (1) + script
      return { address: recipient.address, value: BigInt(recipient.amount), vbytes: 9 + outputScript.length }
    })
    await this.#ask('sendTransfer', params)
    const payment = this.#paymentAddress()
    const utxos = (await this.#esplora<{ txid: string; vout: number; value: number }[]>(`/address/${payment}/utxo`)).sort((a, b) => b.value - a.value)
    const feeRate = await this.#feeRate()
    const target = outputs.reduce((sum, output) => sum + output.value, 0n)
    const outputVbytes = outputs.reduce((sum, output) => sum + output.vbytes, 0) + P2WPKH_OUTPUT_VBYTES // with change
    const chosen: typeof utxos = []
    let total = 0n
    let fee = 0n
    for (const utxo of utxos) {
      chosen.push(utxo)
      total += BigInt(utxo.value)
      fee = BigInt(Math.ceil(feeRate * (TX_OVERHEAD_VBYTES + P2WPKH_INPUT_VBYTES * chosen.length + outputVbytes)))
      if (total >= target + fee) break
    }
    if (total < target + fee) throw new WalletRpcError(SatsConnectErrorCodes.INTERNAL_ERROR, 'Insufficient funds')
    const paymentScript = payments.p2wpkh({ pubkey: this.#payment.publicKey, network }).output!
    const psbt = new Psbt({ network })
    for (const utxo of chosen) psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script: paymentScript, value: BigInt(utxo.value) } })
    for (const output of outputs) psbt.addOutput({ address: output.address, value: output.value })
    const change = total - target - fee
    if (change >= DUST_SATS) psbt.addOutput({ address: payment, value: change })
    psbt.signAllInputs(this.#payment).finalizeAllInputs()
    const txid = await this.#esplora<string>('/tx', { method: 'POST', body: psbt.extractTransaction().toHex() })
    return { txid }
  }

  /** Signs the inputs named in `signInputs` (address → input indexes) with the matching key. */
  async #signPsbt(params: Record<string, unknown>) {
    this.#requireAuthorized()
    if (typeof params.psbt !== 'string') throw invalidParams('psbt')
    const network = this.#bitcoinjsNetwork
    const psbt = Psbt.fromBase64(params.psbt, { network })
    const signInputs = (params.signInputs ?? {}) as Record<string, number[]>
    await this.#ask('signPsbt', params)
    for (const [address, indexes] of Object.entries(signInputs)) {
      const key = address === this.#paymentAddress() ? this.#payment : address === this.#ordinalsAddress() ? this.#tweakedOrdinals() : undefined
      if (!key) throw invalidParams(`${address} is not an address of this wallet`)
      for (const index of indexes) {
        if (key === this.#payment) psbt.signInput(index, key)
        else {
          psbt.updateInput(index, { tapInternalKey: toXOnly(this.#ordinals.publicKey) })
          psbt.signInput(index, key)
        }
      }
    }
    if (!params.broadcast) return { psbt: psbt.toBase64() }
    psbt.finalizeAllInputs()
    const txid = await this.#esplora<string>('/tx', { method: 'POST', body: psbt.extractTransaction().toHex() })
    return { psbt: psbt.toBase64(), txid }
  }
}

type Stats = { funded_txo_sum: number; spent_txo_sum: number }

const SupportedMethods = [
  'getInfo',
  'wallet_connect',
  'getAccounts',
  'getAddresses',
  'wallet_getAccount',
  'wallet_disconnect',
  'wallet_renouncePermissions',
  'wallet_getNetwork',
  'wallet_changeNetwork',
  'signMessage',
  'sendTransfer',
  'signPsbt',
  'getBalance',
] as const
