/**
 * Thousands of payloads of every signing kind (fast-check), valid and not, at the
 * frame's signer with a real key: each is signed or refused with a typed
 * INVALID_PAYLOAD, never anything else (a crash, a library error passed through).
 */
import fc from 'fast-check'
import { getBase58Encoder } from '@solana/kit'
import { ReplyError } from '../replyError'
import { generateWalletSecret } from './keys'
import { SIGN_KINDS, signPayload } from './signPayload'

describe('the frame signer under fuzzing', () => {
  it('signs or refuses with INVALID_PAYLOAD any payload of every kind', async () => {
    const evm = generateWalletSecret('eip155')
    const sol = generateWalletSecret('solana')
    const outcomes = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SIGN_KINDS), signPayloads(sol.address), async (kind, payload) => {
        const wallet = kind.startsWith('solana_') ? sol : evm
        let outcome = 'signed'
        try {
          await signPayload(kind, JSON.parse(JSON.stringify(payload)), wallet.secret, wallet.address)
        } catch (error) {
          if (!(error instanceof ReplyError) || error.code !== 'INVALID_PAYLOAD') throw error
          expect(error.message).toMatch(/^payload/)
          outcome = 'refused'
        }
        outcomes.set(`${kind} ${outcome}`, (outcomes.get(`${kind} ${outcome}`) ?? 0) + 1)
      }),
      { numRuns: 1_500, seed: 20_302, endOnFailure: true },
    )
    // The generators reach the signers, not only the checks in front of them.
    expect([...outcomes.keys()].filter((key) => key.endsWith(' signed')).length).toBe(SIGN_KINDS.length)
  }, 120_000)
})

const quantityLike = fc.oneof(
  fc.bigInt({ min: 0n, max: 2n ** 257n }).map((value) => `0x${value.toString(16)}`),
  fc.bigInt({ min: 0n, max: 2n ** 80n }).map((value) => value.toString()),
  fc.integer({ min: -5, max: 2 ** 31 }),
  fc.double(),
  fc.constantFrom('0x', '', '-1', '1e18', '0x-1', null),
)
const hexLike = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
  fc.string({ maxLength: 20 }),
)
const addressLike = fc.oneof(
  fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
  fc.constant(null),
  fc.string({ maxLength: 42 }),
)
const typeName = fc.constantFrom('uint256', 'uint8', 'int256', 'address', 'string', 'bytes', 'bytes32', 'bool', 'A', 'B', 'A[]', 'uint8[2]', 'bytes33', 'uint7', 'Nope')

const hex = (value: bigint) => `0x${value.toString(16)}`
const validAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`)
const plausibleTransaction = fc.oneof(
  fc.record({
    chainId: fc.integer({ min: 1, max: 100_000 }),
    nonce: fc.nat(),
    gas: fc.bigInt({ min: 21_000n, max: 10n ** 7n }).map(hex),
    to: validAddress,
    value: fc.bigInt({ min: 0n, max: 10n ** 24n }).map(hex),
    data: fc.uint8Array({ maxLength: 64 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
    maxFeePerGas: fc.bigInt({ min: 1n, max: 10n ** 12n }).map(hex),
    maxPriorityFeePerGas: fc.bigInt({ min: 0n, max: 10n ** 12n }).map(hex),
  }),
  fc.record(
    {
      chainId: fc.integer({ min: 1, max: 100_000 }).map(String),
      nonce: fc.nat().map(String),
      gas: fc.bigInt({ min: 21_000n, max: 10n ** 7n }).map(String),
      to: fc.option(validAddress),
      gasPrice: fc.bigInt({ min: 1n, max: 10n ** 12n }).map(String),
      accessList: fc.array(
        fc.record({
          address: validAddress,
          storageKeys: fc.array(
            fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`),
            { maxLength: 2 },
          ),
        }),
        { maxLength: 2 },
      ),
    },
    { requiredKeys: ['chainId', 'nonce', 'gas', 'gasPrice'] },
  ),
)

/** Serialized Solana transaction messages (legacy and v0) that list `signer` among their signers, somewhere. */
const solanaTransactionMessage = (signer: string) =>
  fc
    .record({
      version: fc.boolean(),
      required: fc.integer({ min: 1, max: 3 }),
      extra: fc.integer({ min: 0, max: 3 }),
      position: fc.nat(),
      keys: fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { minLength: 6, maxLength: 6 }),
      blockhash: fc.uint8Array({ minLength: 32, maxLength: 32 }),
      tail: fc.uint8Array({ maxLength: 50 }),
    })
    .map(({ version, required, extra, position, keys, blockhash, tail }) => {
      const accounts = keys.slice(0, required + extra).map((key) => Buffer.from(key))
      accounts[position % required] = Buffer.from(getBase58Encoder().encode(signer))
      const bytes = Buffer.concat([Buffer.from(version ? [0x80] : []), Buffer.from([required, 0, 1, accounts.length]), ...accounts, Buffer.from(blockhash), Buffer.from(tail)])
      return { message: bytes.toString('base64') }
    })

const signPayloads = (solanaAddress: string) =>
  fc.oneof(
    plausibleTransaction,
    solanaTransactionMessage(solanaAddress),
    fc.jsonValue({ maxDepth: 3 }),
    fc.record({ message: fc.oneof(fc.string({ maxLength: 100 }), hexLike, fc.jsonValue({ maxDepth: 1 })), address: addressLike }, { requiredKeys: [] }),
    fc.record(
      {
        domain: fc.record({ name: fc.string({ maxLength: 10 }), version: fc.string({ maxLength: 3 }), chainId: quantityLike, verifyingContract: addressLike, salt: hexLike }, { requiredKeys: [] }),
        types: fc.dictionary(fc.constantFrom('A', 'B', 'EIP712Domain'), fc.array(fc.record({ name: fc.constantFrom('a', 'b', 'c'), type: typeName }), { maxLength: 4 })),
        primaryType: fc.constantFrom('A', 'B', 'EIP712Domain', 'Missing'),
        message: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof(quantityLike, hexLike, addressLike, fc.boolean(), fc.array(quantityLike, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 }))),
      },
      { requiredKeys: ['types', 'primaryType', 'message'] },
    ),
    fc.record(
      {
        chainId: quantityLike,
        nonce: quantityLike,
        gas: quantityLike,
        to: addressLike,
        value: quantityLike,
        data: hexLike,
        gasPrice: quantityLike,
        maxFeePerGas: quantityLike,
        maxPriorityFeePerGas: quantityLike,
        type: fc.constantFrom('legacy', 'eip1559', 'eip2930', '0x2', 'eip4844', 7),
        accessList: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.array(fc.record({ address: addressLike, storageKeys: fc.array(hexLike, { maxLength: 2 }) }), { maxLength: 2 })),
      },
      { requiredKeys: [] },
    ),
    fc.record({
      message: fc.oneof(
        fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('base64')),
        fc.string({ maxLength: 40 }),
      ),
    }),
  )
