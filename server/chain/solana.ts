/**
 * The Solana networks the Blockchain API reads balances of: one JSON-RPC URL per CAIP-2
 * network (`solana:` + the first 32 characters of the genesis hash). The native SOL
 * balance (`getBalance`) and the balances of configured SPL tokens
 * (`getTokenAccountsByOwner`, jsonParsed) are served; history, names and swaps stay
 * EVM-only.
 */
import { getBase58Encoder } from '@solana/codecs-strings'

/** CAIP-2 id of a Solana network, e.g. `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export type SolanaChainId = `solana:${string}`

/**
 * An SPL token the balance route lists. Name and symbol come from here (the Token program
 * keeps neither); decimals come from the chain.
 */
export interface SplTokenConfig {
  /** The mint's address (base58). */
  mint: string
  name: string
  symbol: string
}

export interface SolanaChainConfig {
  chainId: SolanaChainId
  /** http(s) JSON-RPC URL of a Solana node (or the local LiteSVM stand-in). */
  rpcUrl: string
  /** SPL tokens listed by the balance route (SOLANA_TOKENS); others are not shown. */
  tokens?: SplTokenConfig[]
}

/** The classic SPL Token program; Token-2022 accounts are not read. */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

/** SOL has 9 decimals: 1 SOL = 1 000 000 000 lamports. */
export const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/** @example isSolanaChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') // true */
export function isSolanaChainId(value: string): value is SolanaChainId {
  return /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(value)
}

/** A Solana account address: base58 of a 32-byte public key. */
export function isSolanaAddress(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false
  return getBase58Encoder().encode(value).length === 32
}

/**
 * The account's balance in lamports from the node (`getBalance`, confirmed). Throws on a
 * transport failure or an RPC error; the caller decides what the visitor is told.
 *
 * @example
 * await solanaBalance({ chainId: 'solana:…', rpcUrl: 'http://127.0.0.1:8899' }, '9WzD…') // 2_000_000_000n
 */
export async function solanaBalance(chain: SolanaChainConfig, address: string, fetchImpl: typeof fetch = fetch): Promise<bigint> {
  const value = ((await solanaRpc(chain, 'getBalance', [address, { commitment: 'confirmed' }], fetchImpl)) as { value?: unknown } | undefined)?.value
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new Error('getBalance: no balance in the answer')
  return BigInt(value)
}

/** An SPL holding: base units and the mint's decimals. */
export type SplHolding = { amount: bigint; decimals: number }

type ParsedTokenAccount = { account?: { data?: { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } } } } } }

/**
 * The owner's SPL Token holdings per mint (`getTokenAccountsByOwner` over the Token
 * program, jsonParsed, confirmed), several accounts of one mint summed. Throws on a
 * transport failure, an RPC error or an answer that is not token accounts.
 *
 * @example
 * await splTokenHoldings(chain, '9WzD…') // Map { 'HBuB…' => { amount: 1_000_000_000n, decimals: 6 } }
 */
export async function splTokenHoldings(chain: SolanaChainConfig, owner: string, fetchImpl: typeof fetch = fetch): Promise<Map<string, SplHolding>> {
  const result = (await solanaRpc(chain, 'getTokenAccountsByOwner', [owner, { programId: TOKEN_PROGRAM }, { encoding: 'jsonParsed', commitment: 'confirmed' }], fetchImpl)) as
    { value?: unknown } | undefined
  if (!Array.isArray(result?.value)) throw new Error('getTokenAccountsByOwner: no accounts in the answer')
  const holdings = new Map<string, SplHolding>()
  for (const entry of result.value as ParsedTokenAccount[]) {
    const info = entry.account?.data?.parsed?.info
    const mint = info?.mint
    const amount = info?.tokenAmount?.amount
    const decimals = info?.tokenAmount?.decimals
    if (typeof mint !== 'string' || typeof amount !== 'string' || !/^[0-9]+$/.test(amount) || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 18) {
      throw new Error('getTokenAccountsByOwner: an account is not a parsed token account')
    }
    holdings.set(mint, { amount: (holdings.get(mint)?.amount ?? 0n) + BigInt(amount), decimals })
  }
  return holdings
}

/** One JSON-RPC call to the chain's node; its `result`, or an Error naming the method. */
async function solanaRpc(chain: SolanaChainConfig, method: string, params: unknown[], fetchImpl: typeof fetch): Promise<unknown> {
  const response = await fetchImpl(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`)
  const body = (await response.json()) as { result?: unknown; error?: { message?: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message ?? 'RPC error'}`)
  return body.result
}
