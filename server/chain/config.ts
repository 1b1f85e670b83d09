/**
 * The EVM chains the Blockchain API reads: one RPC URL per CAIP-2 chain, the tokens
 * whose balances it lists, and where the indexer starts. Built from the environment
 * (blockchainEnv.ts) or passed to createServer; the swap and onramp route groups reuse
 * the same chains and clients (clients.ts).
 */
import { type Address } from 'viem'

/** CAIP-2 id of an EVM chain, e.g. `eip155:1`. */
export type Eip155ChainId = `eip155:${number}`

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface ChainConfig {
  chainId: Eip155ChainId
  /** http(s) JSON-RPC URL of a node of this chain. */
  rpcUrl: string
  /** Default: from KNOWN_NATIVE_CURRENCIES, else Ether. */
  nativeCurrency?: NativeCurrency
  /** ERC-20 contracts whose balances GET /v1/account/{address}/balance lists (metadata is read from the chain). */
  tokens?: readonly Address[]
  /** First block the indexer reads on a fresh database. Default 0 (right for a local chain). */
  startBlock?: number
  /** Blocks the indexer stays below this chain's head (overrides the indexer's `confirmations`). */
  confirmations?: number
}

/** Native currencies of the chains SPEC §9 lists, where they are not Ether. */
export const KNOWN_NATIVE_CURRENCIES: Readonly<Record<number, NativeCurrency>> = {
  56: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  100: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  137: { name: 'POL', symbol: 'POL', decimals: 18 },
  42220: { name: 'Celo', symbol: 'CELO', decimals: 18 },
  43114: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
}

export const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

const EIP155_CHAIN_ID = /^eip155:([1-9][0-9]{0,15})$/

/**
 * @example
 * parseEip155ChainId('eip155:10') // 10
 * parseEip155ChainId('solana:5eykt…') // undefined
 */
export function parseEip155ChainId(value: string): number | undefined {
  const match = EIP155_CHAIN_ID.exec(value)
  return match ? Number(match[1]) : undefined
}

export function isEip155ChainId(value: string): value is Eip155ChainId {
  return parseEip155ChainId(value) !== undefined
}

/** The chain's native currency: configured, known, or Ether. */
export function nativeCurrencyOf(chain: ChainConfig): NativeCurrency {
  return chain.nativeCurrency ?? KNOWN_NATIVE_CURRENCIES[parseEip155ChainId(chain.chainId) ?? 0] ?? ETHER
}
