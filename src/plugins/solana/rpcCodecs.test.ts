import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit'
import { transferSolInstruction } from './transfer'

describe("the solana plugin's RPC codecs (for WalletConnect and embedded-wallet Solana accounts)", () => {
  it('load on demand', async () => {
    const { solanaRpcCodecs: codecs } = await import('./rpcCodecs')
    expect(codecs.toBase58(codecs.fromBase58('So11111111111111111111111111111111111111112'))).toBe('So11111111111111111111111111111111111111112')
    expect(codecs.fromBase58('So11111111111111111111111111111111111111112')).toHaveLength(32)
    expect(codecs.toBase64(new Uint8Array([104, 105]))).toBe('aGk=')
    expect([...codecs.fromBase64('aGk=')]).toEqual([104, 105])
  })

  it("put a signature into the signer's slot of a serialized transaction, and refuse a signer it does not name", async () => {
    const { solanaRpcCodecs: codecs } = await import('./rpcCodecs')
    const [payer, receiver] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()])
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1EtWTRABZaYq6' as Blockhash, lastValidBlockHeight: 1n }, m),
      (m) => appendTransactionMessageInstruction(transferSolInstruction(payer.address, receiver.address, 1n), m),
    )
    const unsigned = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
    const signature = new Uint8Array(64).fill(7)

    const signed = codecs.withSignature(unsigned, payer.address, signature)!
    const decoded = getTransactionDecoder().decode(signed)
    expect([...decoded.signatures[payer.address]!]).toEqual([...signature])
    expect([...decoded.messageBytes]).toEqual([...getTransactionDecoder().decode(unsigned).messageBytes])
    expect(codecs.withSignature(unsigned, receiver.address, signature)).toBeUndefined()
  })
})
