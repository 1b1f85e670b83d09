/**
 * A project's gas sponsorship policy (PORTICO_PROJECTS, `sponsorship`; docs/self-hosting.md
 * "Gas sponsorship"): which chains, which contracts and functions, and how much a user
 * and the whole project may cost a UTC day, in wei. The calls of a user operation are read
 * from its callData in the forms ERC-4337 accounts use: the Safe's (the embedded wallet's
 * account: `executeUserOp` through Safe's module, a batch as one delegate call to Safe's
 * MultiSendCallOnly), and `execute(address,uint256,bytes)`,
 * `executeBatch((address,uint256,bytes)[])`, `executeBatch(address[],uint256[],bytes[])`,
 * which SimpleAccount, Coinbase Smart Wallet and solady's account speak, so the policy does
 * not depend on which account sends. Calls in any other form (a delegate call anywhere
 * else among them) match only a policy of `"contracts": "all"`.
 */
import { decodeFunctionData, getAddress, hexToBigInt, hexToNumber, isAddress, isAddressEqual, isHex, parseAbi, size, slice, type Address, type Hex } from 'viem'
import { MULTI_SEND_CALL_ONLY_ADDRESS } from './accountFactory'

export interface SponsoredContract {
  address: Address
  /** 4-byte function selectors (`0x40c10f19`); undefined: every function, and plain transfers. */
  selectors?: readonly Hex[]
}

export interface SponsorshipPolicy {
  /** CAIP-2 ids (`eip155:1`), or every chain the server serves. */
  chains: readonly string[] | 'all'
  contracts: readonly SponsoredContract[] | 'all'
  /** Wei one user's sponsorships may cost a UTC day, at their most possible cost. */
  perUserPerDayWei: bigint
  /** Wei the project's sponsorships may cost a UTC day. */
  perProjectPerDayWei: bigint
  /** How many operations one user may have sponsored a UTC day, besides the wei cap; no count cap when undefined. */
  perUserPerDayOperations?: number
  /**
   * Whether dapps' own ERC-7677 clients may use `/v1/paymaster` (no session: a user's cap
   * is then the sending account's). Default false: only the embedded wallet, with a session.
   */
  publicEndpoint?: boolean
}

/** Why a sponsorship is refused; the message is what the wallet and the dapp see. */
export type SponsorshipRefusalCode = 'SPONSORSHIP_NOT_ON_CHAIN' | 'SPONSORSHIP_CONTRACT_NOT_SPONSORED' | 'SPONSORSHIP_DAILY_LIMIT' | 'SPONSORSHIP_OFF'

export interface SponsorshipRefusal {
  code: SponsorshipRefusalCode
  message: string
}

/** One call of a user operation. `selector` is '0x' for a call without data (a transfer). */
export interface OperationCall {
  to: Address
  selector: Hex
}

const accountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  'function executeBatch(address[] targets, uint256[] values, bytes[] datas)',
  // Safe4337Module: operation 0 is a call, 1 a delegate call.
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
])

const multiSendAbi = parseAbi(['function multiSend(bytes transactions)'])

const selectorOf = (data: Hex): Hex => (data.length >= 10 ? slice(data, 0, 4) : '0x')

/**
 * The calls in Safe's `multiSend(bytes)`: each packed as operation (1 byte, 0: call),
 * to (20), value (32), data length (32), data. Undefined when malformed or not all calls.
 */
function multiSendCalls(data: Hex): OperationCall[] | undefined {
  let packed: Hex
  try {
    packed = decodeFunctionData({ abi: multiSendAbi, data }).args[0]
  } catch {
    return undefined
  }
  const calls: OperationCall[] = []
  const end = size(packed)
  for (let at = 0; at < end;) {
    if (end - at < 85 || hexToNumber(slice(packed, at, at + 1)) !== 0) return undefined
    const to = getAddress(slice(packed, at + 1, at + 21))
    const length = hexToBigInt(slice(packed, at + 53, at + 85))
    if (length > BigInt(end - at - 85)) return undefined
    const callData = length === 0n ? '0x' : slice(packed, at + 85, at + 85 + Number(length))
    calls.push({ to, selector: selectorOf(callData) })
    at += 85 + Number(length)
  }
  return calls
}

/**
 * The calls a user operation's callData makes, or undefined when it is in no form read here.
 *
 * @example
 * operationCalls(encodeFunctionData({ abi, functionName: 'execute', args: [nft, 0n, mintData] })) // [{ to: nft, selector: '0x40c10f19' }]
 */
export function operationCalls(callData: Hex): OperationCall[] | undefined {
  let decoded
  try {
    decoded = decodeFunctionData({ abi: accountAbi, data: callData })
  } catch {
    return undefined
  }
  if (decoded.functionName === 'execute') {
    const [to, , data] = decoded.args
    return [{ to, selector: selectorOf(data) }]
  }
  if (decoded.functionName === 'executeUserOp' || decoded.functionName === 'executeUserOpWithErrorString') {
    const [to, , data, operation] = decoded.args
    if (operation === 0) return [{ to, selector: selectorOf(data) }]
    // A delegate call runs another contract's code as the Safe: only MultiSendCallOnly's, which makes plain calls.
    return operation === 1 && isAddressEqual(to, MULTI_SEND_CALL_ONLY_ADDRESS) ? multiSendCalls(data) : undefined
  }
  const args = decoded.args as readonly unknown[]
  if (args.length === 1) return (args[0] as readonly { target: Address; data: Hex }[]).map((call) => ({ to: call.target, selector: selectorOf(call.data) }))
  const [targets, , datas] = args as [readonly Address[], readonly bigint[], readonly Hex[]]
  // SimpleAccount lets `datas` be empty for value-only batches.
  return targets.map((to, i) => ({ to, selector: selectorOf(datas[i] ?? '0x') }))
}

/**
 * Why the policy does not cover a user operation's calls on a chain, or undefined when it does.
 *
 * @example
 * policyRefusal(policy, 'eip155:10', callData) // { code: 'SPONSORSHIP_NOT_ON_CHAIN', message: 'Gas is not sponsored on eip155:10 for this dapp' }
 */
export function policyRefusal(policy: SponsorshipPolicy | undefined, chainId: string, callData: Hex): SponsorshipRefusal | undefined {
  if (policy === undefined) return { code: 'SPONSORSHIP_OFF', message: 'This dapp does not sponsor gas' }
  if (policy.chains !== 'all' && !policy.chains.includes(chainId)) return { code: 'SPONSORSHIP_NOT_ON_CHAIN', message: `Gas is not sponsored on ${chainId} for this dapp` }
  if (policy.contracts === 'all') return undefined
  const calls = operationCalls(callData)
  if (calls === undefined) {
    return { code: 'SPONSORSHIP_CONTRACT_NOT_SPONSORED', message: "This contract is not sponsored: the account's calls could not be read to match them to the dapp's sponsored contracts" }
  }
  for (const call of calls) {
    const contract = policy.contracts.find((candidate) => candidate.address.toLowerCase() === call.to.toLowerCase())
    if (contract === undefined) return { code: 'SPONSORSHIP_CONTRACT_NOT_SPONSORED', message: `This contract is not sponsored: ${call.to}` }
    if (contract.selectors !== undefined && !contract.selectors.some((selector) => selector.toLowerCase() === call.selector.toLowerCase())) {
      const what = call.selector === '0x' ? 'a plain transfer' : `function ${call.selector}`
      return { code: 'SPONSORSHIP_CONTRACT_NOT_SPONSORED', message: `This contract is not sponsored: ${call.to} (${what})` }
    }
  }
  return undefined
}

/**
 * The development project's policy: every chain and call, 0.05 ETH a user and 5 ETH the
 * project a day, and the public endpoint on, for the demo's own ERC-7677 client.
 */
export const DEV_SPONSORSHIP_POLICY: SponsorshipPolicy = {
  chains: 'all',
  contracts: 'all',
  perUserPerDayWei: 50_000_000_000_000_000n,
  perProjectPerDayWei: 5_000_000_000_000_000_000n,
  publicEndpoint: true,
}

/**
 * Reads a project's `sponsorship` from its JSON; throws a sentence naming the field.
 *
 * @example
 * parseSponsorshipPolicy({ chains: ['eip155:1'], contracts: 'all', perUserPerDayWei: '10000000000000000', perProjectPerDayWei: '1000000000000000000' })
 */
export function parseSponsorshipPolicy(value: unknown): SponsorshipPolicy {
  const input = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined) as Record<string, unknown> | undefined
  if (input === undefined) throw new Error('sponsorship must be an object { chains, contracts, perUserPerDayWei, perProjectPerDayWei }')
  const known = ['chains', 'contracts', 'perUserPerDayWei', 'perProjectPerDayWei', 'perUserPerDayOperations', 'publicEndpoint']
  const unknown = Object.keys(input).filter((key) => !known.includes(key))
  if (unknown.length > 0) throw new Error(`sponsorship has unknown field ${unknown[0]}`)
  const { chains, contracts } = input
  if (chains !== 'all' && (!Array.isArray(chains) || chains.some((chain) => typeof chain !== 'string' || !/^eip155:[0-9]{1,20}$/.test(chain)))) {
    throw new Error('sponsorship.chains must be "all" or a list of CAIP-2 ids such as "eip155:1"')
  }
  let parsedContracts: SponsoredContract[] | 'all'
  if (contracts === 'all') parsedContracts = 'all'
  else if (Array.isArray(contracts)) {
    parsedContracts = contracts.map((contract: unknown, i) => {
      const entry = (typeof contract === 'object' && contract !== null ? contract : {}) as { address?: unknown; selectors?: unknown }
      if (typeof entry.address !== 'string' || !isAddress(entry.address, { strict: false })) throw new Error(`sponsorship.contracts[${i}].address must be a 0x-prefixed 20-byte address`)
      if (entry.selectors === undefined) return { address: entry.address }
      if (!Array.isArray(entry.selectors) || entry.selectors.some((selector) => typeof selector !== 'string' || !isHex(selector) || selector.length !== 10)) {
        throw new Error(`sponsorship.contracts[${i}].selectors must be a list of 4-byte function selectors such as "0x40c10f19"`)
      }
      return { address: entry.address, selectors: entry.selectors as Hex[] }
    })
  } else throw new Error('sponsorship.contracts must be "all" or a list of { address, selectors? }')
  const wei = (field: 'perUserPerDayWei' | 'perProjectPerDayWei') => {
    const amount = input[field]
    if (typeof amount !== 'string' || !/^[0-9]{1,78}$/.test(amount)) throw new Error(`sponsorship.${field} must be an amount of wei as a decimal string, such as "10000000000000000"`)
    return BigInt(amount)
  }
  if (input.publicEndpoint !== undefined && typeof input.publicEndpoint !== 'boolean') throw new Error('sponsorship.publicEndpoint must be true or false')
  const operations = input.perUserPerDayOperations
  if (operations !== undefined && (typeof operations !== 'number' || !Number.isSafeInteger(operations) || operations < 1)) {
    throw new Error('sponsorship.perUserPerDayOperations must be a whole number of operations, 1 or more')
  }
  return {
    chains: chains === 'all' ? 'all' : (chains as string[]),
    contracts: parsedContracts,
    perUserPerDayWei: wei('perUserPerDayWei'),
    perProjectPerDayWei: wei('perProjectPerDayWei'),
    ...(operations === undefined ? {} : { perUserPerDayOperations: operations }),
    ...(input.publicEndpoint === undefined ? {} : { publicEndpoint: input.publicEndpoint }),
  }
}
