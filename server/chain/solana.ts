/**
 * The Solana networks the Blockchain API reads balances of: one JSON-RPC URL per CAIP-2
 * network (`solana:` + the first 32 characters of the genesis hash). Only the native SOL
 * balance is served (`getBalance`); history, names and swaps stay EVM-only.
 */
import { decodeBase58 } from '../auth/base58'

/** CAIP-2 id of a Solana network, e.g. `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export type SolanaChainId = `solana:${string}`

export interface SolanaChainConfig {
  chainId: SolanaChainId
  /** http(s) JSON-RPC URL of a Solana node (or the local LiteSVM stand-in). */
  rpcUrl: string
}

/** SOL has 9 decimals: 1 SOL = 1 000 000 000 lamports. */
export const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/** @example isSolanaChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // true */
export function isSolanaChainId(value: string): value is SolanaChainId {
  return /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(value)
}

/** A Solana account address: base58 of a 32-byte public key. */
export function isSolanaAddress(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false
  return decodeBase58(value).length === 32
}

/**
 * The account's balance in lamports from the node (`getBalance`, confirmed). Throws on a
 * transport failure or an RPC error; the caller decides what the visitor is told.
 *
 * @example
 * await solanaBalance({ chainId: 'solana:…', rpcUrl: 'http://127.0.0.1:8899' }, '9WzD…') // 2_000_000_000n
 */
export async function solanaBalance(chain: SolanaChainConfig, address: string, fetchImpl: typeof fetch = fetch): Promise<bigint> {
  const response = await fetchImpl(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`getBalance: HTTP ${response.status}`)
  const body = (await response.json()) as { result?: { value?: unknown }; error?: { message?: string } }
  if (body.error) throw new Error(`getBalance: ${body.error.message ?? 'RPC error'}`)
  const value = body.result?.value
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new Error('getBalance: no balance in the answer')
  return BigInt(value)
}
