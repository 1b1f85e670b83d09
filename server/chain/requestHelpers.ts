/**
 * What the Blockchain API route groups share: reading an account path parameter,
 * the chain a request names, and the URL of a token icon on this server.
 */
import { type FastifyRequest } from 'fastify'
import { type Address, getAddress, isAddress } from 'viem'
import { HttpError } from '../httpErrors'
import { type ChainClients } from './clients'
import { type ChainConfig, type Eip155ChainId, isEip155ChainId } from './config'

export interface AccountParam {
  address: Address
  /** Set when the parameter was a CAIP-10 account id. */
  chainId?: Eip155ChainId
}

/**
 * A path parameter that is an EVM address or a CAIP-10 account id (the client
 * URI-encodes it; Fastify decodes it). `title` is the error's title (a SPEC §8 sentence
 * where the route has one).
 *
 * @example
 * parseAccountParam('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // { address, chainId: 'eip155:1' }
 */
export function parseAccountParam(value: string, what = 'address', title = 'Bad Request'): AccountParam {
  const parts = value.split(':')
  if (parts.length === 3) {
    const chainId = `${parts[0]}:${parts[1]}`
    const address = parts[2]!
    if (isEip155ChainId(chainId) && isAddress(address, { strict: false })) return { address: getAddress(address), chainId }
  } else if (parts.length === 1 && isAddress(value, { strict: false })) {
    return { address: getAddress(value) }
  }
  throw new HttpError(400, title, `${what} must be an EVM address (0x and 40 hex characters) or a CAIP-10 account id such as eip155:1:0x…, not '${value.slice(0, 100)}'`)
}

/** The configured chain a request names, or 400 'Chain is not supported' (SPEC §8). */
export function requireChain(clients: ChainClients, chainId: string): ChainConfig {
  const chain = clients.chain(chainId)
  if (chain === undefined) {
    const configured = clients.chains.map((c) => c.chainId).join(', ') || 'none'
    throw new HttpError(400, 'Chain is not supported', `This server reads no chain '${chainId.slice(0, 64)}' (configured: ${configured}; see CHAIN_RPC_URLS)`, { code: 'UNSUPPORTED_CHAIN' })
  }
  return chain
}

/**
 * The token image route of this server (routes/images.ts) for a symbol, with the
 * request's projectId so the browser may load it.
 */
export function tokenIconUrl(request: FastifyRequest, projectId: string): (symbol: string) => string {
  const base = `${request.protocol}://${request.host}`
  return (symbol) => `${base}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${encodeURIComponent(projectId)}`
}

/** Error bodies of the Blockchain API may carry a machine-readable `code`. */
export const errorWithCodeSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' } },
} as const

export const errorWithCodeResponses = { '4xx': errorWithCodeSchema, '5xx': errorWithCodeSchema } as const
