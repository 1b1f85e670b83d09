/** Byte encodings of a namespace's JSON-RPC signing methods (the solana plugin's, src/plugins/solana/rpcCodecs.ts). */
export type RpcCodecs = {
  fromBase58(text: string): Uint8Array
  toBase58(bytes: Uint8Array): string
  fromBase64(text: string): Uint8Array
  toBase64(bytes: Uint8Array): string
  /**
   * The serialized `transaction` with `signature` in `signer`'s slot; undefined when the
   * transaction needs no signature from `signer`.
   */
  withSignature(transaction: Uint8Array, signer: string, signature: Uint8Array): Uint8Array | undefined
}
