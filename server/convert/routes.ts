/**
 * The swap endpoints of the Blockchain API (SPEC §7, /v1/convert/*), answered from one
 * constant-product pool per chain (pool.ts, dev/chain/contracts/PorticoPool.sol): the
 * token list is the pair, a quote is the pool's math on its on-chain reserves, and the
 * approve and swap transactions are built for the user's wallet to sign. Only the
 * swap networks of SPEC §9 that have a pool configured answer; any other chain gets
 * 'Network not supported for Swaps' (or '… for Gas Price'), as the client throws.
 */
import { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import { type Address, BaseError, ContractFunctionRevertedError, type Hex, type PublicClient, encodeFunctionData, erc20Abi, ExecutionRevertedError, getAddress, isAddress, maxUint256 } from 'viem'
import type * as Wire from '../../src/shared/blockchainApi'
import { CAIP2_PATTERN } from '../../src/shared/caip'
import { type ChainClients } from '../chain/clients'
import { type Eip155ChainId, isEip155ChainId, nativeCurrencyOf, parseEip155ChainId } from '../chain/config'
import { errorWithCodeResponses, tokenIconUrl } from '../chain/requestHelpers'
import { HttpError } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectOf, projectQueryProperties } from '../projectGuard'
import { type ProjectRegistry } from '../projects'
import { NATIVE_TOKEN_ADDRESS, type SwapPools, getAmountOut, minimumOut, porticoPoolServerAbi } from './pool'

/** SPEC §9: the EVM chains on which swaps are offered (the client's `SwapChainIds`). */
export const SWAP_CHAIN_IDS: readonly number[] = [1, 56, 137, 324, 100, 8453, 10, 42161, 43114, 250, 8217, 1313161554]

/** Gas limit sent when the caller asks for no estimate (`disableEstimate`): ample for either swap. */
export const DEFAULT_SWAP_GAS = 200_000n

export interface ConvertRoutesOptions {
  projects: ProjectRegistry
  /** The chains' RPC clients (blockchainApi.ts shares them); a pool's chain must be among them. */
  clients: ChainClients
  /** Chain → pool address (SWAP_POOLS). A swap chain without a pool is not a swap network here. */
  pools: SwapPools
  /** Chains on which swaps are offered. Default SWAP_CHAIN_IDS. */
  swapChainIds?: readonly number[]
}

type Side = 'native' | 'token'

interface SwapChain {
  chainId: Eip155ChainId
  client: PublicClient
  pool: Address
}

interface Pair extends SwapChain {
  token: Address
  tokenMeta: { name: string; symbol: string; decimals: number }
}

const caip10 = { type: 'string', maxLength: 128 } as const
const integer = { type: 'string', pattern: '^[0-9]{1,78}$' } as const

const txAddress = { type: 'string' } as const
const schemas = {
  tokens: {
    querystring: { type: 'object', required: ['projectId', 'chainId'], properties: { ...projectQueryProperties, chainId: { type: 'string', pattern: CAIP2_PATTERN } } },
    response: {
      200: {
        type: 'object',
        required: ['tokens'],
        properties: {
          tokens: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'symbol', 'address', 'decimals', 'logoUri'],
              properties: {
                name: { type: 'string' },
                symbol: { type: 'string' },
                address: { type: 'string' },
                decimals: { type: 'integer' },
                logoUri: { type: 'string' },
                eip2612: { type: 'boolean' },
              },
            },
          },
        },
      },
      ...errorWithCodeResponses,
    },
  },
  quotes: {
    querystring: {
      type: 'object',
      required: ['projectId', 'amount', 'userAddress', 'from', 'to'],
      properties: { ...projectQueryProperties, amount: integer, userAddress: caip10, from: caip10, to: caip10, gasPrice: integer },
    },
    response: {
      200: {
        type: 'object',
        required: ['quotes'],
        properties: {
          quotes: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'fromAmount', 'fromAccount', 'toAmount', 'toAccount'],
              properties: { id: { type: ['string', 'null'] }, fromAmount: { type: 'string' }, fromAccount: { type: 'string' }, toAmount: { type: 'string' }, toAccount: { type: 'string' } },
            },
          },
        },
      },
      ...errorWithCodeResponses,
    },
  },
  gasPrice: {
    querystring: { type: 'object', required: ['projectId', 'chainId'], properties: { ...projectQueryProperties, chainId: { type: 'string', pattern: CAIP2_PATTERN } } },
    response: {
      200: { type: 'object', required: ['standard', 'fast', 'instant'], properties: { standard: { type: 'string' }, fast: { type: 'string' }, instant: { type: 'string' } } },
      ...errorWithCodeResponses,
    },
  },
  allowance: {
    querystring: { type: 'object', required: ['projectId', 'tokenAddress', 'userAddress'], properties: { ...projectQueryProperties, tokenAddress: caip10, userAddress: caip10 } },
    response: { 200: { type: 'object', required: ['allowance'], properties: { allowance: { type: 'string' } } }, ...errorWithCodeResponses },
  },
  buildApprove: {
    querystring: {
      type: 'object',
      required: ['projectId', 'userAddress', 'from', 'to'],
      properties: { ...projectQueryProperties, userAddress: caip10, from: caip10, to: caip10, amount: integer },
    },
    response: {
      200: {
        type: 'object',
        required: ['tx'],
        properties: {
          tx: {
            type: 'object',
            required: ['from', 'to', 'data', 'value', 'eip155'],
            properties: {
              from: txAddress,
              to: txAddress,
              data: { type: 'string' },
              value: { type: 'string' },
              eip155: { type: 'object', required: ['gasPrice'], properties: { gasPrice: { type: 'string' } } },
            },
          },
        },
      },
      ...errorWithCodeResponses,
    },
  },
  buildTransaction: {
    querystring: { type: 'object', required: ['projectId'], properties: projectQueryProperties },
    body: {
      type: 'object',
      required: ['amount', 'from', 'to', 'userAddress'],
      properties: {
        amount: integer,
        // Percent; SPEC §9's shared value is 1. Half the output is the most anyone should give away.
        slippage: { type: 'number', minimum: 0, maximum: 50, default: 1 },
        from: caip10,
        to: caip10,
        userAddress: caip10,
        disableEstimate: { type: 'boolean', default: false },
      },
    },
    response: {
      200: {
        type: 'object',
        required: ['tx'],
        properties: {
          tx: {
            type: 'object',
            required: ['from', 'to', 'data', 'amount', 'eip155'],
            properties: {
              from: txAddress,
              to: txAddress,
              data: { type: 'string' },
              amount: { type: 'string' },
              eip155: { type: 'object', required: ['gas', 'gasPrice'], properties: { gas: { type: 'string' }, gasPrice: { type: 'string' } } },
            },
          },
        },
      },
      ...errorWithCodeResponses,
    },
  },
} as const

/**
 * The convert route group as a Fastify plugin (projectGuard on every route).
 *
 * @example
 * app.register(convertRoutes, { projects, clients, pools: { 'eip155:1': '0xe7f1…' } })
 */
export const convertRoutes: FastifyPluginAsync<ConvertRoutesOptions> = async (app, { projects, clients, pools, swapChainIds = SWAP_CHAIN_IDS }) => {
  app.addHook('preValidation', projectGuard(projects))
  const swapChains = new Set(swapChainIds)
  // The pool's token and its metadata never change: read once per chain (a failed read is retried next time).
  const pairs = new Map<string, Promise<Pair>>()

  function swapChain(chainId: string, kind: 'Swaps' | 'Gas Price' = 'Swaps'): SwapChain {
    const unsupported = (why: string) =>
      new HttpError(400, `Network not supported for ${kind}`, `${chainId.slice(0, 64)}: ${why}`, { code: kind === 'Swaps' ? 'NETWORK_NOT_SUPPORTED_FOR_SWAPS' : 'NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE' })
    const id = parseEip155ChainId(chainId)
    if (id === undefined || !swapChains.has(id)) throw unsupported('swaps are offered on the EVM networks of SPEC §9 only')
    const pool = pools[chainId as Eip155ChainId]
    const client = clients.client(chainId)
    if (pool === undefined || client === undefined) throw unsupported('this server has no swap pool on that network (see SWAP_POOLS)')
    return { chainId: chainId as Eip155ChainId, client, pool }
  }

  function pairOf(chain: SwapChain): Promise<Pair> {
    let pair = pairs.get(chain.chainId)
    if (pair === undefined) {
      pair = (async () => {
        const token = await chain.client.readContract({ address: chain.pool, abi: porticoPoolServerAbi, functionName: 'token' })
        const [name, symbol, decimals] = await Promise.all([
          chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'name' }),
          chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
          chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
        ])
        return { ...chain, token: getAddress(token), tokenMeta: { name, symbol, decimals } }
      })()
      pairs.set(chain.chainId, pair)
      pair.catch(() => pairs.delete(chain.chainId))
    }
    return rpc(chain.chainId, pair)
  }

  /** An RPC failure is the node's, not the caller's: 502, and the node's error (which may name its URL) only in the log. */
  async function rpc<T>(chainId: string, call: Promise<T>): Promise<T> {
    try {
      return await call
    } catch (error) {
      if (error instanceof HttpError) throw error
      app.log.warn({ err: error }, `convert: ${chainId} RPC failed`)
      throw new HttpError(502, 'Bad Gateway', `The RPC node of ${chainId} did not answer`, { code: 'CHAIN_UNAVAILABLE' })
    }
  }

  /** Which side of the pair a CAIP-10 token address is, or 400. */
  function sideOf(pair: Pair, value: string, field: string): Side {
    const { chainId, address } = parseCaip10(value, field)
    if (chainId !== pair.chainId) throw new HttpError(400, 'Bad Request', `${field} is on ${chainId} but the swap is on ${pair.chainId}`)
    if (address === NATIVE_TOKEN_ADDRESS.toLowerCase()) return 'native'
    if (address === pair.token.toLowerCase()) return 'token'
    throw new HttpError(400, 'Bad Request', `${field}: ${value} is not swappable on ${pair.chainId}; the tokens are ${NATIVE_TOKEN_ADDRESS} (native) and ${pair.token}`, {
      code: 'TOKEN_NOT_SUPPORTED',
    })
  }

  async function quote(pair: Pair, from: Side, to: Side, amount: bigint): Promise<bigint> {
    if (from === to) throw new HttpError(400, 'Bad Request', 'from and to are the same token')
    if (amount === 0n) throw new HttpError(400, 'Bad Request', 'amount must be more than 0')
    const [nativeReserve, tokenReserve] = await rpc(pair.chainId, pair.client.readContract({ address: pair.pool, abi: porticoPoolServerAbi, functionName: 'getReserves' }))
    const out = from === 'native' ? getAmountOut(amount, nativeReserve, tokenReserve) : getAmountOut(amount, tokenReserve, nativeReserve)
    if (out === 0n) throw new HttpError(400, 'Bad Request', 'amount is too small to buy anything from the pool', { code: 'AMOUNT_TOO_SMALL' })
    return out
  }

  app.get<{ Querystring: ProjectQuery & Wire.SwapTokensQuery; Reply: Wire.SwapTokensResponse }>('/v1/convert/tokens', { schema: schemas.tokens }, async (request) => {
    const pair = await pairOf(swapChain(request.query.chainId))
    const icon = tokenIconUrl(request, projectOf(request).id)
    const native = nativeCurrencyOf(clients.chain(pair.chainId)!)
    return {
      tokens: [
        { name: native.name, symbol: native.symbol, address: `${pair.chainId}:${NATIVE_TOKEN_ADDRESS}`, decimals: native.decimals, logoUri: icon(native.symbol) },
        { ...pair.tokenMeta, address: `${pair.chainId}:${pair.token}`, logoUri: icon(pair.tokenMeta.symbol) },
      ],
    }
  })

  app.get<{ Querystring: ProjectQuery & Wire.SwapQuotesQuery; Reply: Wire.SwapQuotesResponse }>('/v1/convert/quotes', { schema: schemas.quotes }, async (request) => {
    const { amount, userAddress, from, to } = request.query
    const pair = await pairOf(swapChain(parseCaip10(from, 'from').chainId))
    userOf(pair, userAddress)
    const toAmount = await quote(pair, sideOf(pair, from, 'from'), sideOf(pair, to, 'to'), BigInt(amount))
    return { quotes: [{ id: null, fromAmount: amount, fromAccount: from, toAmount: toAmount.toString(), toAccount: to }] }
  })

  app.get<{ Querystring: ProjectQuery & Wire.GasPriceQuery; Reply: Wire.GasPriceResponse }>('/v1/convert/gas-price', { schema: schemas.gasPrice }, async (request) => {
    const chain = swapChain(request.query.chainId, 'Gas Price')
    const standard = await rpc(chain.chainId, chain.client.getGasPrice())
    // One node price; the faster tiers bid 25 % and 50 % above it.
    return { standard: standard.toString(), fast: ((standard * 125n) / 100n).toString(), instant: ((standard * 150n) / 100n).toString() }
  })

  app.get<{ Querystring: ProjectQuery & Wire.SwapAllowanceQuery; Reply: Wire.SwapAllowanceResponse }>('/v1/convert/allowance', { schema: schemas.allowance }, async (request) => {
    const { tokenAddress, userAddress } = request.query
    const pair = await pairOf(swapChain(parseCaip10(tokenAddress, 'tokenAddress').chainId))
    const user = userOf(pair, userAddress)
    // The native currency is sent with the swap: nothing to approve, so no limit.
    if (sideOf(pair, tokenAddress, 'tokenAddress') === 'native') return { allowance: maxUint256.toString() }
    const allowance = await rpc(pair.chainId, pair.client.readContract({ address: pair.token, abi: erc20Abi, functionName: 'allowance', args: [user, pair.pool] }))
    return { allowance: allowance.toString() }
  })

  app.get<{ Querystring: ProjectQuery & Wire.ApproveTransactionQuery; Reply: Wire.ApproveTransactionResponse }>('/v1/convert/build-approve', { schema: schemas.buildApprove }, async (request) => {
    const { userAddress, from, to, amount } = request.query
    const pair = await pairOf(swapChain(parseCaip10(from, 'from').chainId))
    userOf(pair, userAddress)
    if (sideOf(pair, from, 'from') === 'native') throw new HttpError(400, 'Bad Request', 'from is the native currency, which needs no approval', { code: 'APPROVAL_NOT_NEEDED' })
    if (sideOf(pair, to, 'to') !== 'native') throw new HttpError(400, 'Bad Request', 'from and to are the same token')
    const gasPrice = await rpc(pair.chainId, pair.client.getGasPrice())
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [pair.pool, amount === undefined ? maxUint256 : BigInt(amount)] })
    return { tx: { from: userAddress, to: `${pair.chainId}:${pair.token}`, data, value: '0', eip155: { gasPrice: gasPrice.toString() } } }
  })

  app.post<{ Querystring: ProjectQuery; Body: Wire.SwapTransactionRequest; Reply: Wire.SwapTransactionResponse }>(
    '/v1/convert/build-transaction',
    { schema: schemas.buildTransaction },
    async (request) => {
      const { amount, slippage, from, to, userAddress, disableEstimate } = request.body
      const pair = await pairOf(swapChain(parseCaip10(from, 'from').chainId))
      const user = userOf(pair, userAddress)
      const fromSide = sideOf(pair, from, 'from')
      const amountIn = BigInt(amount)
      const minOut = minimumOut(await quote(pair, fromSide, sideOf(pair, to, 'to'), amountIn), slippage)
      const data: Hex =
        fromSide === 'native'
          ? encodeFunctionData({ abi: porticoPoolServerAbi, functionName: 'swapExactEthForTokens', args: [minOut, user] })
          : encodeFunctionData({ abi: porticoPoolServerAbi, functionName: 'swapExactTokensForEth', args: [amountIn, minOut, user] })
      const value = fromSide === 'native' ? amountIn : 0n
      const gasPrice = await rpc(pair.chainId, pair.client.getGasPrice())
      const gas = disableEstimate ? DEFAULT_SWAP_GAS : await estimate(app, pair, { account: user, to: pair.pool, data, value })
      return { tx: { from: userAddress, to: `${pair.chainId}:${pair.pool}`, data, amount: value.toString(), eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } } }
    },
  )
}

/**
 * Registers the convert routes on `app` (see {@link convertRoutes}).
 *
 * @example
 * const { clients } = registerBlockchainApi(app, { db, projects, options })
 * registerConvertRoutes(app, { projects, clients, pools: { 'eip155:1': pool.address } })
 */
export function registerConvertRoutes(app: FastifyInstance, options: ConvertRoutesOptions): void {
  app.register(convertRoutes, options)
}

/** The gas the swap needs, with 20 % headroom for the reserves moving before it is mined; 400 when it would revert now. */
async function estimate(app: FastifyInstance, pair: Pair, call: { account: Address; to: Address; data: Hex; value: bigint }): Promise<bigint> {
  try {
    const gas = await pair.client.estimateGas(call)
    return (gas * 120n) / 100n
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ExecutionRevertedError || e instanceof ContractFunctionRevertedError) : null
    if (reverted instanceof BaseError) {
      const reason = (reverted as ExecutionRevertedError).details || reverted.shortMessage
      throw new HttpError(400, 'Bad Request', `The swap would fail: ${reason}. Approve the token first when selling it, or ask for a smaller amount.`, {
        code: 'SWAP_WOULD_REVERT',
      })
    }
    app.log.warn({ err: error }, `convert: ${pair.chainId} gas estimate failed`)
    throw new HttpError(502, 'Bad Gateway', `The RPC node of ${pair.chainId} did not answer`, { code: 'CHAIN_UNAVAILABLE' })
  }
}

/** A CAIP-10 EVM account or token id, address in lower case. */
function parseCaip10(value: string, field: string): { chainId: Eip155ChainId; address: string } {
  const parts = value.split(':')
  const chainId = `${parts[0]}:${parts[1]}`
  const address = parts[2] ?? ''
  if (parts.length !== 3 || !isEip155ChainId(chainId) || !isAddress(address, { strict: false })) {
    throw new HttpError(400, 'Bad Request', `${field} must be a CAIP-10 id such as eip155:1:0x…, not '${value.slice(0, 100)}'`)
  }
  return { chainId, address: address.toLowerCase() }
}

/** The user's address, which must be on the swap's chain. */
function userOf(pair: Pair, userAddress: string): Address {
  const { chainId, address } = parseCaip10(userAddress, 'userAddress')
  if (chainId !== pair.chainId) throw new HttpError(400, 'Bad Request', `userAddress is on ${chainId} but the swap is on ${pair.chainId}`)
  return getAddress(address)
}
