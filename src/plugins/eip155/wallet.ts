// The wallet operations of the eip155 connectors capability. Loaded on first use (it
// brings viem), never at plugin creation.
import { createPublicClient, custom, encodeFunctionData, erc20Abi, getAddress, numberToHex, stringToHex, type Address, type Hex } from 'viem'
import { ConnectorNotFoundError, PorticoError, SwitchChainNotSupportedError, ValidationError, toRpcError, type ValidationIssue } from '../../errors'
import { toNodeError } from '../../errors/toNodeError'
import type { CaipNetwork } from '../../types/network'
import { isTransactionHash } from '../../validation/transactionHash'
import type { CallsStatus, ConnectedAccount, ContractCallParameters, SendCallsParameters, SendCallsResult, SendParameters, TransactionOutcome, WalletCapabilities } from '../types'
import { isEvmAddress } from './address'
import { ChainMismatchError } from './errors'
import { publicClientFor } from './publicClient'
import type { ConnectorEntry, Eip1193Provider, Eip155Runtime } from './runtime'
import { validateCapabilitiesAddress, validateSendCalls } from './sendCalls'
import { parseChainId, toCaipNetworkId } from './watch'
import { ProviderRpcCode } from '../../errors/rpcCodes'

// The wallets core builds over a WalletConnect session and the embedded wallet's frame
// load with the rest of the wallet code (capabilities.ts).
export { createWalletConnectProvider } from './walletConnectProvider'
export { createFrameProvider } from './frameProvider'

/** Codes with which wallets say "I do not have that method". */
const METHOD_UNSUPPORTED = new Set<number>([ProviderRpcCode.UnsupportedMethod, ProviderRpcCode.MethodNotFound, ProviderRpcCode.MethodNotSupported])

type ConnectorParameters = { connectorId: string }

function entryOf(runtime: Eip155Runtime, connectorId: string): ConnectorEntry {
  const entry = runtime.connectors.get(connectorId)
  if (!entry) throw new ConnectorNotFoundError({ metaMessages: [`Connector: ${connectorId}`] })
  return entry
}

function request(provider: Eip1193Provider, method: string, params?: readonly unknown[]): Promise<unknown> {
  return provider.request(params === undefined ? { method } : { method, params })
}

/** EIP-55 checksummed addresses; a value that is not an address is kept as the wallet sent it. */
export async function normalizeAccounts(accounts: readonly string[]): Promise<readonly string[]> {
  return accounts.map((account) => (isEvmAddress(account) ? getAddress(account.startsWith('0x') ? account : `0x${account}`) : account))
}

async function accountFrom(provider: Eip1193Provider, accounts: unknown): Promise<ConnectedAccount | null> {
  const list = Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string') : []
  if (list.length === 0) return null
  const caipNetworkId = toCaipNetworkId(await request(provider, 'eth_chainId'))
  if (!caipNetworkId) throw new PorticoError('The wallet answered eth_chainId with something that is not a chain id.')
  const normalized = await normalizeAccounts(list)
  return { address: normalized[0]!, accounts: normalized.map((address) => ({ address })), caipNetworkId }
}

/** Asks the wallet for its accounts (`eth_requestAccounts`, which prompts) and its chain. */
export async function connect(runtime: Eip155Runtime, { connectorId }: ConnectorParameters & { network: CaipNetwork }): Promise<ConnectedAccount> {
  const { provider } = entryOf(runtime, connectorId)
  try {
    const account = await accountFrom(provider, await request(provider, 'eth_requestAccounts'))
    if (!account) throw new PorticoError('The wallet connected without sharing an account.', { code: ProviderRpcCode.Unauthorized })
    return account
  } catch (error) {
    throw toRpcError(error)
  }
}

/**
 * Restores an earlier connection without a prompt: `eth_accounts` lists the accounts the
 * wallet still authorises for this page, empty when it no longer does.
 */
export async function reconnect(runtime: Eip155Runtime, { connectorId }: ConnectorParameters & { network: CaipNetwork }): Promise<ConnectedAccount | null> {
  const entry = runtime.connectors.get(connectorId)
  if (!entry) return null
  try {
    return await accountFrom(entry.provider, await request(entry.provider, 'eth_accounts'))
  } catch (error) {
    throw toRpcError(error)
  }
}

/**
 * Revokes the page's account permission (`wallet_revokePermissions`) where the wallet
 * has it, so the next connect prompts again; a wallet without it is disconnected
 * locally (Portico forgets the connection, the wallet keeps its grant).
 */
export async function disconnect(runtime: Eip155Runtime, { connectorId }: ConnectorParameters): Promise<void> {
  const entry = runtime.connectors.get(connectorId)
  if (!entry) return
  try {
    await request(entry.provider, 'wallet_revokePermissions', [{ eth_accounts: {} }])
  } catch (error) {
    if (!isMethodUnsupported(error)) throw toRpcError(error)
  }
}

/**
 * `wallet_switchEthereumChain`; on 4902 (the wallet does not know the chain, also when
 * wrapped in `data.originalError`) `wallet_addEthereumChain` with the network's RPC URLs,
 * currency and explorer, then the switch again. When the wallet lacks the method (or
 * cannot add the chain), throws the SPEC §5 `SwitchChainNotSupportedError`.
 */
export async function switchNetwork(runtime: Eip155Runtime, { connectorId, network }: ConnectorParameters & { network: CaipNetwork }): Promise<void> {
  const { provider } = entryOf(runtime, connectorId)
  const chainId = Number(network.id)
  const hexChainId = numberToHex(chainId)
  const notSupported = (cause: unknown, details?: string) => new SwitchChainNotSupportedError(chainId, { cause, details })

  const currentChain = await request(provider, 'eth_chainId').then(parseChainId, () => undefined)
  if (currentChain === chainId) return

  try {
    await request(provider, 'wallet_switchEthereumChain', [{ chainId: hexChainId }])
    return
  } catch (error) {
    if (isMethodUnsupported(error)) throw notSupported(error)
    if (!isUnrecognizedChain(error)) throw toRpcError(error)
  }

  const rpcUrls = network.rpcUrls.default.http
  if (rpcUrls.length === 0) throw notSupported(undefined, `${network.caipNetworkId} has no RPC URL to add it to the wallet.`)
  try {
    await request(provider, 'wallet_addEthereumChain', [
      {
        chainId: hexChainId,
        chainName: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: [...rpcUrls],
        blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : undefined,
        iconUrls: network.assets?.imageUrl ? [network.assets.imageUrl] : undefined,
      },
    ])
    await request(provider, 'wallet_switchEthereumChain', [{ chainId: hexChainId }])
  } catch (error) {
    if (isMethodUnsupported(error) || isUnrecognizedChain(error)) throw notSupported(error)
    throw toRpcError(error)
  }
}

/** `personal_sign` of a UTF-8 message (sent hex-encoded, as EIP-1193 wallets expect). */
export async function signMessage(runtime: Eip155Runtime, { connectorId, address, message }: ConnectorParameters & { address: string; message: string }): Promise<string> {
  const { provider } = entryOf(runtime, connectorId)
  if (!isEvmAddress(address)) throw new ValidationError('Invalid address', [{ path: 'address', message: 'Invalid address' }])
  try {
    const signature = await request(provider, 'personal_sign', [stringToHex(message), address])
    if (typeof signature !== 'string') throw new PorticoError('The wallet answered personal_sign without a signature.')
    return signature
  } catch (error) {
    throw toRpcError(error)
  }
}

/**
 * Sends the native coin, or an ERC-20 `transfer` when `token` is set, from the connected
 * wallet on `network`. The gas is estimated on the network's RPC first, so a transaction
 * that would fail is refused before the visitor is asked to sign it. Node refusals
 * (nonce, fee cap, insufficient funds, gas, revert) become `TransactionNodeError` with a
 * readable message; the wallet's own errors (4001 ...) become `RpcError`.
 */
export async function sendTransaction(runtime: Eip155Runtime, parameters: SendParameters & ConnectorParameters): Promise<Hex> {
  const { provider } = entryOf(runtime, parameters.connectorId)
  const { network } = parameters
  const issues: ValidationIssue[] = []
  if (!isEvmAddress(parameters.from)) issues.push({ path: 'from', message: 'Invalid address' })
  if (!isEvmAddress(parameters.to)) issues.push({ path: 'to', message: 'Invalid receiver address' })
  if (parameters.token !== undefined && !isEvmAddress(parameters.token)) issues.push({ path: 'token', message: 'Invalid token address' })
  if (typeof parameters.amount !== 'string' || !/^[0-9]+$/.test(parameters.amount)) {
    issues.push({ path: 'amount', message: 'The amount is an integer in the smallest unit' })
  }
  if (issues.length) throw new ValidationError(issues[0]!.message, issues)

  const from = withPrefix(parameters.from)
  const amount = BigInt(parameters.amount)
  const tx: OutgoingTransaction = parameters.token
    ? {
        from,
        to: withPrefix(parameters.token),
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [withPrefix(parameters.to), amount] }),
      }
    : { from, to: withPrefix(parameters.to), value: amount }

  return submitTransaction(runtime, network, provider, tx)
}

type OutgoingTransaction = { from: Address; to: Address; value: bigint; data?: Hex }

/**
 * What every transaction Portico asks a wallet to send goes through: the wallet must be
 * on `network`, the gas is estimated (unless given) so a failing call is refused before
 * the visitor is asked, and errors become `TransactionNodeError` (node refusals) or
 * `RpcError` (the wallet's own).
 */
async function submitTransaction(runtime: Eip155Runtime, network: CaipNetwork, provider: Eip1193Provider, tx: OutgoingTransaction, gasLimit?: bigint): Promise<Hex> {
  try {
    const walletChain = parseChainId(await request(provider, 'eth_chainId'))
    if (walletChain !== Number(network.id)) throw new ChainMismatchError({ id: Number(network.id), name: network.name }, walletChain)
    const gas = gasLimit ?? (await estimateGas(runtime, network, provider, tx))
    const hash = await request(provider, 'eth_sendTransaction', [{ from: tx.from, to: tx.to, value: numberToHex(tx.value), ...(tx.data ? { data: tx.data } : {}), gas: numberToHex(gas) }])
    if (!isTransactionHash(hash)) throw new PorticoError('The wallet answered eth_sendTransaction without a transaction hash.')
    return hash
  } catch (error) {
    throw toNodeError(error, { nativeSymbol: network.nativeCurrency.symbol, feeOnly: tx.value === 0n }) ?? toRpcError(error)
  }
}

/**
 * Sends one contract call built elsewhere (a swap's approval or swap, from the Blockchain
 * API): `to`, `data`, `value` and optionally `gas`, through the same checks and error
 * mapping as `sendTransaction`.
 *
 * @example
 * const { tx } = await api.buildSwapTransaction({ ... })
 * const hash = await sendContractCall(runtime, { connectorId, network, from, to: tx.to.split(':')[2], data: tx.data, value: tx.amount, gas: tx.eip155.gas })
 */
export async function sendContractCall(runtime: Eip155Runtime, parameters: ContractCallParameters & ConnectorParameters): Promise<Hex> {
  const { provider } = entryOf(runtime, parameters.connectorId)
  const issues: ValidationIssue[] = []
  if (!isEvmAddress(parameters.from)) issues.push({ path: 'from', message: 'Invalid address' })
  if (!isEvmAddress(parameters.to)) issues.push({ path: 'to', message: 'Invalid contract address' })
  if (typeof parameters.data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(parameters.data)) issues.push({ path: 'data', message: 'The call data is 0x-prefixed hex' })
  for (const key of ['value', 'gas'] as const) {
    const value = parameters[key]
    if (value !== undefined && (typeof value !== 'string' || !/^[0-9]+$/.test(value))) issues.push({ path: key, message: `The ${key} is an integer, as a decimal string` })
  }
  if (issues.length) throw new ValidationError(issues[0]!.message, issues)
  const tx: OutgoingTransaction = { from: withPrefix(parameters.from), to: withPrefix(parameters.to), value: BigInt(parameters.value ?? '0'), data: parameters.data as Hex }
  return submitTransaction(runtime, parameters.network, provider, tx, parameters.gas === undefined ? undefined : BigInt(parameters.gas))
}

/**
 * Waits for a transaction's receipt on the network's RPC (or, with no RPC URL, through
 * the wallet) and says whether it succeeded or reverted.
 *
 * @example
 * const { status } = await waitForTransaction(runtime, { connectorId, network, hash }) // 'success'
 */
export async function waitForTransaction(
  runtime: Eip155Runtime,
  { connectorId, network, hash, timeoutMs = 60_000 }: ConnectorParameters & { network: CaipNetwork; hash: string; timeoutMs?: number | undefined },
): Promise<TransactionOutcome> {
  if (!isTransactionHash(hash)) throw new ValidationError('Invalid transaction hash', [{ path: 'hash', message: 'Invalid transaction hash' }])
  const client =
    network.rpcUrls.default.http.length > 0
      ? publicClientFor(runtime, network)
      : createPublicClient({ transport: custom(entryOf(runtime, connectorId).provider as { request(args: { method: string; params?: unknown }): Promise<unknown> }) })
  try {
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 500 })
    return { hash, status: receipt.status, blockNumber: receipt.blockNumber.toString() }
  } catch (error) {
    throw toRpcError(error)
  }
}

/** On the network's RPC when it has one (what the dapp trusts), else through the wallet. */
async function estimateGas(runtime: Eip155Runtime, network: CaipNetwork, provider: Eip1193Provider, tx: OutgoingTransaction): Promise<bigint> {
  if (network.rpcUrls.default.http.length > 0) {
    return publicClientFor(runtime, network).estimateGas({ account: tx.from, to: tx.to, value: tx.value, data: tx.data })
  }
  const estimate = await request(provider, 'eth_estimateGas', [{ from: tx.from, to: tx.to, value: numberToHex(tx.value), data: tx.data }])
  if (typeof estimate !== 'string') throw new PorticoError('The wallet answered eth_estimateGas without a gas amount.')
  return BigInt(estimate)
}

/** EIP-5792 `wallet_sendCalls`, after the SPEC §5 checks. */
export async function sendCalls(runtime: Eip155Runtime, parameters: SendCallsParameters & ConnectorParameters): Promise<SendCallsResult> {
  validateSendCalls(parameters)
  const { provider } = entryOf(runtime, parameters.connectorId)
  try {
    const result = await request(provider, 'wallet_sendCalls', [
      {
        version: '2.0.0',
        from: withPrefix(parameters.from),
        chainId: numberToHex(Number(parameters.network.id)),
        atomicRequired: parameters.atomicRequired ?? false,
        calls: parameters.calls.map((call) => ({
          to: call.to,
          ...(call.data !== undefined ? { data: call.data } : {}),
          ...(call.value !== undefined ? { value: numberToHex(BigInt(call.value)) } : {}),
        })),
        ...(parameters.capabilities ? { capabilities: parameters.capabilities } : {}),
      },
    ])
    // EIP-5792 v1 wallets answer the id as a string; v2 as { id, capabilities }.
    if (typeof result === 'string') return { id: result }
    const { id, capabilities } = (result ?? {}) as { id?: unknown; capabilities?: Record<string, unknown> }
    if (typeof id !== 'string') throw new PorticoError('The wallet answered wallet_sendCalls without a batch id.')
    return capabilities ? { id, capabilities } : { id }
  } catch (error) {
    throw toNodeError(error) ?? toRpcError(error)
  }
}

/** EIP-5792 v1 status names, for wallets that still answer them. */
const LEGACY_STATUS: Record<string, number> = { PENDING: 100, CONFIRMED: 200 }

/** EIP-5792 `wallet_getCallsStatus`. */
export async function getCallsStatus(runtime: Eip155Runtime, { connectorId, id }: ConnectorParameters & { id: string }): Promise<CallsStatus> {
  const { provider } = entryOf(runtime, connectorId)
  let result: unknown
  try {
    result = await request(provider, 'wallet_getCallsStatus', [id])
  } catch (error) {
    throw toRpcError(error)
  }
  const answer = (result ?? {}) as Record<string, unknown> & { status?: unknown }
  const status = typeof answer.status === 'number' ? answer.status : LEGACY_STATUS[String(answer.status)]
  if (status === undefined) throw new PorticoError('The wallet answered wallet_getCallsStatus without a status.')
  return { ...answer, status } as CallsStatus
}

/** EIP-5792 `wallet_getCapabilities`; the address is required (SPEC §5). */
export async function getCapabilities(
  runtime: Eip155Runtime,
  { connectorId, address, caipNetworkIds }: ConnectorParameters & { address: string; caipNetworkIds?: readonly string[] | undefined },
): Promise<WalletCapabilities> {
  validateCapabilitiesAddress(address)
  const { provider } = entryOf(runtime, connectorId)
  const chainIds = caipNetworkIds?.map((id) => numberToHex(Number(id.slice(id.indexOf(':') + 1))))
  try {
    const result = await request(provider, 'wallet_getCapabilities', chainIds ? [withPrefix(address), chainIds] : [withPrefix(address)])
    return (result ?? {}) as WalletCapabilities
  } catch (error) {
    throw toRpcError(error)
  }
}

function withPrefix(address: string): Address {
  return (address.startsWith('0x') ? address : `0x${address}`) as Address
}

function codeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'number' ? code : undefined
}

export function isMethodUnsupported(error: unknown): boolean {
  const code = codeOf(error)
  return code !== undefined && METHOD_UNSUPPORTED.has(code)
}

/** 4902 directly, wrapped as `data.originalError` (MetaMask mobile), or said in words. */
export function isUnrecognizedChain(error: unknown): boolean {
  if (codeOf(error) === ProviderRpcCode.SwitchChainError) return true
  const data = (error as { data?: { originalError?: unknown } } | null)?.data
  if (codeOf(data?.originalError) === ProviderRpcCode.SwitchChainError) return true
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && /unrecognized chain id/i.test(message)
}
