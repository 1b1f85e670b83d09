import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
} from '@solana/kit'
import fc from 'fast-check'
import { parseSolanaTransaction, solanaMessageSigners, withSolanaSignature } from './solanaTransaction'

const base58 = getBase58Decoder()
const key = (fill: number) => new Uint8Array(32).fill(fill)
/** A message by hand: version prefix, header, static keys, blockhash, then `tail` (no instructions, no lookups). */
const message = (prefix: number[], required: number, keys: Uint8Array[], { blockhash = 32, tail = prefix.length > 0 ? [0, 0] : [0] } = {}) =>
  Uint8Array.from([...prefix, required, 0, 0, keys.length, ...keys.flatMap((k) => [...k]), ...new Uint8Array(blockhash), ...tail])

/** A real transaction compiled by @solana/kit: `payer` pays, `other` also signs (a transfer's second signer). */
function compiled(payer: Address, other: Address): Uint8Array {
  const transaction = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash('EtWTRABZaYq6iMfeYKouRu166VU2xqa1EtWTRABZaYq6'), lastValidBlockHeight: 10n }, m),
    (m) => appendTransactionMessageInstruction({ programAddress: address('11111111111111111111111111111111'), accounts: [{ address: other, role: 3 }], data: new Uint8Array([2, 0, 0, 0]) }, m),
    (m) => compileTransaction(m),
  )
  return new Uint8Array(getTransactionEncoder().encode(transaction))
}

describe('solanaMessageSigners', () => {
  it('reads the signers of legacy and v0 messages, in slot order', () => {
    expect(solanaMessageSigners(message([], 1, [key(1), key(2)]))).toEqual([base58.decode(key(1))])
    expect(solanaMessageSigners(message([0x80], 2, [key(3), key(4), key(5)]))).toEqual([base58.decode(key(3)), base58.decode(key(4))])
  })

  it('says undefined for what is not a whole message with a signer', () => {
    expect(solanaMessageSigners(new Uint8Array())).toBeUndefined()
    expect(solanaMessageSigners(new TextEncoder().encode('hello'))).toBeUndefined()
    expect(solanaMessageSigners(message([0x81], 1, [key(1)]))).toBeUndefined() // not a legacy or v0 message
    expect(solanaMessageSigners(message([], 0, [key(1)]))).toBeUndefined() // no signer
    expect(solanaMessageSigners(message([], 3, [key(1), key(2)]))).toBeUndefined() // more signers than keys
    expect(solanaMessageSigners(message([], 1, [key(1)], { blockhash: 31, tail: [] }))).toBeUndefined() // no room for the blockhash
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const signers = solanaMessageSigners(bytes)
        if (signers !== undefined) expect(signers.length).toBeGreaterThan(0)
      }),
    )
  })
})

describe('parseSolanaTransaction and withSolanaSignature', () => {
  const payer = address(base58.decode(key(7)))
  const other = address(base58.decode(key(9)))

  it('reads a transaction @solana/kit compiled: its message, signers and empty slots', () => {
    const bytes = compiled(payer, other)
    const parsed = parseSolanaTransaction(bytes)!
    expect(parsed.signers).toEqual([payer, other])
    expect(parsed.signatures).toEqual({ [payer]: null, [other]: null })
    expect(solanaMessageSigners(parsed.message)).toEqual([payer, other])
  })

  it("puts a signature in its signer's slot only", () => {
    const bytes = compiled(payer, other)
    const signature = new Uint8Array(64).fill(5)
    const signed = parseSolanaTransaction(withSolanaSignature(bytes, other, signature))!
    expect(signed.signatures).toEqual({ [payer]: null, [other]: signature })
    expect(signed.message).toEqual(parseSolanaTransaction(bytes)!.message)
  })

  it('refuses a signer without a slot and a signature that is not 64 bytes', () => {
    const bytes = compiled(payer, other)
    expect(() => withSolanaSignature(bytes, base58.decode(key(1)), new Uint8Array(64))).toThrow('has no signature slot')
    expect(() => withSolanaSignature(bytes, payer, new Uint8Array(63))).toThrow('has no signature slot')
  })

  it('says undefined for bytes that are not a transaction, or whose signature count does not match its message', () => {
    expect(parseSolanaTransaction(new Uint8Array())).toBeUndefined()
    expect(parseSolanaTransaction(new TextEncoder().encode('hello'))).toBeUndefined()
    const twoSigners = message([], 2, [key(1), key(2)])
    expect(parseSolanaTransaction(Uint8Array.from([1, ...new Uint8Array(64), ...twoSigners]))).toBeUndefined()
    expect(parseSolanaTransaction(Uint8Array.from([2, ...new Uint8Array(128), ...twoSigners]))?.signers).toEqual([base58.decode(key(1)), base58.decode(key(2))])
  })
})
