// The Keplr wallet API, as far as this plugin uses it. Keplr, and the wallets that copy
// its API (Leap, Cosmostation's Keplr mode, the repository's dev wallet), inject it as
// `window.keplr`. Types only: the plugin's wallet code is in wallet.ts.
import type { StdSignature, StdSignDoc } from './amino'

/** `keplr.getKey(chainId)`: the account the visitor chose for that chain. */
export type KeplrKey = {
  name: string
  algo: string
  /** Compressed secp256k1 public key, 33 bytes. */
  pubKey: Uint8Array
  /** The 20 account bytes the bech32 address encodes. */
  address: Uint8Array
  bech32Address: string
  isNanoLedger: boolean
}

export type AminoSignResponse = { signed: StdSignDoc; signature: StdSignature }

/** An account of `getOfflineSigner`-style signers (the CosmJS `AccountData` shape). */
export type KeplrAccount = { address: string; algo: 'secp256k1'; pubkey: Uint8Array }

export type KeplrOfflineAminoSigner = {
  getAccounts(): Promise<readonly KeplrAccount[]>
  signAmino(signerAddress: string, signDoc: StdSignDoc): Promise<AminoSignResponse>
}

export type Keplr = {
  /** Asks the visitor to let this site use the chains; rejects with 'Request rejected' when refused. */
  enable(chainIds: string | readonly string[]): Promise<void>
  /** Forgets the site's permission for the chains (all when none are given). */
  disable?(chainIds?: string | readonly string[]): Promise<void>
  getKey(chainId: string): Promise<KeplrKey>
  /**
   * Signs an Amino JSON sign document. The wallet may raise the fee before signing, so the
   * transaction must be built from `signed`, not from the document that was asked for.
   */
  signAmino(chainId: string, signer: string, signDoc: StdSignDoc): Promise<AminoSignResponse>
  getOfflineSignerOnlyAmino?(chainId: string): KeplrOfflineAminoSigner
}

/** The event a Keplr-style wallet fires on `window` when the visitor changes account. */
export const KEPLR_KEYSTORE_CHANGE = 'keplr_keystorechange'

/** The Keplr object the page holds, when it holds one that looks usable. */
export function findKeplr(win: Window | undefined): Keplr | undefined {
  const candidate = (win as (Window & { keplr?: unknown }) | undefined)?.keplr as Partial<Keplr> | undefined
  if (!candidate || typeof candidate !== 'object') return undefined
  return typeof candidate.enable === 'function' && typeof candidate.getKey === 'function' && typeof candidate.signAmino === 'function' ? (candidate as Keplr) : undefined
}
