/**
 * The bundler endpoint (SPEC §7 Bundler): `POST /v1/bundler?projectId&chainId&bundler`
 * takes an ERC-4337 JSON-RPC request (or a batch) and answers it with the development
 * bundler of that chain (bundler.ts). `chainId` is `1` or `eip155:1`; `bundler` names
 * the bundler the client asks for and is accepted for any value (there is one here).
 *
 * Safety (docs/smart-accounts.md): it is on only when BUNDLER_KEY is set, and serves
 * only chains whose RPC URL is a loopback address and whose node says it is a
 * development node (anvil, Hardhat, Ganache); any other chain gets a 400 before a
 * bundler is made for it. The same handler answers the secure frame page at
 * `POST /auth/v1/bundler` (CORS: secure origins only), which sends the embedded
 * wallet's user operations.
 */
import { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify'
import { type Hex } from 'viem'
import { type ChainClients } from '../chain/clients'
import { parseEip155ChainId } from '../chain/config'
import { HttpError, errorResponses } from '../httpErrors'
import { isLoopbackUrl } from '../onramp/testProvider'
import { projectGuard, projectQueryProperties } from '../projectGuard'
import { type ProjectRegistry } from '../projects'
import { SMART_ACCOUNT_FACTORY_ADDRESS } from './accountFactory'
import { type Bundler, BundlerErrorCode, BundlerRpcError, createBundler } from './bundler'

export interface BundlerRoutesOptions {
  projects: ProjectRegistry
  /** The configured chains (blockchainApi.ts shares the clients); only local development ones are served. */
  clients: ChainClients
  /** BUNDLER_KEY: signs and pays for the bundles. Development only. */
  bundlerKey: Hex
  /** Origins of the secure frame page, the only browser callers of `/auth/v1/bundler`. */
  secureOrigins?: ReadonlySet<string>
}

interface BundlerQuery {
  projectId: string
  chainId: string
  bundler?: string
}

type JsonRpcRequest = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
type JsonRpcAnswer = { jsonrpc: '2.0'; id: unknown; result: unknown } | { jsonrpc: '2.0'; id: unknown; error: { code: number; message: string; data?: unknown } }

const querystring = {
  type: 'object',
  required: ['projectId', 'chainId'],
  properties: {
    ...projectQueryProperties,
    chainId: { type: 'string', pattern: '^(eip155:)?[0-9]{1,20}$' },
    bundler: { type: 'string', maxLength: 64 },
  },
} as const

/** Most JSON-RPC requests in one batch. */
const MAX_BATCH = 20

/**
 * Registers the bundler endpoint. Call only when BUNDLER_KEY is set.
 *
 * @example
 * registerBundlerRoutes(app, { projects, clients: chain.clients, bundlerKey: env.bundlerKey, secureOrigins })
 */
export function registerBundlerRoutes(app: FastifyInstance, options: BundlerRoutesOptions): void {
  app.register(bundlerRoutes, options)
}

export const bundlerRoutes: FastifyPluginAsync<BundlerRoutesOptions> = async (app, { projects, clients, bundlerKey, secureOrigins = new Set() }) => {
  const bundlers = new Map<string, Promise<Bundler>>()

  /** Made on first use, after the node proved to be a local development node; a failed check is tried again next time. */
  function bundlerFor(chainId: string): Promise<Bundler> {
    let bundler = bundlers.get(chainId)
    if (bundler === undefined) {
      bundler = (async () => {
        const config = clients.chain(chainId)
        const client = clients.client(chainId)
        if (config === undefined || client === undefined) throw new HttpError(400, 'Bad Request', `${chainId} is not configured on this server`, { code: 'UNSUPPORTED_CHAIN' })
        if (!isLoopbackUrl(config.rpcUrl)) {
          throw new HttpError(400, 'Bad Request', `${chainId} is not a local chain: the development bundler serves only chains on this machine`, { code: 'NOT_A_DEV_CHAIN' })
        }
        const version = await client.request({ method: 'web3_clientVersion' }).catch(() => '')
        if (!/^(anvil|HardhatNetwork|Ganache)\b/i.test(version)) {
          throw new HttpError(400, 'Bad Request', `${chainId} is not a local development node: the development bundler serves nothing there`, { code: 'NOT_A_DEV_CHAIN' })
        }
        return createBundler({ client, rpcUrl: config.rpcUrl, bundlerKey })
      })()
      bundlers.set(chainId, bundler)
      bundler.catch(() => bundlers.delete(chainId))
    }
    return bundler
  }

  const handle = async (request: FastifyRequest<{ Querystring: BundlerQuery }>, reply: FastifyReply) => {
    const { chainId } = request.query
    const caip2 = chainId.startsWith('eip155:') ? chainId : `eip155:${chainId}`
    if (parseEip155ChainId(caip2) === undefined) throw new HttpError(400, 'Bad Request', `'${chainId}' is not an EVM chain id`, { code: 'UNSUPPORTED_CHAIN' })
    const bundler = await bundlerFor(caip2)
    const body: unknown = request.body
    if (Array.isArray(body)) {
      if (body.length === 0 || body.length > MAX_BATCH) throw new HttpError(400, 'Bad Request', `A batch holds 1 to ${MAX_BATCH} requests`)
      return reply.send(await Promise.all(body.map((item) => answer(bundler, item))))
    }
    return reply.send(await answer(bundler, body))
  }

  const bodySchema = { anyOf: [{ type: 'object' }, { type: 'array' }] } as const
  const responseSchema = { ...errorResponses, 400: { ...errorResponses['4xx'], properties: { ...errorResponses['4xx'].properties, code: { type: 'string' } } } }

  app.post<{ Querystring: BundlerQuery }>('/v1/bundler', { schema: { querystring, body: bodySchema, response: responseSchema }, preValidation: projectGuard(projects) }, handle)

  const secureOnly = async (request: FastifyRequest) => {
    const origin = request.headers.origin
    if (origin !== undefined && !secureOrigins.has(origin)) throw new HttpError(403, 'Forbidden', `Origin '${origin}' is not a secure frame origin of this server`)
    const projectId = (request.query as Partial<BundlerQuery>).projectId
    if (typeof projectId !== 'string' || projects.get(projectId) === undefined) {
      throw new HttpError(403, 'Invalid Project ID', `Project ID '${String(projectId)}' is not configured on this server`)
    }
  }

  app.post<{ Querystring: BundlerQuery }>('/auth/v1/bundler', { schema: { querystring, body: bodySchema, response: responseSchema }, preValidation: secureOnly }, handle)

  /**
   * The smart-account-enabled networks the secure page offers (SPEC §3 "Smart-account-enabled
   * networks"): the configured chains this bundler serves AND where the account factory is
   * deployed, each with the factory's address. Checked on every call (cheap: one
   * eth_getCode per chain), so a chain restarted without the contracts drops out.
   */
  app.get<{ Querystring: { projectId: string } }>(
    '/auth/v1/smart-accounts',
    {
      schema: { querystring: { type: 'object', required: ['projectId'], properties: { ...projectQueryProperties } } },
      preValidation: secureOnly,
    },
    async () => {
      const checks = clients.chains.map(async (config) => {
        const chainId = parseEip155ChainId(config.chainId)
        if (chainId === undefined) return undefined
        try {
          await bundlerFor(config.chainId)
          const code = await clients.client(config.chainId)?.getCode({ address: SMART_ACCOUNT_FACTORY_ADDRESS })
          return code !== undefined && code !== '0x' ? { chainId: Number(chainId), factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS } : undefined
        } catch {
          return undefined
        }
      })
      const networks = (await Promise.all(checks)).filter((network) => network !== undefined)
      return { networks }
    },
  )
}

async function answer(bundler: Bundler, item: unknown): Promise<JsonRpcAnswer> {
  const request = (typeof item === 'object' && item !== null ? item : {}) as JsonRpcRequest
  const id = typeof request.id === 'number' || typeof request.id === 'string' ? request.id : null
  if (request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request: jsonrpc "2.0" and a method are required' } }
  }
  try {
    return { jsonrpc: '2.0', id, result: await bundler.request(request.method, request.params) }
  } catch (error) {
    if (error instanceof BundlerRpcError) {
      return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } }
    }
    return { jsonrpc: '2.0', id, error: { code: BundlerErrorCode.internal, message: error instanceof Error ? error.message : 'Internal error' } }
  }
}
