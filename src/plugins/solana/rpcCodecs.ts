import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder, getTransactionDecoder, getTransactionEncoder, type SignatureBytes } from '@solana/kit'
import type { RpcCodecs } from '../types'

/**
 * @solana/kit's encodings of WalletConnect's solana_* methods (base58 messages and
 * signatures, base64 transactions), for the wallets core builds over a WalletConnect
 * session or the embedded wallet's frame. Loaded with those wallets (capabilities.ts).
 */
export const solanaRpcCodecs: RpcCodecs = {
  fromBase58: (text) => new Uint8Array(getBase58Encoder().encode(text)),
  toBase58: (bytes) => getBase58Decoder().decode(bytes),
  fromBase64: (text) => new Uint8Array(getBase64Encoder().encode(text)),
  toBase64: (bytes) => getBase64Decoder().decode(bytes),
  withSignature(unsigned, signer, signature) {
    const transaction = getTransactionDecoder().decode(unsigned)
    if (!(signer in transaction.signatures)) return undefined
    const signatures = { ...transaction.signatures, [signer]: signature as SignatureBytes }
    return new Uint8Array(getTransactionEncoder().encode({ ...transaction, signatures }))
  },
}
