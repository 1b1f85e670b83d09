/**
 * GET /v1/account/{address}/balance (SPEC §7, SPEC §3 Token balance): the native
 * currency and the configured tokens of one chain, read from its RPC node and priced
 * from the price source. A configured token that cannot be read (no contract at its
 * address, or its balanceOf reverts) is left out and the rest is served; only a native
 * balance the node does not give is a 502. A Solana account (base58, or `solana:<ref>:<base58>`) gets its
 * SOL balance and its holdings of the network's configured SPL tokens (name and symbol
 * from the config, decimals from the chain) from the configured Solana RPC; mints that
 * are not configured are not listed, as unconfigured ERC-20s are not. Answers are kept `balanceCacheMs` per
 * address, chain and currency; `forceUpdate=true` reads the chain again.
 */
import { type FastifyPluginAsync } from 'fastify'
import { type Address, erc20Abi, formatUnits } from 'viem'
import type * as Wire from '../../src/shared/blockchainApi'
import { CAIP2_PATTERN } from '../../src/shared/caip'
import { type ChainClients } from '../chain/clients'
import { type ChainConfig, nativeCurrencyOf } from '../chain/config'
import { type PriceSource, priceOf } from '../chain/prices'
import { isSolanaAddress, isSolanaChainId, SOL, solanaBalance, splTokenHoldings, type SolanaChainConfig, type SolanaChainId } from '../chain/solana'
import { errorWithCodeResponses, parseAccountParam, requireChain, tokenIconUrl } from '../chain/requestHelpers'
import { type TokenMetadataStore } from '../chain/tokens'
import { HttpError } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectOf, projectQueryProperties } from '../projectGuard'
import { type ProjectRegistry } from '../projects'

export interface BalanceRoutesOptions {
  projects: ProjectRegistry
  clients: ChainClients
  tokens: TokenMetadataStore
  prices: PriceSource
  /** The Solana networks whose SOL and SPL token balances are served. Default none. */
  solanaChains?: readonly SolanaChainConfig[]
  /** Default 5 s: absorbs bursts without hiding a payment for long. */
  balanceCacheMs?: number
  now?: () => number
}

interface BalanceQuery extends ProjectQuery {
  currency: string
  chainId?: string
  forceUpdate?: boolean
}

const tokenBalanceSchema = {
  type: 'object',
  required: ['name', 'symbol', 'chainId', 'value', 'price', 'quantity', 'iconUrl'],
  properties: {
    name: { type: 'string' },
    symbol: { type: 'string' },
    chainId: { type: 'string' },
    address: { type: 'string' },
    value: { type: 'number' },
    price: { type: 'number' },
    quantity: { type: 'object', required: ['decimals', 'numeric'], properties: { decimals: { type: 'string' }, numeric: { type: 'string' } } },
    iconUrl: { type: 'string' },
  },
} as const

const balanceSchema = {
  params: { type: 'object', required: ['address'], properties: { address: { type: 'string', maxLength: 128 } } },
  querystring: {
    type: 'object',
    required: ['projectId'],
    properties: {
      ...projectQueryProperties,
      currency: { type: 'string', pattern: '^[A-Za-z]{3}$', default: 'usd' },
      chainId: { type: 'string', pattern: CAIP2_PATTERN },
      forceUpdate: { type: 'boolean' },
    },
  },
  response: {
    200: { type: 'object', required: ['balances'], properties: { balances: { type: 'array', items: tokenBalanceSchema } } },
    ...errorWithCodeResponses,
  },
} as const

type BalanceToken = { name: string; symbol: string; decimals: number; address?: string | undefined }

/** A Solana account in the path: a base58 address, or a CAIP-10 id on a `solana:` network. */
function parseSolanaAccount(value: string): { address: string; chainId?: SolanaChainId } | undefined {
  const parts = value.split(':')
  if (parts.length === 1 && isSolanaAddress(value)) return { address: value }
  const chainId = `${parts[0]}:${parts[1]}`
  if (parts.length === 3 && isSolanaChainId(chainId) && isSolanaAddress(parts[2]!)) return { address: parts[2]!, chainId }
  return undefined
}

export const balanceRoutes: FastifyPluginAsync<BalanceRoutesOptions> = async (app, { projects, clients, tokens, prices, solanaChains = [], balanceCacheMs = 5_000, now = Date.now }) => {
  app.addHook('preValidation', projectGuard(projects))
  const cache = new Map<string, { at: number; balances: Wire.TokenBalance[] }>()

  app.get<{ Params: { address: string }; Querystring: BalanceQuery; Reply: Wire.BalanceResponse }>('/v1/account/:address/balance', { schema: balanceSchema }, async (request) => {
    const solana = parseSolanaAccount(request.params.address)
    const account = solana ?? parseAccountParam(request.params.address, 'params/address')
    const chainId = request.query.chainId ?? account.chainId
    if (account.chainId !== undefined && chainId !== account.chainId) {
      throw new HttpError(400, 'Bad Request', `The account is on ${account.chainId} but chainId asks for ${chainId}`)
    }
    const currency = request.query.currency.toLowerCase()
    const iconUrl = tokenIconUrl(request, projectOf(request).id)
    // One kind of chain per request: the address says which.
    const solanaTargets = solana ? (chainId === undefined ? solanaChains : [requireSolanaChain(chainId)]) : []
    const evmTargets = solana ? [] : chainId === undefined ? clients.chains : [requireChain(clients, chainId)]

    const key = `${account.address}:${[...evmTargets, ...solanaTargets].map((c) => c.chainId).join(',')}:${currency}:${iconUrl('')}`
    const cached = cache.get(key)
    if (!request.query.forceUpdate && cached && now() - cached.at < balanceCacheMs) return { balances: cached.balances }

    const perChain = await Promise.all([
      ...evmTargets.map((chain) => chainBalances(chain, account.address as Address, currency, iconUrl)),
      ...solanaTargets.map((chain) => solanaBalances(chain, account.address, currency, iconUrl)),
    ])
    const balances = perChain.flat()
    if (balanceCacheMs > 0) {
      cache.set(key, { at: now(), balances })
      if (cache.size > 10_000) cache.delete(cache.keys().next().value as string)
    }
    return { balances }
  })

  /** The configured Solana network a request names, or 400 'Chain is not supported' (SPEC §8). */
  function requireSolanaChain(chainId: string): SolanaChainConfig {
    const chain = solanaChains.find((c) => c.chainId === chainId)
    if (chain === undefined) {
      const configured = solanaChains.map((c) => c.chainId).join(', ') || 'none'
      throw new HttpError(400, 'Chain is not supported', `This server reads no Solana network '${chainId.slice(0, 64)}' (configured: ${configured}; see SOLANA_RPC_URLS)`, {
        code: 'UNSUPPORTED_CHAIN',
      })
    }
    return chain
  }

  /** One balance line, priced from the price source. `address` is the token's contract or mint; none for the native coin. */
  async function balanceEntry(chainId: Wire.TokenBalance['chainId'], token: BalanceToken, amount: bigint, currency: string, iconUrl: (symbol: string) => string): Promise<Wire.TokenBalance> {
    const numeric = formatUnits(amount, token.decimals)
    const price = (await priceOf(prices, { chainId, address: token.address, symbol: token.symbol }, currency)) ?? 0
    return {
      name: token.name,
      symbol: token.symbol,
      chainId,
      ...(token.address ? { address: `${chainId}:${token.address}` as Wire.TokenBalance['address'] } : {}),
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(token.decimals), numeric },
      iconUrl: iconUrl(token.symbol),
    }
  }

  /** SOL first, then each configured SPL token the account holds (a zero holding is none). */
  async function solanaBalances(chain: SolanaChainConfig, address: string, currency: string, iconUrl: (symbol: string) => string): Promise<Wire.TokenBalance[]> {
    let lamports: bigint
    let holdings: Awaited<ReturnType<typeof splTokenHoldings>>
    try {
      ;[lamports, holdings] = await Promise.all([solanaBalance(chain, address), chain.tokens?.length ? splTokenHoldings(chain, address) : new Map()])
    } catch (error) {
      // As for EVM nodes: the URL may carry a key, so it is logged, not sent.
      app.log.warn({ err: error }, `balance: ${chain.chainId} RPC failed`)
      throw new HttpError(502, 'Bad Gateway', `The RPC node of ${chain.chainId} did not answer`, { code: 'CHAIN_UNAVAILABLE' })
    }
    const entry = (token: BalanceToken, amount: bigint) => balanceEntry(chain.chainId, token, amount, currency, iconUrl)
    const result = [await entry(SOL, lamports)]
    for (const token of chain.tokens ?? []) {
      const holding = holdings.get(token.mint)
      if (holding === undefined || holding.amount === 0n) continue
      result.push(await entry({ name: token.name, symbol: token.symbol, decimals: holding.decimals, address: token.mint }, holding.amount))
    }
    return result
  }

  async function chainBalances(chain: ChainConfig, address: Address, currency: string, iconUrl: (symbol: string) => string): Promise<Wire.TokenBalance[]> {
    const client = clients.client(chain.chainId)!
    const native = nativeCurrencyOf(chain)
    const configured = chain.tokens ?? []
    // Each asset on its own: a token whose contract is gone or reverts is left out, and
    // the rest is served. Only the native balance failing means the node did not answer.
    const [nativeRead, ...tokenReads] = await Promise.allSettled([
      client.getBalance({ address }),
      ...configured.map((token) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] })),
    ])
    if (nativeRead.status === 'rejected') {
      // The node's error may name its URL (and a key in it): log it, do not send it.
      app.log.warn({ err: nativeRead.reason }, `balance: ${chain.chainId} RPC failed`)
      throw new HttpError(502, 'Bad Gateway', `The RPC node of ${chain.chainId} did not answer`, { code: 'CHAIN_UNAVAILABLE' })
    }
    const metadata = await tokens.getMany(
      chain.chainId,
      configured.map((token) => ({ address: token, standard: 'erc20' as const })),
    )
    const entry = (token: BalanceToken, amount: bigint) => balanceEntry(chain.chainId, token, amount, currency, iconUrl)
    const result = [await entry(native, nativeRead.value)]
    for (const [i, token] of configured.entries()) {
      const read = tokenReads[i]!
      if (read.status === 'rejected') {
        app.log.warn({ err: read.reason }, `balance: token ${token} on ${chain.chainId} could not be read; left out`)
        continue
      }
      const meta = metadata.get(token.toLowerCase())
      // A holding of zero is no holding; a contract that is no token is skipped.
      if (read.value === 0n || meta === undefined) continue
      result.push(await entry(meta, read.value))
    }
    return result
  }
}
