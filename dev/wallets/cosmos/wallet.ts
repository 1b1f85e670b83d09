// A development Cosmos wallet with Keplr's injected API (window.keplr): enable, getKey,
// signAmino and an Amino-only offline signer, over one real secp256k1 key (@noble/curves).
// It approves every request unless told to refuse the next one, so tests can drive both.
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
// The example package's own modules, not its index: the wallet bundle must not pull in Portico.
import { serializeSignDoc, type StdSignDoc } from '../../../examples/cosmos-plugin/src/amino'
import type { AminoSignResponse, Keplr, KeplrAccount, KeplrKey, KeplrOfflineAminoSigner } from '../../../examples/cosmos-plugin/src/keplr'
import { pubkeyToAddress, pubkeyToAddressBytes, toBase64 } from '../../../examples/cosmos-plugin/src/pubkey'

export type KeplrDevWalletOptions = {
  privateKey: Uint8Array
  /** Bech32 prefix of the chains it serves; `cosmos` by default. */
  prefix?: string | undefined
  /** The chain ids it knows; enabling another is refused, as Keplr refuses an unknown chain. */
  chainIds: readonly string[]
  name?: string | undefined
}

/** Keplr's own wording when the visitor closes the approval window. */
export const KEPLR_REJECTED = 'Request rejected'

export class KeplrDevWallet implements Keplr {
  readonly version = '0.12.0-portico-dev'
  readonly mode = 'extension'
  readonly #privateKey: Uint8Array
  readonly #pubKey: Uint8Array
  readonly #address: string
  readonly #chainIds: readonly string[]
  readonly #name: string
  readonly #enabled = new Set<string>()
  #refuseNext = false

  /** Test controls, beside the Keplr API. */
  readonly dev = {
    address: () => this.#address,
    pubKey: () => this.#pubKey,
    /** The next enable or signature request is refused, as if the visitor clicked Reject. */
    refuseNext: () => {
      this.#refuseNext = true
    },
    enabled: () => [...this.#enabled],
  }

  constructor(options: KeplrDevWalletOptions) {
    this.#privateKey = options.privateKey
    this.#pubKey = secp256k1.getPublicKey(options.privateKey, true)
    this.#address = pubkeyToAddress(this.#pubKey, options.prefix ?? 'cosmos')
    this.#chainIds = options.chainIds
    this.#name = options.name ?? 'Portico Dev Cosmos Wallet'
  }

  #approve(): void {
    if (!this.#refuseNext) return
    this.#refuseNext = false
    throw new Error(KEPLR_REJECTED)
  }

  #checkEnabled(chainId: string): void {
    if (!this.#enabled.has(chainId)) throw new Error(`${chainId} is not enabled for this site: call keplr.enable('${chainId}') first`)
  }

  async enable(chainIds: string | readonly string[]): Promise<void> {
    const ids = typeof chainIds === 'string' ? [chainIds] : chainIds
    const unknown = ids.find((id) => !this.#chainIds.includes(id))
    if (unknown) throw new Error(`There is no chain info for ${unknown}`)
    this.#approve()
    for (const id of ids) this.#enabled.add(id)
  }

  async disable(chainIds?: string | readonly string[]): Promise<void> {
    if (chainIds === undefined) this.#enabled.clear()
    else for (const id of typeof chainIds === 'string' ? [chainIds] : chainIds) this.#enabled.delete(id)
  }

  async getKey(chainId: string): Promise<KeplrKey> {
    this.#checkEnabled(chainId)
    return { name: this.#name, algo: 'secp256k1', pubKey: this.#pubKey, address: pubkeyToAddressBytes(this.#pubKey), bech32Address: this.#address, isNanoLedger: false }
  }

  /** Signs SHA-256 of the sorted Amino JSON document with a low-S compact signature, as Keplr does. */
  async signAmino(chainId: string, signer: string, signDoc: StdSignDoc): Promise<AminoSignResponse> {
    this.#checkEnabled(chainId)
    if (signer !== this.#address) throw new Error(`Signer mismatched: ${signer} is not ${this.#address}`)
    if (signDoc.chain_id !== chainId) throw new Error(`Chain id in the sign document (${signDoc.chain_id}) is not ${chainId}`)
    this.#approve()
    const signature = secp256k1.sign(sha256(serializeSignDoc(signDoc)), this.#privateKey, { lowS: true }).toCompactRawBytes()
    return { signed: signDoc, signature: { pub_key: { type: 'tendermint/PubKeySecp256k1', value: toBase64(this.#pubKey) }, signature: toBase64(signature) } }
  }

  getOfflineSignerOnlyAmino(chainId: string): KeplrOfflineAminoSigner {
    return {
      getAccounts: async (): Promise<readonly KeplrAccount[]> => {
        const key = await this.getKey(chainId)
        return [{ address: key.bech32Address, algo: 'secp256k1', pubkey: key.pubKey }]
      },
      signAmino: (signerAddress, signDoc) => this.signAmino(chainId, signerAddress, signDoc),
    }
  }
}
