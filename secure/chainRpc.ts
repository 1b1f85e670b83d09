/**
 * Reads and sends go to the chain's own JSON-RPC endpoint (SPEC §7 "RPC"), configured
 * per CAIP-2 network in the secure page's config. Behind an interface so tests use a
 * fake chain or a real local one.
 */
import { EmbeddedWalletMessages } from '../src/shared/embeddedWallet'
import { ProviderRpcCode } from '../src/shared/rpcCodes'

export interface ChainRpc {
  /** Whether reads can go anywhere for this chain. */
  has(chainId: string): boolean
  request(chainId: string, method: string, params: readonly unknown[] | Record<string, unknown>): Promise<unknown>
}

/** A JSON-RPC error from the node, passed on with its code. */
export class ChainRpcError extends Error {
  override name = 'ChainRpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const TIMEOUT_MS = 10_000

/**
 * @example
 * const rpc = createHttpChainRpc({ rpcUrls: { 'eip155:1': 'http://127.0.0.1:8545' } })
 * await rpc.request('eip155:1', 'eth_blockNumber', []) // '0x10'
 */
export function createHttpChainRpc({ rpcUrls, fetch: fetchImpl = globalThis.fetch.bind(globalThis) }: { rpcUrls: Readonly<Record<string, string>>; fetch?: typeof fetch }): ChainRpc {
  const urls = new Map(Object.entries(rpcUrls))
  let nextId = 1
  return {
    has: (chainId) => urls.has(chainId),
    async request(chainId, method, params) {
      const url = urls.get(chainId)
      if (url === undefined) throw new ChainRpcError(ProviderRpcCode.ResourceUnavailable, `${EmbeddedWalletMessages.noRpcUrlForChainId} ${chainId}`)
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), TIMEOUT_MS)
      let json: { result?: unknown; error?: { code?: unknown; message?: unknown } }
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
          signal: controller.signal,
          credentials: 'omit',
          referrerPolicy: 'no-referrer',
        })
        json = (await response.json()) as typeof json
      } catch {
        throw new ChainRpcError(ProviderRpcCode.ResourceUnavailable, `The RPC node for ${chainId} could not be reached`)
      } finally {
        clearTimeout(timer)
      }
      if (json.error !== undefined) {
        const code = typeof json.error.code === 'number' && Number.isSafeInteger(json.error.code) ? json.error.code : ProviderRpcCode.InternalError
        throw new ChainRpcError(code, typeof json.error.message === 'string' ? json.error.message.slice(0, 500) : 'RPC error')
      }
      return json.result ?? null
    },
  }
}
