// The legacy Amino JSON sign mode of the Cosmos SDK (SIGN_MODE_LEGACY_AMINO_JSON), which
// every Keplr-style wallet signs with `signAmino`: the signer signs SHA-256 of the sign
// document as JSON with its keys sorted at every level and no spaces. The plugin builds
// the document, the wallet serialises and signs it, the node serialises it again from the
// transaction it receives and verifies the signature: all three must agree to the byte.

/** An amount of one denomination; `amount` is an integer in the smallest unit, as a string. */
export type Coin = { denom: string; amount: string }

export type StdFee = { amount: Coin[]; gas: string }

/** One message in Amino JSON: `{ type: 'cosmos-sdk/MsgSend', value: {...} }`. */
export type AminoMsg = { type: string; value: Record<string, unknown> }

export type StdSignDoc = {
  chain_id: string
  account_number: string
  sequence: string
  fee: StdFee
  msgs: AminoMsg[]
  memo: string
}

/** A signature with the key it verifies against (both base64), as wallets return it. */
export type StdSignature = {
  pub_key: { type: 'tendermint/PubKeySecp256k1'; value: string }
  signature: string
}

/** The transaction a node accepts on its legacy broadcast endpoint (`POST /txs`). */
export type StdTx = {
  msg: AminoMsg[]
  fee: StdFee
  signatures: StdSignature[]
  memo: string
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  )
}

/**
 * The bytes a signer signs (after SHA-256): the document as sorted, compact JSON, with
 * `&`, `<` and `>` escaped as the Go JSON encoder of the SDK writes them.
 *
 * @example
 * secp256k1.sign(sha256(serializeSignDoc(doc)), privateKey)
 */
export function serializeSignDoc(doc: StdSignDoc): Uint8Array {
  const json = JSON.stringify(sortKeys(doc)).replace(/&/g, '\\u0026').replace(/</g, '\\u003c').replace(/>/g, '\\u003e')
  return new TextEncoder().encode(json)
}

/** A native-coin transfer, `cosmos-sdk/MsgSend`, as the sign document's one message. */
export function msgSend(from: string, to: string, amount: Coin[]): AminoMsg {
  return { type: 'cosmos-sdk/MsgSend', value: { from_address: from, to_address: to, amount } }
}
