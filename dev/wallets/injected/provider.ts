// An EIP-1193 provider backed by one development private key: what a browser extension
// wallet is to a dapp, minus the extension. It signs locally with viem and talks to the
// chains' JSON-RPC endpoints; it auto-approves unless the caller says otherwise.
//
// For development and tests only: the key lives in the page.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  hexToBigInt,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'

/** An EIP-1193 error: `code` from EIP-1193 / EIP-1474 / EIP-3326 / EIP-5792. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

export type RequestArguments = { readonly method: string; readonly params?: readonly unknown[] | object | undefined }

type Listener = (...args: unknown[]) => void

export type DevWalletEvent = 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged' | 'message'

export type DevWalletOptions = {
  /** Chain id → JSON-RPC URL of each chain the wallet knows from the start. */
  rpcUrls: Readonly<Record<number | string, string>>
  privateKey: Hex
  /** The chain the wallet starts on; the first of `rpcUrls` by default. */
  chainId?: number | undefined
  /**
   * Asked before each request that needs the visitor (connect, sign, send, switch, add
   * chain). Return false to reject it with 4001. Approves everything by default.
   */
  approve?: ((request: { method: string; params: unknown }) => boolean | Promise<boolean>) | undefined
  /** Methods this wallet pretends not to have: they fail with 4200, like an older wallet. */
  unsupportedMethods?: readonly string[] | undefined
  /** Whether the dapp is already authorised (as after an earlier visit). False by default. */
  authorized?: boolean | undefined
  /** Told whenever the dapp's authorisation starts or ends, so a page can remember it as an extension does. */
  onAuthorizedChange?: ((authorized: boolean) => void) | undefined
}

export type DevWalletProvider = {
  request(args: RequestArguments): Promise<unknown>
  on(event: DevWalletEvent, listener: Listener): DevWalletProvider
  removeListener(event: DevWalletEvent, listener: Listener): DevWalletProvider
  /** Listener count per event, for tests that check clean-up. */
  listenerCount(event: DevWalletEvent): number
  /** The wallet's address. */
  readonly address: Address
  readonly isPorticoDevWallet: true
  /** The current chain id (number), for tests and the browser panel. */
  readonly chainId: number
  /** Simulates the visitor switching account: other key, emits accountsChanged. */
  setAccount(privateKey: Hex): void
  /** Simulates the wallet dropping the connection: emits disconnect (4900). */
  disconnectAll(): void
}

type KnownChain = { chain: Chain; publicClient: PublicClient; walletClient?: WalletClient }
type CallsBatch = { chainId: number; hashes: Hex[] }

/** Requests that need the visitor's approval in a real wallet. */
const needsApproval = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
])

/**
 * Creates the dev wallet's EIP-1193 provider.
 *
 * @example
 * const provider = createDevWalletProvider({ rpcUrls: { 1: chain.rpcUrl }, privateKey: DEV_PRIVATE_KEYS[0] })
 * await provider.request({ method: 'eth_requestAccounts' }) // ['0xf39F...']
 */
export function createDevWalletProvider(options: DevWalletOptions): DevWalletProvider {
  const listeners = new Map<DevWalletEvent, Set<Listener>>()
  const chains = new Map<number, KnownChain>()
  const batches = new Map<string, CallsBatch>()
  const unsupported = new Set(options.unsupportedMethods ?? [])
  let account: PrivateKeyAccount = privateKeyToAccount(options.privateKey)
  let authorized = options.authorized ?? false

  const addChain = (id: number, rpcUrl: string, name = `Chain ${id}`, nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }) => {
    const chain = defineChain({ id, name, nativeCurrency, rpcUrls: { default: { http: [rpcUrl] } } })
    chains.set(id, { chain, publicClient: createPublicClient({ chain, transport: http(rpcUrl) }) })
  }
  for (const [id, url] of Object.entries(options.rpcUrls)) addChain(Number(id), url)
  const firstChain = chains.keys().next().value
  if (firstChain === undefined) throw new Error('Portico Dev Wallet: rpcUrls needs at least one chain')
  let chainId = options.chainId ?? firstChain
  if (!chains.has(chainId)) throw new Error(`Portico Dev Wallet: no RPC URL for its starting chain ${chainId}`)

  const emit = (event: DevWalletEvent, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }
  const current = (): KnownChain => chains.get(chainId)!
  const walletClient = (): WalletClient => {
    const known = current()
    known.walletClient ??= createWalletClient({ chain: known.chain, transport: http(known.chain.rpcUrls.default.http[0]) })
    return known.walletClient
  }
  const requireAuthorized = () => {
    if (!authorized) throw new ProviderRpcError(4100, 'The requested account has not been authorized by the user.')
  }
  const requireOwnAddress = (address: unknown) => {
    requireAuthorized()
    if (typeof address !== 'string' || !isAddress(address, { strict: false }) || !isAddressEqual(address, account.address)) {
      throw new ProviderRpcError(4100, `The wallet does not hold ${String(address)}.`)
    }
  }

  async function sendTransaction(tx: TransactionParams): Promise<Hex> {
    requireOwnAddress(tx.from ?? account.address)
    try {
      return await walletClient().sendTransaction({
        account,
        chain: current().chain,
        to: tx.to ?? null,
        data: tx.data ?? tx.input,
        value: optionalBigInt(tx.value),
        gas: optionalBigInt(tx.gas),
        nonce: tx.nonce === undefined ? undefined : Number(hexToBigInt(tx.nonce)),
        ...(tx.gasPrice !== undefined ? { gasPrice: hexToBigInt(tx.gasPrice) } : { maxFeePerGas: optionalBigInt(tx.maxFeePerGas), maxPriorityFeePerGas: optionalBigInt(tx.maxPriorityFeePerGas) }),
      } as Parameters<WalletClient['sendTransaction']>[0])
    } catch (error) {
      throw nodeError(error)
    }
  }

  async function handle(method: string, params: readonly unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        if (!authorized) {
          authorized = true
          options.onAuthorizedChange?.(true)
          emit('connect', { chainId: numberToHex(chainId) })
          emit('accountsChanged', [account.address])
        }
        return [account.address]
      case 'eth_accounts':
        return authorized ? [account.address] : []
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        if (method === 'wallet_requestPermissions') await handle('eth_requestAccounts', [])
        return authorized ? [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [account.address] }] }] : []
      case 'wallet_revokePermissions':
        if (authorized) {
          authorized = false
          options.onAuthorizedChange?.(false)
          emit('accountsChanged', [])
        }
        return null
      case 'personal_sign': {
        // [message, address]; some dapps still send the old [address, message] order.
        let [data, address] = params as [unknown, unknown]
        if (typeof data === 'string' && isAddress(data, { strict: false }) && !(typeof address === 'string' && isAddress(address, { strict: false }))) {
          ;[data, address] = [address, data]
        }
        requireOwnAddress(address)
        if (typeof data !== 'string') throw new ProviderRpcError(-32602, 'personal_sign: the message must be a string.')
        return account.signMessage({ message: isHex(data) ? { raw: data } : data })
      }
      case 'eth_signTypedData_v4': {
        const [address, json] = params as [unknown, unknown]
        requireOwnAddress(address)
        const typed = (typeof json === 'string' ? JSON.parse(json) : json) as Parameters<PrivateKeyAccount['signTypedData']>[0]
        return account.signTypedData(typed)
      }
      case 'eth_sendTransaction':
        return sendTransaction((params[0] ?? {}) as TransactionParams)
      case 'wallet_switchEthereumChain': {
        const target = chainIdParam(params[0])
        if (!chains.has(target)) {
          throw new ProviderRpcError(4902, `Unrecognized chain ID "${numberToHex(target)}". Try adding the chain using wallet_addEthereumChain first.`)
        }
        if (target !== chainId) {
          chainId = target
          emit('chainChanged', numberToHex(chainId))
        }
        return null
      }
      case 'wallet_addEthereumChain': {
        const chain = (params[0] ?? {}) as AddChainParams
        const id = chainIdParam(chain)
        const rpcUrl = chain.rpcUrls?.find((url) => typeof url === 'string' && /^https?:\/\//.test(url))
        if (!rpcUrl) throw new ProviderRpcError(-32602, 'wallet_addEthereumChain: rpcUrls needs an http(s) URL.')
        // A chain the wallet knows keeps its RPC URL, as real wallets do.
        if (chains.has(id)) return null
        // Like MetaMask, check that the RPC URL serves the chain it claims to.
        const served = await createPublicClient({ transport: http(rpcUrl) })
          .getChainId()
          .catch(() => undefined)
        if (served !== id) {
          throw new ProviderRpcError(-32602, `wallet_addEthereumChain: ${rpcUrl} serves chain ${served ?? 'none'}, not ${id}.`)
        }
        addChain(id, rpcUrl, chain.chainName, chain.nativeCurrency)
        return null
      }
      case 'wallet_getCapabilities': {
        const [address, chainIds] = params as [unknown, Hex[] | undefined]
        requireOwnAddress(address)
        const ids = chainIds?.map((id) => Number(hexToBigInt(id))) ?? [...chains.keys()]
        return Object.fromEntries(ids.filter((id) => chains.has(id)).map((id) => [numberToHex(id), { atomic: { status: 'unsupported' } }]))
      }
      case 'wallet_sendCalls':
        return sendCalls((params[0] ?? {}) as SendCallsParams)
      case 'wallet_getCallsStatus':
        return callsStatus(String(params[0]))
      default:
        if (method.startsWith('eth_')) return forward(method, params)
        throw new ProviderRpcError(4200, `The Portico Dev Wallet does not support ${method}.`)
    }
  }

  async function sendCalls(request: SendCallsParams): Promise<{ id: string }> {
    requireOwnAddress(request.from ?? account.address)
    if (request.atomicRequired) throw new ProviderRpcError(5760, 'The Portico Dev Wallet cannot run calls atomically.')
    const target = request.chainId === undefined ? chainId : Number(hexToBigInt(request.chainId))
    if (target !== chainId) throw new ProviderRpcError(5710, `The wallet is on chain ${chainId}, not ${target}.`)
    const hashes: Hex[] = []
    for (const call of request.calls ?? []) {
      hashes.push(await sendTransaction({ from: account.address, to: call.to, data: call.data, value: call.value }))
    }
    const id = randomHex(32)
    batches.set(id, { chainId, hashes })
    return { id }
  }

  async function callsStatus(id: string) {
    const batch = batches.get(id)
    if (!batch) throw new ProviderRpcError(5730, `No batch ${id} is known to the wallet.`)
    const client = chains.get(batch.chainId)!.publicClient
    const receipts = await Promise.all(batch.hashes.map((hash) => client.getTransactionReceipt({ hash }).catch(() => undefined)))
    const mined = receipts.filter((receipt) => receipt !== undefined)
    const succeeded = mined.filter((receipt) => receipt.status === 'success').length
    // EIP-5792 status codes: 100 pending, 200 confirmed, 500 reverted, 600 partly reverted.
    const status = mined.length < receipts.length ? 100 : succeeded === mined.length ? 200 : succeeded === 0 ? 500 : 600
    return {
      version: '2.0.0',
      id,
      chainId: numberToHex(batch.chainId),
      status,
      atomic: false,
      receipts: mined.map((receipt) => ({
        logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
        status: receipt.status === 'success' ? '0x1' : '0x0',
        blockHash: receipt.blockHash,
        blockNumber: numberToHex(receipt.blockNumber),
        gasUsed: numberToHex(receipt.gasUsed),
        transactionHash: receipt.transactionHash,
      })),
    }
  }

  /** Read calls go to the current chain's node, errors and all. */
  async function forward(method: string, params: readonly unknown[]): Promise<unknown> {
    const url = current().chain.rpcUrls.default.http[0]!
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  const provider: DevWalletProvider = {
    isPorticoDevWallet: true,
    get address() {
      return account.address
    },
    get chainId() {
      return chainId
    },
    async request({ method, params }: RequestArguments) {
      if (typeof method !== 'string') throw new ProviderRpcError(-32600, 'The request needs a method.')
      if (unsupported.has(method)) throw new ProviderRpcError(4200, `The Portico Dev Wallet does not support ${method}.`)
      const list = Array.isArray(params) ? (params as readonly unknown[]) : params === undefined ? [] : [params]
      if (needsApproval.has(method) && options.approve && !(await options.approve({ method, params: list }))) {
        throw new ProviderRpcError(4001, 'User rejected the request.')
      }
      return handle(method, list)
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
    setAccount(privateKey) {
      account = privateKeyToAccount(privateKey)
      if (authorized) emit('accountsChanged', [account.address])
    },
    disconnectAll() {
      authorized = false
      options.onAuthorizedChange?.(false)
      emit('disconnect', new ProviderRpcError(4900, 'The provider is disconnected from all chains.'))
    },
  }
  return provider
}

type TransactionParams = {
  from?: string
  to?: Address
  data?: Hex
  input?: Hex
  value?: Hex
  gas?: Hex
  nonce?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
}
type AddChainParams = {
  chainId?: Hex
  chainName?: string
  rpcUrls?: string[]
  nativeCurrency?: { name: string; symbol: string; decimals: number }
}
type SendCallsParams = {
  from?: Address
  chainId?: Hex
  atomicRequired?: boolean
  calls?: { to?: Address; data?: Hex; value?: Hex }[]
}

function optionalBigInt(value: Hex | undefined): bigint | undefined {
  return value === undefined ? undefined : hexToBigInt(value)
}

function chainIdParam(param: unknown): number {
  const raw = (param as { chainId?: unknown } | undefined)?.chainId
  if (typeof raw !== 'string' || !isHex(raw)) throw new ProviderRpcError(-32602, 'Expected { chainId } as a 0x-prefixed hex string.')
  return Number(hexToBigInt(raw))
}

function randomHex(bytes: number): Hex {
  const buffer = new Uint8Array(bytes)
  globalThis.crypto.getRandomValues(buffer)
  return `0x${[...buffer].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * What a wallet returns when the node refuses a transaction: the node's own sentence
 * (say 'nonce too low') under the node's code, or -32603 as MetaMask does.
 */
function nodeError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  const viemError = error as { details?: unknown; shortMessage?: unknown; message?: unknown; walk?: (fn: (e: unknown) => boolean) => unknown }
  const coded = viemError.walk?.((e) => typeof (e as { code?: unknown }).code === 'number') as { code: number; data?: unknown } | undefined
  const message =
    typeof viemError.details === 'string' && viemError.details ? viemError.details : typeof viemError.shortMessage === 'string' ? viemError.shortMessage : String(viemError.message ?? error)
  return new ProviderRpcError(coded?.code ?? -32603, message, coded?.data)
}
