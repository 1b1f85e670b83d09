// A WalletConnect wallet over a development key: a real `@walletconnect/sign-client`
// on the wallet side. The browser page (page.ts) and the tests drive the same code.
// No Node APIs here, so esbuild bundles it for the browser as is.
import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import { createPublicClient, createWalletClient, defineChain, http, numberToHex, type Hex, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { forgetGlobalCore } from '../../../src/walletconnect/globalCore'
import { createMemoryStorage } from '../../../src/walletconnect/memoryStorage'
import { DEV_PRIVATE_KEYS } from '../../chain/devAccounts'
import { createBitcoinChainWallet, createSolanaChainWallet, WalletRpcError, type ChainWallet } from './chainWallets'

type SignClientInstance = InstanceType<typeof SignClient>

/** Methods the dev wallet answers, and the events it may emit. */
export const DevWalletMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
] as const
export const DevWalletEvents = ['chainChanged', 'accountsChanged'] as const

/** The sign protocol's SDK error codes the wallet answers with. */
export const SdkErrors = {
  userRejected: { code: 5000, message: 'User rejected.' },
  unsupportedChains: { code: 5100, message: 'Unsupported chains.' },
  userDisconnected: { code: 6000, message: 'User disconnected.' },
} as const

export type DevWalletProposal = {
  id: number
  dapp: { name: string; url: string; icons: string[] }
  /** CAIP-2 chains the dapp asked for that this wallet serves. */
  chains: string[]
  /** Every CAIP-2 chain the dapp asked for, in any namespace. */
  requested: string[]
}

export type DevWalletRequest = {
  id: number
  topic: string
  chainId: string
  method: string
  params: unknown
  /** Epoch seconds after which the dapp no longer waits (the request's `expiryTimestamp`). */
  expiresAt?: number | undefined
}

/** Whether a request's expiry has passed: the dapp has given up on it. */
export const isExpired = (request: DevWalletRequest, nowMs = Date.now()) => request.expiresAt !== undefined && nowMs / 1000 >= request.expiresAt

/** Thrown when a request expires while the visitor decides: it is dropped, not answered. */
class RequestExpired extends Error {}

/** What the wallet reports, for the page's log and for tests. */
export type DevWalletEvent =
  | { type: 'proposal'; proposal: DevWalletProposal }
  | { type: 'approved'; topic: string; accounts: string[] }
  | { type: 'rejected'; id: number }
  | { type: 'request'; request: DevWalletRequest }
  /** A request dropped unanswered because its expiry passed (on arrival, or while the visitor decided). */
  | { type: 'expired'; request: DevWalletRequest }
  | { type: 'responded'; request: DevWalletRequest; result?: unknown; error?: { code: number; message: string } }
  | { type: 'deleted'; topic: string }
  | { type: 'error'; message: string }

export type WalletConnectDevWalletOptions = {
  relayUrl: string
  projectId?: string | undefined
  /** Default: the first development key (anvil's account 0). */
  privateKey?: Hex | undefined
  /** Chains the wallet serves; default 1 and 10, the local stack's two chains. */
  chainIds?: readonly number[] | undefined
  /** Chain id → RPC URL, for eth_sendTransaction. */
  rpcUrls?: Record<string | number, string> | undefined
  metadata?: SignClientTypes.Metadata | undefined
  storagePrefix?: string | undefined
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug' | undefined
  /**
   * Solana: also approve these CAIP-2 chains (the dapp's Solana networks), with the dev
   * Solana key, sending through `rpcUrl` (the Solana stand-in).
   */
  solana?: { rpcUrl: string; chains: readonly string[] } | undefined
  /**
   * Bitcoin: also approve these CAIP-2 chains (default Regtest), with the dev Bitcoin keys,
   * reading UTXOs from and broadcasting to `esploraUrl` (the Esplora stand-in).
   */
  bitcoin?: { esploraUrl: string; chains?: readonly string[] | undefined } | undefined
  /** The methods the wallet approves (of those the dapp asks for); default every method it answers. */
  methods?: readonly string[] | undefined
  /** Asked for every proposal; default approve. */
  decideProposal?: ((proposal: DevWalletProposal) => boolean | Promise<boolean>) | undefined
  /** Asked for every request that needs consent; default approve. */
  decideRequest?: ((request: DevWalletRequest) => boolean | Promise<boolean>) | undefined
}

export type SessionSummary = { topic: string; dapp: string; accounts: string[]; chains: string[] }

const defaultMetadata: SignClientTypes.Metadata = {
  name: 'Portico Dev Wallet (WalletConnect)',
  description: 'Development wallet over a public test key. Never hold real funds with it.',
  url: 'http://127.0.0.1',
  icons: [],
}

/**
 * Starts the wallet: creates its SignClient on `relayUrl` and answers proposals and
 * requests. `pair(uri)` joins a dapp's pairing.
 *
 * @example
 * const wallet = await createWalletConnectDevWallet({ relayUrl: relay.url, rpcUrls: { 1: 'http://127.0.0.1:8545' } })
 * await wallet.pair('wc:...')           // the dapp's QR code
 * wallet.sessions()                      // [{ topic, dapp: 'Portico demo', accounts: ['eip155:1:0xf39F...'] }]
 */
export async function createWalletConnectDevWallet(options: WalletConnectDevWalletOptions) {
  const account = privateKeyToAccount(options.privateKey ?? DEV_PRIVATE_KEYS[0])
  const chainIds = [...(options.chainIds ?? [1, 10])]
  const listeners = new Set<(event: DevWalletEvent) => void>()
  const report = (event: DevWalletEvent) => listeners.forEach((listener) => listener(event))
  let address: string = account.address
  const storagePrefix = options.storagePrefix ?? `portico-dev-wallet-${Math.random().toString(36).slice(2, 10)}`

  const client: SignClientInstance = await SignClient.init({
    projectId: options.projectId ?? 'portico-dev-wallet',
    relayUrl: options.relayUrl,
    metadata: options.metadata ?? defaultMetadata,
    customStoragePrefix: storagePrefix,
    storage: createMemoryStorage(),
    logger: options.logLevel ?? 'silent',
    telemetryEnabled: false,
  })
  // The local relay has no Verify server behind it (see src/walletconnect/client.ts).
  client.core.verify.register = async () => ''
  client.core.verify.resolve = (async () => undefined) as unknown as typeof client.core.verify.resolve
  // The sign-client pauses 1 s after each answered request before showing the next; a
  // development wallet answers at once, so requests need not queue behind that pause.
  ;(client.engine as unknown as { requestQueueDelay: number }).requestQueueDelay = 0

  function requestedChains(proposal: SignClientTypes.EventArguments['session_proposal']['params']): string[] {
    const asked = [...Object.entries(proposal.requiredNamespaces ?? {}), ...Object.entries(proposal.optionalNamespaces ?? {})].flatMap(([key, value]) => [
      ...(value.chains ?? []),
      ...(key.includes(':') ? [key] : []),
    ])
    return [...new Set(asked)]
  }
  const chainWallets: ChainWallet[] = [...(options.solana ? [await createSolanaChainWallet(options.solana)] : []), ...(options.bitcoin ? [await createBitcoinChainWallet(options.bitcoin)] : [])]
  const chainWalletOf = (chain: string) => chainWallets.find((wallet) => wallet.chains.includes(chain))
  const isEvm = (chain: string) => chain.split(':')[0] === 'eip155' && chainIds.includes(Number(chain.split(':')[1]))
  const serves = (chain: string) => isEvm(chain) || chainWalletOf(chain) !== undefined

  function evmNamespace(chains: string[], methods?: readonly string[]): SessionTypes.Namespaces {
    return { eip155: { chains, accounts: chains.map((chain) => `${chain}:${address}`), methods: [...(methods ?? DevWalletMethods)], events: [...DevWalletEvents] } }
  }

  /** One namespace per family the served chains belong to; `allowed` narrows the methods (the dapp's asks, `options.methods`). */
  function namespacesFor(chains: string[], allowed: (method: string) => boolean = () => true): SessionTypes.Namespaces {
    const evm = chains.filter(isEvm)
    const namespaces: SessionTypes.Namespaces = evm.length > 0 ? evmNamespace(evm, DevWalletMethods.filter(allowed)) : {}
    for (const wallet of chainWallets) {
      const served = chains.filter((chain) => wallet.chains.includes(chain))
      if (served.length === 0) continue
      namespaces[wallet.namespace] = {
        chains: served,
        accounts: served.map((chain) => `${chain}:${wallet.address}`),
        methods: wallet.methods.filter(allowed),
        events: [...wallet.events],
      }
    }
    return namespaces
  }

  client.on('session_proposal', async ({ id, params }) => {
    const requested = requestedChains(params)
    const chains = requested.filter(serves)
    const dapp = { name: params.proposer.metadata.name, url: params.proposer.metadata.url, icons: params.proposer.metadata.icons }
    const proposal: DevWalletProposal = { id, dapp, chains, requested }
    report({ type: 'proposal', proposal })
    try {
      if (chains.length === 0) {
        await client.reject({ id, reason: SdkErrors.unsupportedChains })
        report({ type: 'rejected', id })
        return
      }
      if (!(await (options.decideProposal?.(proposal) ?? true))) {
        await client.reject({ id, reason: SdkErrors.userRejected })
        report({ type: 'rejected', id })
        return
      }
      const asked = new Set([...Object.values(params.optionalNamespaces ?? {}), ...Object.values(params.requiredNamespaces ?? {})].flatMap((n) => n.methods))
      const namespaces = namespacesFor(chains, (m) => (asked.size === 0 || asked.has(m)) && (options.methods?.includes(m) ?? true))
      const { topic, acknowledged } = await client.approve({ id, namespaces })
      await acknowledged()
      report({ type: 'approved', topic, accounts: Object.values(namespaces).flatMap((n) => n.accounts) })
    } catch (error) {
      report({ type: 'error', message: messageOf(error) })
    }
  })

  client.on('session_request', async ({ id, topic, params }) => {
    const { expiryTimestamp } = params.request as { expiryTimestamp?: unknown }
    const expiresAt = typeof expiryTimestamp === 'number' ? expiryTimestamp : undefined
    const request: DevWalletRequest = { id, topic, chainId: params.chainId, method: params.request.method, params: params.request.params, expiresAt }
    // As real wallets do: a request past its expiry (held up while the relay was away) is
    // never shown or answered; the dapp has already told the visitor it failed.
    if (isExpired(request)) return report({ type: 'expired', request })
    report({ type: 'request', request })
    try {
      const result = await answer(request)
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
      report({ type: 'responded', request, result })
    } catch (error) {
      if (error instanceof RequestExpired) return report({ type: 'expired', request })
      const rpc = error instanceof WalletRpcError ? error : new WalletRpcError(-32603, messageOf(error))
      await client.respond({ topic, response: { id, jsonrpc: '2.0', error: { code: rpc.code, message: rpc.message } } }).catch(() => undefined)
      report({ type: 'responded', request, error: { code: rpc.code, message: rpc.message } })
    }
  })

  client.on('session_delete', ({ topic }) => report({ type: 'deleted', topic }))

  /** EIP-5792 batches this wallet sent: id → chain and transaction hashes. */
  const batches = new Map<string, { chainId: number; hashes: Hex[] }>()

  function rpcUrlFor(chainId: number): string {
    const url = options.rpcUrls?.[chainId] ?? options.rpcUrls?.[String(chainId)]
    if (!url) throw new WalletRpcError(4901, `No RPC URL for chain ${chainId}`)
    return url
  }

  async function sendTransaction(chainId: number, tx: { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }): Promise<Hex> {
    const url = rpcUrlFor(chainId)
    const chain = defineChain({ id: chainId, name: `Chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
    const wallet = createWalletClient({ account, chain, transport: http(url) })
    return wallet.sendTransaction({
      to: tx.to,
      value: tx.value ? BigInt(tx.value) : undefined,
      data: tx.data,
      gas: tx.gas ? BigInt(tx.gas) : undefined,
    })
  }

  async function consent(request: DevWalletRequest) {
    const approved = await (options.decideRequest?.(request) ?? true)
    if (isExpired(request)) throw new RequestExpired(`${request.method} expired before it was approved`)
    if (!approved) throw new WalletRpcError(4001, 'User rejected the request.')
  }

  /** Methods that only share what the session already shows: answered without asking the visitor. */
  const sharesOnly = new Set(['solana_getAccounts', 'solana_requestAccounts', 'getAccountAddresses'])

  async function answer(request: DevWalletRequest): Promise<unknown> {
    const chainWallet = chainWalletOf(request.chainId)
    if (chainWallet) {
      if (!sharesOnly.has(request.method)) await consent(request)
      const params = typeof request.params === 'object' && request.params !== null ? (request.params as Record<string, unknown>) : {}
      return chainWallet.answer(request.method, params, request.chainId)
    }
    const chainId = Number(request.chainId.split(':')[1])
    const params = (Array.isArray(request.params) ? request.params : []) as unknown[]
    switch (request.method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [address]
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'personal_sign': {
        await consent(request)
        const [message] = params as [Hex]
        return account.signMessage({ message: { raw: message } })
      }
      case 'eth_signTypedData_v4': {
        await consent(request)
        const typed = params[1]
        return account.signTypedData((typeof typed === 'string' ? JSON.parse(typed) : typed) as TypedDataDefinition)
      }
      case 'eth_sendTransaction': {
        await consent(request)
        return sendTransaction(chainId, params[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex })
      }
      case 'wallet_getCapabilities': {
        // EIP-5792: per chain; this wallet runs a batch's calls one after another.
        return Object.fromEntries(chainIds.map((id) => [numberToHex(id), { atomic: { status: 'unsupported' } }]))
      }
      case 'wallet_sendCalls': {
        const batch = (params[0] ?? {}) as { chainId?: Hex; atomicRequired?: boolean; calls?: { to?: Hex; value?: Hex; data?: Hex }[] }
        const target = batch.chainId ? Number(batch.chainId) : chainId
        if (batch.atomicRequired) throw new WalletRpcError(5760, 'The dev wallet cannot run a batch atomically.')
        if (!Array.isArray(batch.calls) || batch.calls.length === 0) throw new WalletRpcError(-32602, 'wallet_sendCalls needs calls.')
        await consent(request)
        const hashes: Hex[] = []
        for (const call of batch.calls) hashes.push(await sendTransaction(target, call))
        const id = numberToHex(
          crypto.getRandomValues(new Uint8Array(32)).reduce((n, b) => (n << 8n) | BigInt(b), 0n),
          { size: 32 },
        )
        batches.set(id, { chainId: target, hashes })
        return { id }
      }
      case 'wallet_getCallsStatus': {
        const id = params[0] as string
        const batch = batches.get(id)
        if (!batch) throw new WalletRpcError(5730, 'Unknown bundle id.')
        const client = createPublicClient({ transport: http(rpcUrlFor(batch.chainId)) })
        const receipts = await Promise.all(batch.hashes.map((hash) => client.getTransactionReceipt({ hash }).catch(() => undefined)))
        const done = receipts.every((r) => r !== undefined)
        const reverted = receipts.filter((r) => r?.status === 'reverted').length
        return {
          version: '2.0.0',
          id,
          chainId: numberToHex(batch.chainId),
          atomic: false,
          // EIP-5792: 100 pending, 200 confirmed, 500 all reverted, 600 partly reverted.
          status: !done ? 100 : reverted === 0 ? 200 : reverted === receipts.length ? 500 : 600,
          receipts: receipts
            .filter((r) => r !== undefined)
            .map((r) => ({
              status: r.status === 'success' ? '0x1' : '0x0',
              blockHash: r.blockHash,
              blockNumber: numberToHex(r.blockNumber),
              gasUsed: numberToHex(r.gasUsed),
              transactionHash: r.transactionHash,
              logs: r.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
            })),
        }
      }
      case 'wallet_switchEthereumChain': {
        const target = Number((params[0] as { chainId?: string } | undefined)?.chainId)
        if (!chainIds.includes(target)) throw new WalletRpcError(4902, `Unrecognized chain ID ${target}.`)
        await api.emitChainChanged(request.topic, target)
        return null
      }
      default:
        throw new WalletRpcError(4200, `The dev wallet does not support ${request.method}.`)
    }
  }

  const api = {
    /** The wallet's current address (approvals and updates use it). */
    get address() {
      return address
    },
    /** The Solana and Bitcoin (payment) addresses the wallet approves, when it serves those namespaces. */
    get solanaAddress() {
      return chainWallets.find((wallet) => wallet.namespace === 'solana')?.address
    },
    get bitcoinAddress() {
      return chainWallets.find((wallet) => wallet.namespace === 'bip122')?.address
    },
    /** The live SignClient, for tests that inspect its stores. */
    signClient: client,
    /** Joins a dapp's pairing from its `wc:` URI; the proposal follows. */
    async pair(uri: string) {
      if (!uri.startsWith('wc:')) throw new Error('A WalletConnect URI starts with "wc:"')
      await client.pair({ uri })
    },
    sessions(): SessionSummary[] {
      return client.session.getAll().map((s) => ({
        topic: s.topic,
        dapp: s.peer.metadata.name,
        accounts: Object.values(s.namespaces).flatMap((n) => n.accounts),
        chains: Object.values(s.namespaces).flatMap((n) => n.chains ?? []),
      }))
    },
    /** Tells the dapp the wallet moved to `chainId` (a session_event chainChanged). */
    async emitChainChanged(topic: string, chainId: number) {
      await client.emit({ topic, chainId: `eip155:${chainId}`, event: { name: 'chainChanged', data: chainId } })
    },
    /** Tells the dapp the wallet's accounts changed (a session_event accountsChanged). */
    async emitAccountsChanged(topic: string, accounts: string[], chainId = chainIds[0] ?? 1) {
      await client.emit({ topic, chainId: `eip155:${chainId}`, event: { name: 'accountsChanged', data: accounts } })
    },
    /**
     * Updates a session's namespaces (a session_update): another address and/or other
     * chains. Resolves once the dapp acknowledged.
     */
    async updateSession(topic: string, change: { address?: string; chainIds?: number[] } = {}) {
      if (change.address) address = change.address
      const current = client.session.get(topic)
      const chains = change.chainIds?.map((id) => `eip155:${id}`) ?? current.namespaces.eip155?.chains ?? []
      const { acknowledged } = await client.update({ topic, namespaces: { ...current.namespaces, ...evmNamespace(chains, current.namespaces.eip155?.methods) } })
      await acknowledged()
    },
    /** Ends a session from the wallet's side (the dapp gets session_delete). */
    async disconnect(topic: string) {
      await client.disconnect({ topic, reason: SdkErrors.userDisconnected })
      report({ type: 'deleted', topic })
    },
    on(listener: (event: DevWalletEvent) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Stops the SignClient's heartbeat and closes its relay socket. */
    async destroy() {
      listeners.clear()
      client.removeAllListeners('session_proposal')
      client.removeAllListeners('session_request')
      client.removeAllListeners('session_delete')
      client.core.heartbeat.stop()
      await client.core.relayer.transportClose().catch(() => undefined)
      forgetGlobalCore(storagePrefix)
    },
  }
  return api
}

export type WalletConnectDevWallet = Awaited<ReturnType<typeof createWalletConnectDevWallet>>

function messageOf(error: unknown): string {
  if (error instanceof Error) return (error as { shortMessage?: string }).shortMessage ?? error.message
  return String(error)
}
