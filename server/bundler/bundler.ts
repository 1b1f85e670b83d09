/**
 * A development ERC-4337 bundler for one local chain: answers the bundler JSON-RPC
 * methods (ERC-7769) that the modal's bundler client and viem's bundler client use,
 * against EntryPoint v0.7 at its canonical address (dev/chain/accountAbstraction.ts).
 *
 * - Estimation runs the operation through EntryPointSimulations (the EntryPoint
 *   package's simulation contract, put at the EntryPoint's address by an eth_call
 *   state override), so the gas limits are measured, not guessed.
 * - Sending simulates `handleOps` from the bundler's key (a validation failure, e.g.
 *   a bad signature, is refused with the EntryPoint's reason), then submits it: one
 *   operation per bundle, one bundle at a time.
 * - Receipts and lookups read the EntryPoint's UserOperationEvent logs from the chain.
 */
import {
  type Address,
  BaseError,
  type Hex,
  type Log,
  type PublicClient,
  type RpcTransactionReceipt,
  type StateOverride,
  ContractFunctionRevertedError,
  createWalletClient,
  decodeErrorResult,
  decodeEventLog,
  decodeFunctionData,
  decodeFunctionResult,
  encodeEventTopics,
  encodeFunctionData,
  getAddress,
  http,
  isAddress,
  isHex,
  maxUint256,
  numberToHex,
  size,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  type RpcUserOperation,
  type UserOperation,
  entryPoint07Abi,
  entryPoint07Address,
  formatUserOperation,
  formatUserOperationRequest,
  getUserOperationHash,
  toPackedUserOperation,
} from 'viem/account-abstraction'
import { entryPointSimulationsAbi, entryPointSimulationsDeployedBytecode } from './contracts/EntryPointSimulations.artifact'

/** ERC-7769 error codes (and the JSON-RPC ones) the bundler answers with. */
export const BundlerErrorCode = {
  invalidParams: -32602,
  methodNotFound: -32601,
  internal: -32603,
  /** Rejected by the EntryPoint or the account during validation (AAxx). */
  rejectedByEntryPoint: -32500,
  /** The signature does not match the account's owner (AA24). */
  invalidSignature: -32507,
  /** The operation's execution reverts (during estimation). */
  executionReverted: -32521,
} as const

/** A JSON-RPC error the bundler answers with: `{ code, message, data? }`. */
export class BundlerRpcError extends Error {
  override name = 'BundlerRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export interface BundlerOptions {
  /** The chain's public client (its `chain.id` is the chain id answered). */
  client: PublicClient
  /** The chain's RPC URL, for the wallet client that submits bundles. */
  rpcUrl: string
  /** Signs and pays for `handleOps`; the fees the operations pay go back to it. */
  bundlerKey: Hex
  /** How far back receipt lookups search for operations this process did not submit. Default 10,000 blocks. */
  lookbackBlocks?: bigint
}

export interface Bundler {
  readonly chainId: number
  readonly address: Address
  /** Answers one JSON-RPC method; throws BundlerRpcError. */
  request(method: string, params: unknown): Promise<unknown>
}

/** Validation gas allowed while estimating (a first deployment of the account included). */
const ESTIMATE_VERIFICATION_GAS = 3_000_000n
/** Execution gas allowed while estimating. */
const ESTIMATE_CALL_GAS = 10_000_000n
/** Fixed per-bundle cost outside what the EntryPoint measures (loop, events, beneficiary payment). */
const BUNDLE_OVERHEAD_GAS = 25_000n
const PENALTY_PERCENT = 10n

/**
 * @example
 * const bundler = createBundler({ client, rpcUrl: 'http://127.0.0.1:8545', bundlerKey })
 * await bundler.request('eth_supportedEntryPoints', []) // ['0x0000000071727De22E5E9d8BAf0edAc6f37da032']
 */
export function createBundler(options: BundlerOptions): Bundler {
  const { client } = options
  const chain = client.chain
  if (chain === undefined) throw new Error('createBundler needs a client with a chain')
  const account = privateKeyToAccount(options.bundlerKey)
  const wallet = createWalletClient({ account, chain, transport: http(options.rpcUrl) })
  const lookbackBlocks = options.lookbackBlocks ?? 10_000n
  /** userOpHash → transaction hash of the bundles this process sent. */
  const submitted = new Map<Hex, Hex>()
  let queue: Promise<unknown> = Promise.resolve()

  async function request(method: string, params: unknown): Promise<unknown> {
    const list = Array.isArray(params) ? params : params === undefined ? [] : undefined
    if (list === undefined) throw new BundlerRpcError(BundlerErrorCode.invalidParams, 'params must be an array')
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chain!.id)
      case 'eth_supportedEntryPoints':
        return [entryPoint07Address]
      case 'eth_estimateUserOperationGas':
        return estimate(readUserOperation(list[0]), readEntryPoint(list[1]))
      case 'eth_sendUserOperation': {
        const userOperation = readUserOperation(list[0])
        readEntryPoint(list[1])
        const run = queue.then(() => send(userOperation))
        queue = run.catch(() => undefined)
        return run
      }
      case 'eth_getUserOperationReceipt':
        return receipt(readHash(list[0]))
      case 'eth_getUserOperationByHash':
        return byHash(readHash(list[0]))
      default:
        throw new BundlerRpcError(BundlerErrorCode.methodNotFound, `The method ${method} is not supported by this bundler`)
    }
  }

  async function estimate(userOperation: UserOperation<'0.7'>, _entryPoint: Address) {
    const preVerificationGas = preVerificationGasOf(userOperation)
    // Gas price 1 wei (fee equals tip), so the simulation's `paid` is the gas it counted.
    const trial: UserOperation<'0.7'> = {
      ...userOperation,
      verificationGasLimit: ESTIMATE_VERIFICATION_GAS,
      callGasLimit: ESTIMATE_CALL_GAS,
      preVerificationGas,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    }
    const prefund = ESTIMATE_VERIFICATION_GAS + ESTIMATE_CALL_GAS + preVerificationGas + (trial.paymasterVerificationGasLimit ?? 0n) + (trial.paymasterPostOpGasLimit ?? 0n)
    const balance = await client.getBalance({ address: trial.sender })
    const stateOverride: StateOverride = [
      { address: entryPoint07Address, code: entryPointSimulationsDeployedBytecode },
      { address: trial.sender, balance: balance + prefund },
    ]
    const data = encodeFunctionData({
      abi: entryPointSimulationsAbi,
      functionName: 'simulateHandleOp',
      args: [toPackedUserOperation(trial), '0x0000000000000000000000000000000000000000', '0x'],
    })
    let result: Hex
    try {
      result = (await client.call({ to: entryPoint07Address, data, stateOverride })).data ?? '0x'
    } catch (error) {
      throw rejection(error)
    }
    const { preOpGas, paid } = decodeFunctionResult({ abi: entryPointSimulationsAbi, functionName: 'simulateHandleOp', data: result })
    const validationGas = preOpGas - preVerificationGas
    // paid = preOpGas + used + 10 % of (limit - used): solve for the execution gas used.
    const executionGas = ((paid - preOpGas) * 100n - PENALTY_PERCENT * ESTIMATE_CALL_GAS) / (100n - PENALTY_PERCENT)
    return {
      preVerificationGas: toHex(preVerificationGas),
      verificationGasLimit: toHex((validationGas * 3n) / 2n + 20_000n),
      callGasLimit: toHex((executionGas * 6n) / 5n + 10_000n),
      paymasterVerificationGasLimit: toHex(0n),
      paymasterPostOpGasLimit: toHex(0n),
    }
  }

  async function send(userOperation: UserOperation<'0.7'>): Promise<Hex> {
    const block = await client.getBlock()
    if (block.baseFeePerGas !== null && userOperation.maxFeePerGas < block.baseFeePerGas) {
      throw new BundlerRpcError(BundlerErrorCode.invalidParams, `maxFeePerGas ${userOperation.maxFeePerGas} is below the base fee ${block.baseFeePerGas}`)
    }
    const hash = userOperationHash(userOperation)
    const args = [[toPackedUserOperation(userOperation)], account.address] as const
    try {
      // Runs validation with the real signature: a refusal reverts with FailedOp.
      await client.simulateContract({ account, address: entryPoint07Address, abi: entryPoint07Abi, functionName: 'handleOps', args })
    } catch (error) {
      throw rejection(error)
    }
    const transactionHash = await wallet.writeContract({ address: entryPoint07Address, abi: entryPoint07Abi, functionName: 'handleOps', args })
    submitted.set(hash, transactionHash)
    const mined = await client.waitForTransactionReceipt({ hash: transactionHash, pollingInterval: 100, timeout: 30_000 })
    if (mined.status !== 'success') throw new BundlerRpcError(BundlerErrorCode.internal, `The bundle ${transactionHash} reverted`)
    return hash
  }

  /** The UserOperationEvent of `hash`, from this process's bundles or the recent blocks. */
  async function findEvent(hash: Hex): Promise<Log | undefined> {
    const known = submitted.get(hash)
    if (known !== undefined) {
      const { logs } = await client.getTransactionReceipt({ hash: known })
      return logs.find((log) => isUserOperationEvent(log, hash))
    }
    const latest = await client.getBlockNumber()
    const logs = await client.getLogs({
      address: entryPoint07Address,
      event: userOperationEventAbi,
      args: { userOpHash: hash },
      fromBlock: latest > lookbackBlocks ? latest - lookbackBlocks : 0n,
      toBlock: latest,
    })
    return logs[0]
  }

  async function receipt(hash: Hex) {
    const event = await findEvent(hash)
    if (event?.transactionHash == null) return null
    const rpcReceipt = await client.request({ method: 'eth_getTransactionReceipt', params: [event.transactionHash] })
    if (rpcReceipt === null) return null
    const { args } = decodeEventLog({ abi: entryPoint07Abi, eventName: 'UserOperationEvent', data: event.data, topics: event.topics as [Hex, ...Hex[]] })
    const logs = operationLogs(rpcReceipt, hash)
    const reason = args.success ? undefined : revertReason(rpcReceipt, hash)
    return {
      userOpHash: hash,
      entryPoint: entryPoint07Address,
      sender: getAddress(args.sender),
      nonce: toHex(args.nonce),
      ...(args.paymaster === '0x0000000000000000000000000000000000000000' ? {} : { paymaster: getAddress(args.paymaster) }),
      actualGasCost: toHex(args.actualGasCost),
      actualGasUsed: toHex(args.actualGasUsed),
      success: args.success,
      ...(reason === undefined ? {} : { reason }),
      logs,
      receipt: rpcReceipt,
    }
  }

  async function byHash(hash: Hex) {
    const event = await findEvent(hash)
    if (event?.transactionHash == null) return null
    const transaction = await client.getTransaction({ hash: event.transactionHash })
    const { functionName, args } = decodeFunctionData({ abi: entryPoint07Abi, data: transaction.input })
    if (functionName !== 'handleOps') return null
    for (const packed of args[0]) {
      const userOperation = fromPacked(packed)
      if (userOperationHash(userOperation) === hash) {
        return {
          userOperation: formatUserOperationRequest(userOperation),
          entryPoint: entryPoint07Address,
          transactionHash: transaction.hash,
          blockHash: transaction.blockHash,
          blockNumber: transaction.blockNumber === null ? null : toHex(transaction.blockNumber),
        }
      }
    }
    return null
  }

  function userOperationHash(userOperation: UserOperation<'0.7'>): Hex {
    return getUserOperationHash({ chainId: chain!.id, entryPointAddress: entryPoint07Address, entryPointVersion: '0.7', userOperation })
  }

  return { chainId: chain.id, address: account.address, request }
}

const userOperationEventAbi = entryPoint07Abi.find((item) => item.type === 'event' && item.name === 'UserOperationEvent') as Extract<
  (typeof entryPoint07Abi)[number],
  { type: 'event'; name: 'UserOperationEvent' }
>

function isUserOperationEvent(log: { address: Address; topics: readonly Hex[] }, hash: Hex): boolean {
  return getAddress(log.address) === entryPoint07Address && log.topics[0] === userOperationEventTopic && log.topics[1]?.toLowerCase() === hash.toLowerCase()
}

const userOperationEventTopic = encodeEventTopics({ abi: entryPoint07Abi, eventName: 'UserOperationEvent' })[0]
const beforeExecutionTopic = encodeEventTopics({ abi: entryPoint07Abi, eventName: 'BeforeExecution' })[0]
const userOperationRevertReasonTopic = encodeEventTopics({ abi: entryPoint07Abi, eventName: 'UserOperationRevertReason' })[0]

/** The logs the operation's execution emitted: after BeforeExecution (or the previous operation's event) and before its own event. */
function operationLogs(receipt: RpcTransactionReceipt, hash: Hex) {
  const logs = receipt.logs
  const end = logs.findIndex((log) => isUserOperationEvent(log, hash))
  let start = 0
  for (let i = end - 1; i >= 0; i--) {
    const log = logs[i]!
    const topic = log.topics[0]
    if (getAddress(log.address) === entryPoint07Address && (topic === beforeExecutionTopic || topic === userOperationEventTopic)) {
      start = i + 1
      break
    }
  }
  return logs.slice(start, end).filter((log) => !(getAddress(log.address) === entryPoint07Address && log.topics[0] === userOperationRevertReasonTopic))
}

function revertReason(receipt: RpcTransactionReceipt, hash: Hex): string | undefined {
  const log = receipt.logs.find((l) => getAddress(l.address) === entryPoint07Address && l.topics[0] === userOperationRevertReasonTopic && l.topics[1]?.toLowerCase() === hash.toLowerCase())
  if (log === undefined) return undefined
  const { args } = decodeEventLog({ abi: entryPoint07Abi, eventName: 'UserOperationRevertReason', data: log.data, topics: log.topics as [Hex, ...Hex[]] })
  return args.revertReason
}

/** The EntryPoint's refusal (FailedOp / FailedOpWithRevert) as the ERC-7769 error. */
function rejection(error: unknown): BundlerRpcError {
  const data = revertData(error)
  if (data !== undefined && size(data) >= 4) {
    try {
      const decoded = decodeErrorResult({ abi: entryPoint07Abi, data })
      if (decoded.errorName === 'FailedOp' || decoded.errorName === 'FailedOpWithRevert') {
        const reason = decoded.args[1]
        const code = reason.startsWith('AA24') ? BundlerErrorCode.invalidSignature : BundlerErrorCode.rejectedByEntryPoint
        return new BundlerRpcError(code, reason, decoded.errorName === 'FailedOpWithRevert' ? { inner: decoded.args[2] } : undefined)
      }
    } catch {
      // Not an EntryPoint error: reported below with its data.
    }
  }
  const message = error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error)
  return new BundlerRpcError(BundlerErrorCode.executionReverted, message, data === undefined ? undefined : { revertData: data })
}

function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError)
  if (reverted instanceof ContractFunctionRevertedError && reverted.raw !== undefined) return reverted.raw
  const withData = error.walk((e) => typeof (e as { data?: unknown }).data === 'string' && isHex((e as { data: string }).data)) as { data?: Hex } | null
  return withData?.data
}

/** Intrinsic gas of a one-operation bundle (calldata priced as EIP-2028) plus the EntryPoint's unmetered overhead. */
function preVerificationGasOf(userOperation: UserOperation<'0.7'>): bigint {
  const calldata = encodeFunctionData({
    abi: entryPoint07Abi,
    functionName: 'handleOps',
    // A 65-byte signature stands in for the one still to come (estimation uses a stub of that length).
    args: [[toPackedUserOperation({ ...userOperation, signature: userOperation.signature.length > 2 ? userOperation.signature : `0x${'ff'.repeat(65)}` })], entryPoint07Address],
  })
  let cost = 21_000n + BUNDLE_OVERHEAD_GAS
  for (let i = 2; i < calldata.length; i += 2) cost += calldata.slice(i, i + 2) === '00' ? 4n : 16n
  return cost
}

function fromPacked(packed: {
  sender: Address
  nonce: bigint
  initCode: Hex
  callData: Hex
  accountGasLimits: Hex
  preVerificationGas: bigint
  gasFees: Hex
  paymasterAndData: Hex
  signature: Hex
}): UserOperation<'0.7'> {
  const high = (word: Hex) => BigInt(`0x${word.slice(2, 34)}`)
  const low = (word: Hex) => BigInt(`0x${word.slice(34, 66)}`)
  const hasFactory = size(packed.initCode) >= 20
  const hasPaymaster = size(packed.paymasterAndData) >= 52
  return {
    sender: getAddress(packed.sender),
    nonce: packed.nonce,
    ...(hasFactory ? { factory: getAddress(`0x${packed.initCode.slice(2, 42)}`), factoryData: `0x${packed.initCode.slice(42)}` as Hex } : {}),
    callData: packed.callData,
    verificationGasLimit: high(packed.accountGasLimits),
    callGasLimit: low(packed.accountGasLimits),
    preVerificationGas: packed.preVerificationGas,
    maxPriorityFeePerGas: high(packed.gasFees),
    maxFeePerGas: low(packed.gasFees),
    ...(hasPaymaster
      ? {
          paymaster: getAddress(`0x${packed.paymasterAndData.slice(2, 42)}`),
          paymasterVerificationGasLimit: BigInt(`0x${packed.paymasterAndData.slice(42, 74)}`),
          paymasterPostOpGasLimit: BigInt(`0x${packed.paymasterAndData.slice(74, 106)}`),
          paymasterData: `0x${packed.paymasterAndData.slice(106)}` as Hex,
        }
      : {}),
    signature: packed.signature,
  }
}

const hexField = (value: unknown): value is Hex => typeof value === 'string' && isHex(value)
const quantityField = (value: unknown): value is Hex => typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)

/** Checks a JSON-RPC user operation (v0.7 fields) and converts it; throws invalid params. */
function readUserOperation(value: unknown): UserOperation<'0.7'> {
  const invalid = (what: string) => new BundlerRpcError(BundlerErrorCode.invalidParams, `Invalid user operation: ${what}`)
  if (typeof value !== 'object' || value === null) throw invalid('an object is expected')
  const op = value as Record<string, unknown>
  if (typeof op.sender !== 'string' || !isAddress(op.sender, { strict: false })) throw invalid('sender must be an address')
  if (!quantityField(op.nonce)) throw invalid('nonce must be a hex quantity')
  if (!hexField(op.callData)) throw invalid('callData must be hex')
  if (op.signature !== undefined && !hexField(op.signature)) throw invalid('signature must be hex')
  if ((op.factory === undefined) !== (op.factoryData === undefined) && op.factory !== null) throw invalid('factory and factoryData go together')
  if (op.factory !== undefined && op.factory !== null && (typeof op.factory !== 'string' || !isAddress(op.factory, { strict: false }))) throw invalid('factory must be an address')
  if (op.factoryData !== undefined && op.factoryData !== null && !hexField(op.factoryData)) throw invalid('factoryData must be hex')
  if (op.paymaster !== undefined && op.paymaster !== null && (typeof op.paymaster !== 'string' || !isAddress(op.paymaster, { strict: false }))) throw invalid('paymaster must be an address')
  for (const field of ['callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'maxFeePerGas', 'maxPriorityFeePerGas', 'paymasterVerificationGasLimit', 'paymasterPostOpGasLimit'] as const) {
    if (op[field] !== undefined && op[field] !== null && !quantityField(op[field])) throw invalid(`${field} must be a hex quantity`)
  }
  if ('initCode' in op) throw invalid('initCode is an EntryPoint v0.6 field: send factory and factoryData (v0.7)')
  const userOperation = formatUserOperation({
    callGasLimit: '0x0',
    verificationGasLimit: '0x0',
    preVerificationGas: '0x0',
    maxFeePerGas: '0x0',
    maxPriorityFeePerGas: '0x0',
    signature: '0x',
    ...(Object.fromEntries(Object.entries(op).filter(([, v]) => v !== null)) as Partial<RpcUserOperation<'0.7'>>),
  } as RpcUserOperation<'0.7'>) as UserOperation<'0.7'>
  for (const field of ['callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    userOperation[field] ??= 0n
    if (userOperation[field] > maxUint128) throw invalid(`${field} does not fit 128 bits`)
  }
  userOperation.sender = getAddress(userOperation.sender)
  return userOperation
}

const maxUint128 = maxUint256 >> 128n

function readEntryPoint(value: unknown): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }) || getAddress(value) !== entryPoint07Address) {
    throw new BundlerRpcError(BundlerErrorCode.invalidParams, `Unsupported entry point: this bundler serves ${entryPoint07Address} (v0.7)`)
  }
  return entryPoint07Address
}

function readHash(value: unknown): Hex {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) throw new BundlerRpcError(BundlerErrorCode.invalidParams, 'userOpHash must be 32 bytes of hex')
  return value.toLowerCase() as Hex
}
