/**
 * The bundler endpoints (SPEC §7 Bundler; docs/smart-accounts.md): the server forwards
 * standard ERC-4337 JSON-RPC to the bundler the operator configured for the chain
 * (BUNDLER_URL / BUNDLER_URLS, env.ts), such as Alto run beside the server. The server
 * holds no bundler key and submits nothing itself.
 *
 * - `POST /v1/bundler?projectId&chainId&bundler` (the modal, SPEC §7): reads only
 *   (receipts, lookups, the entry points). A known project and a browser Origin on its
 *   allow list.
 * - `POST /auth/v1/bundler?projectId&chainId` (the secure frame page, which sends the
 *   embedded wallet's user operations): the same reads plus estimating, sending and gas
 *   prices, for the secure page's Origin and a session of the project only.
 *
 * Both: a method allow-list (anything else never reaches the bundler), a body limit, at
 * most {@link MAX_BATCH} requests a batch, and the route limits counted in the database
 * (routeLimits.ts). A bundler that cannot be reached is a JSON-RPC error saying so, and
 * whether the user operation was sent.
 */
import { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify'
import { type ChainClients } from '../chain/clients'
import { parseEip155ChainId } from '../chain/config'
import { HttpError, errorResponses } from '../httpErrors'
import { projectGuard, projectQueryProperties } from '../projectGuard'
import { type ProjectRegistry } from '../projects'
import { SAFE_4337_MODULE_ADDRESS, SMART_ACCOUNT_FACTORY_ADDRESS } from './accountFactory'
import { type BundlerEnv, bundlerUrlOf } from './env'

export interface BundlerRoutesOptions {
  projects: ProjectRegistry
  /** The configured chains: a chain is served when it is configured AND has a bundler. */
  clients: ChainClients
  bundlers: BundlerEnv
  /** Origins of the secure frame page, the only callers of `/auth/v1/bundler`. */
  secureOrigins?: ReadonlySet<string>
  /**
   * Resolves when the request carries a valid session of its project (the auth service);
   * rejects with the auth service's 401 otherwise. Without it `/auth/v1/bundler` and
   * `/auth/v1/smart-accounts` are not registered: sending needs a session.
   */
  authenticate?: (request: FastifyRequest) => Promise<unknown>
  /** How long a call to the bundler may take. Default 30 s. */
  timeoutMs?: number
  fetch?: typeof fetch
}

interface BundlerQuery {
  projectId: string
  chainId: string
  bundler?: string
}

type JsonRpcError = { code: number; message: string; data?: unknown }
type JsonRpcAnswer = { jsonrpc: '2.0'; id: unknown; result: unknown } | { jsonrpc: '2.0'; id: unknown; error: JsonRpcError }

/** Reads: what the modal's receipt lookups and viem's bundler client need without a session. */
export const BUNDLER_READ_METHODS: readonly string[] = ['eth_chainId', 'eth_supportedEntryPoints', 'eth_getUserOperationReceipt', 'eth_getUserOperationByHash']
/** What a session may add at /auth/v1/bundler: gas prices, estimation and sending. */
export const BUNDLER_SEND_METHODS: readonly string[] = ['eth_estimateUserOperationGas', 'eth_sendUserOperation', 'pimlico_getUserOperationGasPrice']

/** Most JSON-RPC requests in one batch. */
export const MAX_BATCH = 20
/** A user operation with a first deployment and a batch of calls fits many times over. */
export const BUNDLER_BODY_LIMIT = 128 * 1024

/** JSON-RPC error codes the routes answer with themselves. */
export const BundlerRouteErrorCode = { invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, unavailable: -32603 } as const

const querystring = {
  type: 'object',
  required: ['projectId', 'chainId'],
  properties: {
    ...projectQueryProperties,
    chainId: { type: 'string', pattern: '^(eip155:)?[0-9]{1,20}$' },
    bundler: { type: 'string', maxLength: 64 },
  },
} as const

/**
 * A route for the secure frame page only: its origin and a known project (the session is
 * checked next, by the route). 403 otherwise.
 */
export function secureFrameOnly(projects: ProjectRegistry, secureOrigins: ReadonlySet<string>): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const origin = request.headers.origin
    if (origin === undefined || !secureOrigins.has(origin)) throw new HttpError(403, 'Forbidden', `Origin '${origin ?? ''}' is not a secure frame origin of this server`)
    const projectId = (request.query as { projectId?: unknown } | undefined)?.projectId
    if (typeof projectId !== 'string' || projects.get(projectId) === undefined) {
      throw new HttpError(403, 'Invalid Project ID', `Project ID '${String(projectId)}' is not configured on this server`)
    }
  }
}

/**
 * Registers the bundler endpoints. Call only when a bundler is configured.
 *
 * @example
 * registerBundlerRoutes(app, { projects, clients: chain.clients, bundlers: readBundlerEnv(process.env), secureOrigins, authenticate })
 */
export function registerBundlerRoutes(app: FastifyInstance, options: BundlerRoutesOptions): void {
  app.register(bundlerRoutes, options)
}

export const bundlerRoutes: FastifyPluginAsync<BundlerRoutesOptions> = async (app, options) => {
  const { projects, clients, bundlers, secureOrigins = new Set(), authenticate } = options
  const fetchImpl = options.fetch ?? globalThis.fetch
  const timeoutMs = options.timeoutMs ?? 30_000
  /** Chains whose bundler said it serves them (eth_chainId), checked once. */
  const confirmed = new Set<string>()

  /** The bundler URL of a served chain; a 400 for any other. */
  function upstreamOf(chainId: string): string {
    const caip2 = chainId.startsWith('eip155:') ? chainId : `eip155:${chainId}`
    if (parseEip155ChainId(caip2) === undefined) throw new HttpError(400, 'Bad Request', `'${chainId}' is not an EVM chain id`, { code: 'UNSUPPORTED_CHAIN' })
    const url = clients.chain(caip2) === undefined ? undefined : bundlerUrlOf(bundlers, caip2)
    if (url === undefined) throw new HttpError(400, 'Bad Request', `${caip2} has no bundler on this server`, { code: 'UNSUPPORTED_CHAIN' })
    return url
  }

  /** The bundler could not be reached or understood: nothing was forwarded, so a user operation was not sent. */
  const unavailable = (caip2: string, method: string, why: string): JsonRpcError => ({
    code: BundlerRouteErrorCode.unavailable,
    message: `The bundler of ${caip2} ${why}${method === 'eth_sendUserOperation' ? '; the user operation was not sent' : ''}`,
    data: { code: 'BUNDLER_UNAVAILABLE' },
  })

  /** One JSON-RPC call to the bundler; a failure to reach it or to understand it is a JSON-RPC error, never a throw. */
  async function call(url: string, caip2: string, method: string, params: unknown): Promise<{ result: unknown } | { error: JsonRpcError }> {
    const unreachable = (why: string) => ({ error: unavailable(caip2, method, why) })
    let response: Response
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        // Sent, perhaps: the bundler may have taken it before it stopped answering.
        const maybe = method === 'eth_sendUserOperation' ? '; the user operation may have been sent: look up its receipt before sending it again' : ''
        return { error: { code: BundlerRouteErrorCode.unavailable, message: `The bundler of ${caip2} did not answer within ${timeoutMs / 1000} s${maybe}`, data: { code: 'BUNDLER_TIMEOUT' } } }
      }
      return unreachable('cannot be reached')
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      return unreachable(`answered HTTP ${response.status} without JSON-RPC`)
    }
    const answer = (typeof body === 'object' && body !== null ? body : {}) as { result?: unknown; error?: unknown }
    if (answer.error !== undefined && answer.error !== null) {
      const error = answer.error as Partial<JsonRpcError>
      if (!Number.isSafeInteger(error.code) || typeof error.message !== 'string') return unreachable(`answered HTTP ${response.status} with a malformed error`)
      return { error: { code: error.code!, message: error.message.slice(0, 1000), ...(error.data === undefined ? {} : { data: error.data }) } }
    }
    if (!('result' in answer)) return unreachable(`answered HTTP ${response.status} without a result`)
    return { result: answer.result }
  }

  /**
   * The bundler serves the chain it is configured for: asked once per chain (until it
   * answers), and a mismatch never forwards anything. `refusal` is the answer to every
   * call while it does not.
   */
  async function checkedUpstream(chainId: string): Promise<{ url: string; caip2: string; refusal?: (method: string) => JsonRpcError }> {
    const url = upstreamOf(chainId)
    const caip2 = chainId.startsWith('eip155:') ? chainId : `eip155:${chainId}`
    if (confirmed.has(caip2)) return { url, caip2 }
    const answer = await call(url, caip2, 'eth_chainId', [])
    if ('error' in answer) {
      const why = answer.error.data !== undefined && (answer.error.data as { code?: unknown }).code === 'BUNDLER_UNAVAILABLE' ? 'cannot be reached' : `refused eth_chainId (${answer.error.message})`
      return { url, caip2, refusal: (method) => unavailable(caip2, method, why) }
    }
    const served = typeof answer.result === 'string' && /^0x[0-9a-f]{1,16}$/i.test(answer.result) ? Number(BigInt(answer.result)) : undefined
    if (served !== parseEip155ChainId(caip2)) {
      return { url, caip2, refusal: (method) => unavailable(caip2, method, `serves another chain (${String(served ?? answer.result).slice(0, 32)})`) }
    }
    confirmed.add(caip2)
    return { url, caip2 }
  }

  const handler = (methods: ReadonlySet<string>, refuse: (method: string) => string) => async (request: FastifyRequest<{ Querystring: BundlerQuery }>, reply: FastifyReply) => {
    const upstream = await checkedUpstream(request.query.chainId)
    const answer = async (item: unknown): Promise<JsonRpcAnswer> => {
      const rpc = (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : {}) as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
      const id = typeof rpc.id === 'number' || typeof rpc.id === 'string' ? rpc.id : null
      const fail = (code: number, message: string): JsonRpcAnswer => ({ jsonrpc: '2.0', id, error: { code, message } })
      if (rpc.jsonrpc !== '2.0' || typeof rpc.method !== 'string') return fail(BundlerRouteErrorCode.invalidRequest, 'Invalid request: jsonrpc "2.0" and a method are required')
      if (!methods.has(rpc.method)) return fail(BundlerRouteErrorCode.methodNotFound, refuse(rpc.method.slice(0, 64)))
      if (rpc.params !== undefined && !Array.isArray(rpc.params)) return fail(BundlerRouteErrorCode.invalidParams, 'params must be an array')
      if (upstream.refusal !== undefined) return { jsonrpc: '2.0', id, error: upstream.refusal(rpc.method) }
      if (rpc.method === 'eth_chainId') return { jsonrpc: '2.0', id, result: `0x${parseEip155ChainId(upstream.caip2)!.toString(16)}` }
      return { jsonrpc: '2.0', id, ...(await call(upstream.url, upstream.caip2, rpc.method, rpc.params ?? [])) }
    }
    const body: unknown = request.body
    if (Array.isArray(body)) {
      if (body.length === 0 || body.length > MAX_BATCH) throw new HttpError(400, 'Bad Request', `A batch holds 1 to ${MAX_BATCH} requests`)
      return reply.send(await Promise.all(body.map(answer)))
    }
    return reply.send(await answer(body))
  }

  const bodySchema = { anyOf: [{ type: 'object' }, { type: 'array' }] } as const
  const responseSchema = { ...errorResponses, 400: { ...errorResponses['4xx'], properties: { ...errorResponses['4xx'].properties, code: { type: 'string' } } } }
  const routeOptions = { schema: { querystring, body: bodySchema, response: responseSchema }, bodyLimit: BUNDLER_BODY_LIMIT }

  const reads = new Set(BUNDLER_READ_METHODS)
  app.post<{ Querystring: BundlerQuery }>(
    '/v1/bundler',
    {
      ...routeOptions,
      preValidation: [
        async (request) => {
          if (request.headers.origin === undefined) throw new HttpError(403, 'Origin Not Allowed', 'The bundler answers browsers of the project only: send the Origin header')
        },
        projectGuard(projects),
      ],
    },
    handler(reads, (method) =>
      BUNDLER_SEND_METHODS.includes(method)
        ? `${method} needs a session: the embedded wallet sends user operations at /auth/v1/bundler`
        : `The method ${method} is not available at this bundler endpoint`,
    ),
  )

  if (authenticate === undefined) return

  const secureOnly = secureFrameOnly(projects, secureOrigins)
  const withSession = async (request: FastifyRequest) => {
    await authenticate(request)
  }

  app.post<{ Querystring: BundlerQuery }>(
    '/auth/v1/bundler',
    { ...routeOptions, preValidation: secureOnly, preHandler: withSession },
    handler(new Set([...BUNDLER_READ_METHODS, ...BUNDLER_SEND_METHODS]), (method) => `The method ${method} is not available at this bundler endpoint`),
  )

  /**
   * The smart-account-enabled networks the secure page offers (SPEC §3 "Smart-account-enabled
   * networks"): the configured chains with a bundler that answers for them AND the Safe
   * account's factory and ERC-4337 module deployed, each with the factory's address.
   * Checked on every call (cheap: two eth_getCode per chain), so a chain restarted without
   * the contracts drops out.
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
        if (chainId === undefined || bundlerUrlOf(bundlers, config.chainId) === undefined) return undefined
        try {
          if ((await checkedUpstream(config.chainId)).refusal !== undefined) return undefined
          const client = clients.client(config.chainId)
          const codes = await Promise.all([SMART_ACCOUNT_FACTORY_ADDRESS, SAFE_4337_MODULE_ADDRESS].map((address) => client?.getCode({ address })))
          return codes.every((code) => code !== undefined && code !== '0x') ? { chainId, factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS } : undefined
        } catch {
          return undefined
        }
      })
      const networks = (await Promise.all(checks)).filter((network) => network !== undefined)
      return { networks }
    },
  )
}
