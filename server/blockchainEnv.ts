/**
 * The Blockchain API's environment variables (docs/self-hosting.md), read and checked
 * apart from env.ts so each area owns its variables; a bad value stops the start with
 * an InvalidEnvironmentError naming the variable.
 *
 * - CHAIN_RPC_URLS   {"eip155:1":"http://127.0.0.1:8545", …}
 * - SOLANA_RPC_URLS  {"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":"https://…", …}  SOL balances
 * - SOLANA_TOKENS    {"solana:5eykt4Us…":[{"mint":"EPjF…","name":"USD Coin","symbol":"USDC"}]}  SPL tokens listed
 * - CHAIN_TOKENS     {"eip155:1":["0x5FbD…"], …}  ERC-20s listed by the balance endpoint
 * - PRICE_TABLE      {"ETH":{"usd":3000}, "eip155:1:0x5FbD…":{"usd":1}}
 * - INDEXER_ENABLED, INDEXER_POLL_MS, INDEXER_START_BLOCKS {"eip155:1":19000000},
 *   INDEXER_CONFIRMATIONS {"eip155:1":12}
 * - NAME_SUFFIX, SIWX_SESSION_TTL_SECONDS
 * - ONRAMP_SENDERS   {"test":["0x…"]}  what history?onramp=test lists
 */
import { isAddress, getAddress, type Address } from 'viem'
import { type BlockchainServerOptions } from './blockchainApi'
import { type ChainConfig, isEip155ChainId } from './chain/config'
import { createPriceTable, priceTableProblem, type PriceTable } from './chain/prices'
import { isSolanaAddress, isSolanaChainId, type SolanaChainConfig } from './chain/solana'
import { InvalidEnvironmentError } from './env'

export interface BlockchainEnv {
  chains: ChainConfig[]
  /** SOLANA_RPC_URLS: the Solana networks whose SOL balances are served. */
  solanaChains: SolanaChainConfig[]
  /** PRICE_TABLE, or undefined for the default table. */
  priceTable: PriceTable | undefined
  indexer: false | { pollIntervalMs: number }
  nameSuffix: string
  siwxSessionTtlSeconds: number
  onrampSenders: Record<string, Address[]>
}

export const DEFAULT_INDEXER_POLL_MS = 1000
export const DEFAULT_SIWX_SESSION_TTL_SECONDS = 7 * 24 * 3600

type Env = Readonly<Record<string, string | undefined>>

/**
 * @example
 * readBlockchainEnv({ CHAIN_RPC_URLS: '{"eip155:1":"http://127.0.0.1:8545"}' }).chains // [{ chainId: 'eip155:1', rpcUrl: … }]
 */
export function readBlockchainEnv(env: Env): BlockchainEnv {
  const rpcUrls = readJsonObject(env, 'CHAIN_RPC_URLS', '{"eip155:1":"http://127.0.0.1:8545"}') ?? {}
  const tokens = readJsonObject(env, 'CHAIN_TOKENS', '{"eip155:1":["0x5FbDB2315678afecb367f032d93F642f64180aa3"]}') ?? {}
  const startBlocks = readJsonObject(env, 'INDEXER_START_BLOCKS', '{"eip155:1":19000000}') ?? {}
  const confirmations = readJsonObject(env, 'INDEXER_CONFIRMATIONS', '{"eip155:1":12}') ?? {}

  const chains: ChainConfig[] = []
  for (const [chainId, url] of Object.entries(rpcUrls)) {
    if (!isEip155ChainId(chainId)) throw new InvalidEnvironmentError(`CHAIN_RPC_URLS: '${chainId}' is not an EVM CAIP-2 chain id such as eip155:1`)
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) {
      throw new InvalidEnvironmentError(`CHAIN_RPC_URLS: the RPC URL of ${chainId} must be an http:// or https:// URL`)
    }
    chains.push({ chainId, rpcUrl: url })
  }
  const solanaChains: SolanaChainConfig[] = []
  for (const [chainId, url] of Object.entries(readJsonObject(env, 'SOLANA_RPC_URLS', '{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":"https://api.mainnet-beta.solana.com"}') ?? {})) {
    if (!isSolanaChainId(chainId)) throw new InvalidEnvironmentError(`SOLANA_RPC_URLS: '${chainId}' is not a Solana CAIP-2 network id (solana: and the first 32 characters of the genesis hash)`)
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) {
      throw new InvalidEnvironmentError(`SOLANA_RPC_URLS: the RPC URL of ${chainId} must be an http:// or https:// URL`)
    }
    solanaChains.push({ chainId, rpcUrl: url })
  }
  for (const [chainId, list] of Object.entries(readJsonObject(env, 'SOLANA_TOKENS', '{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":[{"mint":"EPjF…","name":"USD Coin","symbol":"USDC"}]}') ?? {})) {
    const chain = solanaChains.find((c) => c.chainId === chainId)
    if (chain === undefined) throw new InvalidEnvironmentError(`SOLANA_TOKENS: ${chainId} is not in SOLANA_RPC_URLS`)
    const isToken = (item: unknown): item is { mint: string; name: string; symbol: string } => {
      const { mint, name, symbol } = (item ?? {}) as Record<string, unknown>
      return typeof mint === 'string' && isSolanaAddress(mint) && typeof name === 'string' && /^.{1,64}$/u.test(name) && typeof symbol === 'string' && /^[\p{L}\p{N}._-]{1,16}$/u.test(symbol)
    }
    if (!Array.isArray(list) || !list.every(isToken)) {
      throw new InvalidEnvironmentError(`SOLANA_TOKENS: ${chainId} must list SPL tokens as {"mint":"<base58 address>","name":"…","symbol":"…"} (symbol: 1 to 16 letters, digits, . _ -)`)
    }
    chain.tokens = list.map(({ mint, name, symbol }) => ({ mint, name, symbol }))
  }
  const configured = (name: string, chainId: string) => {
    const chain = chains.find((c) => c.chainId === chainId)
    if (chain === undefined) throw new InvalidEnvironmentError(`${name}: ${chainId} is not in CHAIN_RPC_URLS`)
    return chain
  }
  for (const [chainId, list] of Object.entries(tokens)) {
    const chain = configured('CHAIN_TOKENS', chainId)
    if (!Array.isArray(list) || !list.every((item): item is string => typeof item === 'string' && isAddress(item, { strict: false }))) {
      throw new InvalidEnvironmentError(`CHAIN_TOKENS: ${chainId} must list ERC-20 contract addresses (0x and 40 hex characters)`)
    }
    chain.tokens = list.map((item) => getAddress(item))
  }
  for (const [chainId, block] of Object.entries(startBlocks)) {
    const chain = configured('INDEXER_START_BLOCKS', chainId)
    if (typeof block !== 'number' || !Number.isSafeInteger(block) || block < 0) {
      throw new InvalidEnvironmentError(`INDEXER_START_BLOCKS: the start block of ${chainId} must be a whole number of 0 or more`)
    }
    chain.startBlock = block
  }
  for (const [chainId, depth] of Object.entries(confirmations)) {
    const chain = configured('INDEXER_CONFIRMATIONS', chainId)
    if (typeof depth !== 'number' || !Number.isSafeInteger(depth) || depth < 0 || depth > 1000) {
      throw new InvalidEnvironmentError(`INDEXER_CONFIRMATIONS: the confirmations of ${chainId} must be a whole number from 0 to 1000`)
    }
    chain.confirmations = depth
  }

  const priceJson = readJsonObject(env, 'PRICE_TABLE', '{"ETH":{"usd":3000},"PTT":{"usd":1}}')
  if (priceJson !== undefined) {
    const problem = priceTableProblem(priceJson)
    if (problem !== undefined) throw new InvalidEnvironmentError(`PRICE_TABLE: ${problem}`)
  }

  const enabled = readBoolean('INDEXER_ENABLED', env.INDEXER_ENABLED, true)
  const pollText = env.INDEXER_POLL_MS?.trim() || String(DEFAULT_INDEXER_POLL_MS)
  const pollIntervalMs = Number(pollText)
  if (!/^[0-9]+$/.test(pollText) || pollIntervalMs < 50 || pollIntervalMs > 600_000) {
    throw new InvalidEnvironmentError(`INDEXER_POLL_MS must be a whole number of milliseconds from 50 to 600000, not '${env.INDEXER_POLL_MS}'`)
  }

  const nameSuffix = env.NAME_SUFFIX?.trim().toLowerCase() || '.portico.id'
  if (!/^(\.[a-z0-9-]{1,63}){1,4}$/.test(nameSuffix)) {
    throw new InvalidEnvironmentError(`NAME_SUFFIX must start with a dot and hold DNS labels, e.g. .portico.id, not '${env.NAME_SUFFIX}'`)
  }

  const ttlText = env.SIWX_SESSION_TTL_SECONDS?.trim() || String(DEFAULT_SIWX_SESSION_TTL_SECONDS)
  const siwxSessionTtlSeconds = Number(ttlText)
  if (!/^[0-9]+$/.test(ttlText) || siwxSessionTtlSeconds < 60 || siwxSessionTtlSeconds > 90 * 24 * 3600) {
    throw new InvalidEnvironmentError(`SIWX_SESSION_TTL_SECONDS must be a whole number of seconds from 60 to 7776000 (90 days), not '${env.SIWX_SESSION_TTL_SECONDS}'`)
  }

  const senders = readJsonObject(env, 'ONRAMP_SENDERS', '{"test":["0x…"]}') ?? {}
  const onrampSenders: Record<string, Address[]> = {}
  for (const [provider, list] of Object.entries(senders)) {
    if (!/^[a-z0-9-]{1,32}$/.test(provider)) throw new InvalidEnvironmentError(`ONRAMP_SENDERS: '${provider}' must be a provider id of a-z, 0-9 and hyphens`)
    if (!Array.isArray(list) || !list.every((item): item is string => typeof item === 'string' && isAddress(item, { strict: false }))) {
      throw new InvalidEnvironmentError(`ONRAMP_SENDERS: ${provider} must list addresses (0x and 40 hex characters)`)
    }
    onrampSenders[provider] = list.map((item) => getAddress(item))
  }

  return {
    chains,
    solanaChains,
    priceTable: priceJson as PriceTable | undefined,
    indexer: enabled ? { pollIntervalMs } : false,
    nameSuffix,
    siwxSessionTtlSeconds,
    onrampSenders,
  }
}

/** createServer's `blockchain` option from the variables. */
export function blockchainOptions(env: BlockchainEnv): BlockchainServerOptions {
  return {
    chains: env.chains,
    solanaChains: env.solanaChains,
    ...(env.priceTable ? { prices: createPriceTable(env.priceTable) } : {}),
    indexer: env.indexer,
    nameSuffix: env.nameSuffix,
    siwxSessionTtlMs: env.siwxSessionTtlSeconds * 1000,
    onrampSenders: env.onrampSenders,
  }
}

export function readJsonObject(env: Env, name: string, example: string): Record<string, unknown> | undefined {
  const text = env[name]?.trim()
  if (!text) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new InvalidEnvironmentError(`${name} must be a JSON object, e.g. ${example}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidEnvironmentError(`${name} must be a JSON object, e.g. ${example}`)
  return value as Record<string, unknown>
}

function readBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  const normalised = value?.trim().toLowerCase() ?? ''
  if (normalised === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(normalised)) return true
  if (['0', 'false', 'no', 'off'].includes(normalised)) return false
  throw new InvalidEnvironmentError(`${name} must be true or false, not '${value}'`)
}
