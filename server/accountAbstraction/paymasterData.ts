/**
 * The `paymasterData` of eth-infinitism's VerifyingPaymaster (EntryPoint v0.7): the
 * validity window `abi.encode(uint48 validUntil, uint48 validAfter)` followed by the
 * sponsor's EIP-191 signature over the paymaster's own hash of the user operation
 * (`VerifyingPaymaster.getHash`), which covers every field but the signatures, the
 * chain and the paymaster's address. Nothing here depends on which ERC-4337 v0.7
 * account sends the operation.
 */
import { concat, encodeAbiParameters, keccak256, pad, toHex, type Address, type Hex, type LocalAccount } from 'viem'

/** A v0.7 user operation as ERC-4337 JSON-RPC carries it (numbers as bigint once parsed). */
export interface UserOperationFields {
  sender: Address
  nonce: bigint
  factory?: Address | undefined
  factoryData?: Hex | undefined
  callData: Hex
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

/**
 * What a stub carries in place of the signature: 65 bytes that recover to some address
 * (r is the secp256k1 generator's x, s = 1, v = 27), so the paymaster's validation runs
 * its whole course while gas is estimated and answers "signature failed" instead of
 * reverting (OpenZeppelin's ECDSA reverts on an r or s it cannot use).
 */
export const STUB_SIGNATURE: Hex = `0x${'79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'}${'00'.repeat(31)}011b`

/** Gas the VerifyingPaymaster's validation needs at most (hashing the operation, one ecrecover), with room. */
export const PAYMASTER_VERIFICATION_GAS_LIMIT = 60_000n
/** It has no postOp: it returns an empty context, so the EntryPoint never calls one. */
export const PAYMASTER_POST_OP_GAS_LIMIT = 0n

const packUint128 = (high: bigint, low: bigint): Hex => concat([pad(toHex(high), { size: 16 }), pad(toHex(low), { size: 16 })])

/**
 * `VerifyingPaymaster.getHash(userOp, validUntil, validAfter)`, computed off chain.
 *
 * @example
 * verifyingPaymasterHash(op, { chainId: 1, paymaster, validUntil: 1_800_000_000, validAfter: 0 })
 */
export function verifyingPaymasterHash(op: UserOperationFields, where: { chainId: number; paymaster: Address; validUntil: number; validAfter: number }): Hex {
  const initCode = op.factory === undefined ? '0x' : concat([op.factory, op.factoryData ?? '0x'])
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender,
        op.nonce,
        keccak256(initCode),
        keccak256(op.callData),
        packUint128(op.verificationGasLimit, op.callGasLimit),
        BigInt(packUint128(op.paymasterVerificationGasLimit, op.paymasterPostOpGasLimit)),
        op.preVerificationGas,
        packUint128(op.maxPriorityFeePerGas, op.maxFeePerGas),
        BigInt(where.chainId),
        where.paymaster,
        where.validUntil,
        where.validAfter,
      ],
    ),
  )
}

const windowOf = (validUntil: number, validAfter: number): Hex => encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])

/** The stub's paymasterData: the window and a signature of the right length that verifies nothing. */
export function stubPaymasterData(validUntil: number, validAfter: number): Hex {
  return concat([windowOf(validUntil, validAfter), STUB_SIGNATURE])
}

/**
 * The signed paymasterData: the sponsor signs (EIP-191) the paymaster's hash of `op` for
 * the window `[validAfter, validUntil]` (Unix seconds).
 *
 * @example
 * const paymasterData = await signPaymasterData(op, { chainId: 1, paymaster, validUntil, validAfter: 0, signer })
 */
export async function signPaymasterData(op: UserOperationFields, where: { chainId: number; paymaster: Address; validUntil: number; validAfter: number; signer: LocalAccount }): Promise<Hex> {
  const hash = verifyingPaymasterHash(op, where)
  const signature = await where.signer.signMessage({ message: { raw: hash } })
  return concat([windowOf(where.validUntil, where.validAfter), signature])
}

/**
 * The most the EntryPoint can charge the paymaster for `op` (its required prefund):
 * every gas limit at `maxFeePerGas`.
 */
export function maxOperationCost(op: UserOperationFields): bigint {
  return (op.verificationGasLimit + op.callGasLimit + op.paymasterVerificationGasLimit + op.paymasterPostOpGasLimit + op.preVerificationGas) * op.maxFeePerGas
}
