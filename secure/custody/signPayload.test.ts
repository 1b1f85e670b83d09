import { createPublicKey, verify as ed25519Verify } from 'node:crypto'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { type Hex, keccak256, parseTransaction, recoverTransactionAddress, verifyMessage, verifyTypedData } from 'viem'
import { ReplyError } from '../replyError'
import { generateWalletSecret } from './keys'
import { signPayload, type SignKind } from './signPayload'

/** A legacy Solana transaction message with `signer` as its only signer. */
function solanaMessage(signer: string): Uint8Array {
  const program = new Uint8Array(32).fill(1)
  const blockhash = new Uint8Array(32).fill(2)
  return Uint8Array.from([1, 0, 1, 2, ...getBase58Encoder().encode(signer), ...program, ...blockhash, 0])
}
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe('signing in the secure frame with the rebuilt key', () => {
  const evm = generateWalletSecret('eip155')
  const sol = generateWalletSecret('solana')
  const sign = (kind: SignKind, payload: unknown) => signPayload(kind, payload, kind.startsWith('solana_') ? sol.secret : evm.secret, kind.startsWith('solana_') ? sol.address : evm.address)

  it('personal_sign: text and 0x bytes, verified with viem', async () => {
    const { signature } = (await sign('personal_sign', { message: 'Sign in to shop.example', address: evm.address.toLowerCase() })) as { signature: Hex }
    expect(await verifyMessage({ address: evm.address as Hex, message: 'Sign in to shop.example', signature })).toBe(true)
    const raw = (await sign('personal_sign', { message: '0xdeadbeef' })) as { signature: Hex }
    expect(await verifyMessage({ address: evm.address as Hex, message: { raw: '0xdeadbeef' }, signature: raw.signature })).toBe(true)
  })

  it('typedData (EIP-712), verified with viem', async () => {
    const typedData = {
      domain: { name: 'Shop', version: '1', chainId: 1, verifyingContract: '0x00000000000000000000000000000000000000aa' },
      types: {
        Order: [
          { name: 'amount', type: 'uint256' },
          { name: 'buyer', type: 'address' },
        ],
      },
      primaryType: 'Order',
      message: { amount: '1000000000000000000000', buyer: evm.address },
    } as const
    const { signature } = (await sign('typedData', typedData)) as { signature: Hex }
    expect(await verifyTypedData({ ...typedData, message: { ...typedData.message, amount: 10n ** 21n, buyer: evm.address as Hex }, address: evm.address as Hex, signature })).toBe(true)
  })

  it('transaction: EIP-1559 and legacy, signed by the wallet and hashed', async () => {
    const to = '0x00000000000000000000000000000000000000bb'
    const signed = (await sign('transaction', {
      chainId: 1,
      nonce: '0x7',
      gas: '21000',
      to,
      value: '0xde0b6b3a7640000',
      maxFeePerGas: '0x3b9aca00',
      maxPriorityFeePerGas: '0x1',
      from: evm.address,
    })) as { signedTransaction: Hex; hash: Hex }
    expect(signed.hash).toBe(keccak256(signed.signedTransaction))
    expect(parseTransaction(signed.signedTransaction)).toMatchObject({ type: 'eip1559', chainId: 1, nonce: 7, gas: 21000n, to, value: 10n ** 18n, maxFeePerGas: 10n ** 9n })
    expect(await recoverTransactionAddress({ serializedTransaction: signed.signedTransaction as never })).toBe(evm.address)

    const legacy = ((await sign('transaction', { chainId: 31337, nonce: 0, gas: 50000, to, gasPrice: '1000', data: '0x1234' })) as { signedTransaction: Hex }).signedTransaction
    expect(parseTransaction(legacy)).toMatchObject({ type: 'legacy', chainId: 31337, data: '0x1234', gasPrice: 1000n })
    expect(await recoverTransactionAddress({ serializedTransaction: legacy as never })).toBe(evm.address)
  })

  it('solana_signMessage and solana_signTransaction, verified with node:crypto’s ed25519', async () => {
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(getBase58Encoder().encode(sol.address)).toString('base64url') }, format: 'jwk' })
    const verify = (message: Uint8Array, signature: string) => ed25519Verify(null, message, publicKey, Buffer.from(getBase58Encoder().encode(signature)))
    const message = new TextEncoder().encode('Sign in to shop.example')
    expect(verify(message, ((await sign('solana_signMessage', { message: base64(message) })) as { signature: string }).signature)).toBe(true)
    const transactionMessage = solanaMessage(sol.address)
    expect(verify(transactionMessage, ((await sign('solana_signTransaction', { message: base64(transactionMessage) })) as { signature: string }).signature)).toBe(true)

    // A transaction for this wallet is never signed as a "message".
    await expect(sign('solana_signMessage', { message: base64(transactionMessage) })).rejects.toMatchObject({ code: 'INVALID_PAYLOAD' })
    const otherSigner = solanaMessage(getBase58Decoder().decode(new Uint8Array(32).fill(7)))
    await expect(sign('solana_signTransaction', { message: base64(otherSigner) })).rejects.toMatchObject({
      code: 'INVALID_PAYLOAD',
      message: `payload.message does not list this wallet (${sol.address}) among its signers`,
    })
  })

  it.each([
    ['personal_sign', { message: 42 }, 'payload.message must be a string (0x-hex bytes, or text)'],
    ['personal_sign', { message: 'hi', address: '0x0000000000000000000000000000000000000001' }, "payload.address must be this wallet's address"],
    ['personal_sign', { message: '0x' + 'ab'.repeat(32 * 1024 + 1) }, 'payload.message is longer than 32768 bytes'],
    ['typedData', { types: {}, primaryType: 'Missing', message: {} }, "payload.types has no 'Missing' (the primaryType)"],
    ['typedData', { types: { A: [{ name: 'x', type: 'uint256' }] }, primaryType: 'A', message: { x: 'not a number' } }, 'payload is not valid EIP-712 typed data'],
    ['transaction', { chainId: 1, nonce: 0, gas: 21000 }, 'payload.gasPrice or payload.maxFeePerGas is required'],
    ['transaction', { chainId: 1, nonce: 0, gas: '-1', gasPrice: 1 }, 'payload.gas must be a quantity'],
    ['transaction', { chainId: 1, nonce: 0, gas: 1, gasPrice: 1, blobVersionedHashes: [] }, 'payload.blobVersionedHashes is not supported'],
    ['transaction', { chainId: 0, nonce: 0, gas: 1, gasPrice: 1 }, 'payload.chainId must be a positive integer'],
    ['transaction', { chainId: 1, nonce: 0, gas: 1, gasPrice: 1, to: 'bob' }, 'payload.to must be an address'],
    ['solana_signMessage', { message: 'not base64!' }, 'payload.message must be non-empty base64'],
    ['solana_signTransaction', { message: 'aGVsbG8=' }, 'payload.message must be a serialized Solana transaction message'],
  ] as Array<[SignKind, unknown, string]>)('%s refuses bad payload #%# with a typed INVALID_PAYLOAD: %j', async (kind, payload, message) => {
    const refusal = await sign(kind, payload).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ReplyError)
    expect(refusal).toMatchObject({ code: 'INVALID_PAYLOAD', message: expect.stringContaining(message) })
  })
})
