/**
 * GET|POST /v1/rpc?chainId&projectId: the wallet RPC service of SPEC §7, one per
 * configured chain (CHAIN_RPC_URLS, SOLANA_RPC_URLS). It forwards JSON-RPC to that
 * chain's node after the project rules (projectGuard), the per-client and per-project
 * rate limits (routeLimits.ts), the method allow list (rpc/methods.ts) and the SPEC §9
 * batch size; the node gets the SPEC §9 10 s to answer. docs/self-hosting.md, "The RPC
 * service", says what a caller sees.
 *
 * JSON-RPC problems are answered as JSON-RPC (HTTP 200 with an `error` per call), so
 * every JSON-RPC client reads them; problems of the HTTP request (unknown project or
 * chain, rate limit, a node that does not answer) keep their HTTP status, so clients
 * with a fallback transport (viem's `fallback`) move on to the next URL.
 */
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify'
import { CAIP2_PATTERN } from '../../src/shared/caip'
import { HttpError } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectQueryProperties } from '../projectGuard'
import { type ProjectRegistry } from '../projects'
import { RPC_BATCH_SIZE, RPC_SERVICE_PATH, RPC_TIMEOUT_MS } from '../../src/shared/rpcService'
import { type JsonRpcAnswer, type JsonRpcCall, type JsonRpcId, RpcCode, UpstreamError, errorAnswer, forwardCalls } from '../rpc/jsonRpc'
import { FILTER_CREATING_METHODS, RPC_MAX_LOG_BLOCKS, RPC_MAX_PARAMS_DEPTH, type RpcFamily, isAllowedRpcMethod, logFilterSpan, nestedDeeperThan, rpcCallWeight } from '../rpc/methods'

/** One chain's node. */
export interface RpcUpstream {
  family: RpcFamily
  rpcUrl: string
}

export interface RpcRoutesOptions {
  projects: ProjectRegistry
  /** CAIP-2 chain id → its node. */
  upstreams: ReadonlyMap<string, RpcUpstream>
  /** How long the node has to answer. Default RPC_TIMEOUT_MS (SPEC §9, 10 s). */
  timeoutMs?: number
  /** Most calls in one batch. Default RPC_BATCH_SIZE (SPEC §9, 1000). */
  batchSize?: number
  /**
   * Counts what the calls about to be forwarded cost (rpc/methods.ts, RPC_CALL_WEIGHTS)
   * against the client's and the project's limits, and the filters they create against
   * the client's; throws (a 429 or 400 HttpError) when they do not fit. createServer
   * passes the database-backed limiter.
   */
  countCalls?: (request: FastifyRequest, projectId: string, weight: RpcWeight) => Promise<void>
}

/** What a set of calls costs the node: weighted call units, and node filters created. */
export interface RpcWeight {
  cost: number
  filters: number
}

/** The methods whose first param is a log filter with a block range. */
const LOG_FILTER_METHODS: ReadonlySet<string> = new Set(['eth_getLogs', 'eth_newFilter'])

/** A batch of 1000 calls with long eth_call data fits; Fastify's 1 MiB default does not. */
const BODY_LIMIT = 8 * 1024 * 1024

interface RpcQuery extends ProjectQuery {
  chainId: string
  /** GET form only. */
  method?: string
  params?: string
  id?: string
}

const schema = {
  querystring: {
    type: 'object',
    required: ['projectId', 'chainId'],
    properties: {
      ...projectQueryProperties,
      chainId: { type: 'string', pattern: CAIP2_PATTERN },
      method: { type: 'string', maxLength: 128 },
      params: { type: 'string', maxLength: 16_384 },
      id: { type: 'string', maxLength: 64 },
    },
  },
  // 5xx answers are JSON-RPC bodies (see above), so only 4xx has the { error, message } shape.
  response: {
    '4xx': {
      type: 'object',
      required: ['error', 'message'],
      properties: { error: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' }, retryAfter: { type: 'number' } },
    },
  },
} as const

export const rpcRoutes: FastifyPluginAsync<RpcRoutesOptions> = async (app, { projects, upstreams, timeoutMs = RPC_TIMEOUT_MS, batchSize = RPC_BATCH_SIZE, countCalls }) => {
  app.addHook('preValidation', projectGuard(projects))
  // The body is parsed here, not by Fastify, so malformed JSON is a JSON-RPC parse error (-32700).
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body))

  const upstreamOf = (chainId: string): RpcUpstream => {
    const upstream = upstreams.get(chainId)
    if (upstream === undefined) {
      const served = [...upstreams.keys()]
      throw new HttpError(400, 'Chain is not supported', `This server's RPC service does not serve ${chainId} (it serves ${served.length > 0 ? served.join(', ') : 'no chain'})`, {
        code: 'UNSUPPORTED_CHAIN',
      })
    }
    return upstream
  }

  /** The chain's head block number, for log filters that name a moving tag (`latest`). */
  const headOf = async (upstream: RpcUpstream): Promise<bigint | undefined> => {
    const [answer] = await forwardCalls(upstream.rpcUrl, [{ method: 'eth_blockNumber' }], { timeoutMs })
    const result = answer !== undefined && 'result' in answer ? answer.result : undefined
    return typeof result === 'string' && /^0x[0-9a-fA-F]+$/.test(result) ? BigInt(result) : undefined
  }

  /** Refuses (-32602) the log filters that span more than RPC_MAX_LOG_BLOCKS; answers the calls left to forward. */
  const refuseWideLogFilters = async (upstream: RpcUpstream, forward: Forwarded[], answers: (JsonRpcAnswer | undefined)[]): Promise<Forwarded[]> => {
    const filterOf = (f: Forwarded) => (LOG_FILTER_METHODS.has(f.call.method) && Array.isArray(f.call.params) ? (f.call.params as unknown[])[0] : undefined)
    const head = forward.some((f) => logFilterSpan(filterOf(f)) === 'head') ? await headOf(upstream) : undefined
    return forward.filter((f) => {
      const span = logFilterSpan(filterOf(f), head)
      if (typeof span !== 'number' || span <= RPC_MAX_LOG_BLOCKS) return true
      answers[f.index] = errorAnswer(f.id, RpcCode.invalidParams, `Invalid params: ${f.call.method} spans ${span} blocks; ask for at most ${RPC_MAX_LOG_BLOCKS} at once`)
      return false
    })
  }

  const answer = async (
    request: FastifyRequest,
    upstream: RpcUpstream,
    chainId: string,
    projectId: string,
    payload: unknown,
  ): Promise<{ status: number; body: JsonRpcAnswer | JsonRpcAnswer[] | undefined }> => {
    const isBatch = Array.isArray(payload)
    const items: unknown[] = isBatch ? payload : [payload]
    if (isBatch && items.length === 0) return { status: 200, body: errorAnswer(null, RpcCode.invalidRequest, 'The batch is empty') }
    if (items.length > batchSize) {
      return { status: 200, body: errorAnswer(null, RpcCode.limitExceeded, `A batch holds at most ${batchSize} calls; this one has ${items.length}`) }
    }

    const answers: (JsonRpcAnswer | undefined)[] = []
    let forward: Forwarded[] = []
    const notifications = new Set<number>()
    items.forEach((item, index) => {
      const checked = checkCall(item, upstream.family)
      if (checked.notification) notifications.add(index)
      if ('error' in checked) answers[index] = checked.error
      else forward.push({ index, id: checked.id, call: checked.call })
    })

    let status = 200
    try {
      forward = await refuseWideLogFilters(upstream, forward, answers)
      if (forward.length > 0) {
        // Only what reaches the node counts: refused and malformed calls cost it nothing.
        const cost = forward.reduce((sum, f) => sum + rpcCallWeight(upstream.family, f.call.method), 0)
        const filters = forward.filter((f) => FILTER_CREATING_METHODS.has(f.call.method)).length
        await countCalls?.(request, projectId, { cost, filters })
        const results = await forwardCalls(
          upstream.rpcUrl,
          forward.map((f) => f.call),
          { timeoutMs },
        )
        results.forEach((result, i) => {
          const { index, id } = forward[i]!
          answers[index] = 'error' in result ? { jsonrpc: '2.0', id, error: result.error } : { jsonrpc: '2.0', id, result: result.result }
        })
      }
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error
      app.log.warn({ chainId, kind: error.kind }, `RPC service: ${chainId}: ${error.message}`)
      status = error.kind === 'timeout' ? 504 : 502
      for (const { index, id } of forward) answers[index] = errorAnswer(id, RpcCode.resourceUnavailable, `The ${chainId} node is unavailable: ${error.message}`)
    }
    // Notifications get no answer (JSON-RPC 2.0), not even a refusal; a malformed call is never one.
    const out = answers.filter((a, index): a is JsonRpcAnswer => a !== undefined && !notifications.has(index))
    if (out.length === 0) return { status: status === 200 ? 204 : status, body: undefined }
    return { status, body: isBatch ? out : out[0] }
  }

  app.post<{ Querystring: RpcQuery; Body: string }>(RPC_SERVICE_PATH, { schema, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const upstream = upstreamOf(request.query.chainId)
    let payload: unknown
    try {
      payload = JSON.parse(request.body)
    } catch {
      return reply.code(200).send(errorAnswer(null, RpcCode.parseError, 'Parse error: the body is not JSON'))
    }
    const { status, body } = await answer(request, upstream, request.query.chainId, request.query.projectId, payload)
    return reply.code(status).send(body)
  })

  // The GET form: one call in the query, e.g. ?method=eth_blockNumber&params=[]&id=1, for a link, curl or a health probe.
  app.get<{ Querystring: RpcQuery }>(RPC_SERVICE_PATH, { schema }, async (request, reply) => {
    const { chainId, method, params, id } = request.query
    const upstream = upstreamOf(chainId)
    if (method === undefined) {
      return reply.code(200).send(errorAnswer(null, RpcCode.invalidRequest, 'The GET form needs ?method= (and ?params= as a JSON array, ?id=); or POST a JSON-RPC body'))
    }
    let parsedParams: unknown
    try {
      parsedParams = params === undefined ? undefined : JSON.parse(params)
    } catch {
      return reply.code(200).send(errorAnswer(null, RpcCode.parseError, 'Parse error: ?params= is not JSON'))
    }
    const callId: JsonRpcId = id === undefined ? 1 : /^-?[0-9]{1,15}$/.test(id) ? Number(id) : id
    const { status, body } = await answer(request, upstream, chainId, request.query.projectId, { jsonrpc: '2.0', id: callId, method, ...(parsedParams === undefined ? {} : { params: parsedParams }) })
    return reply.code(status).send(body)
  })
}

/** A checked call on its way to the node, and where its answer goes. */
interface Forwarded {
  index: number
  id: JsonRpcId
  call: JsonRpcCall
}

/** `notification`: a well-formed call without `id`, which gets no answer. */
type CheckedCall = ({ error: JsonRpcAnswer } | { call: JsonRpcCall; id: JsonRpcId }) & { notification: boolean }

/** JSON-RPC 2.0 request shape, then the allow list. */
function checkCall(item: unknown, family: RpcFamily): CheckedCall {
  const invalid = (id: JsonRpcId, message: string): CheckedCall => ({ error: errorAnswer(id, RpcCode.invalidRequest, `Invalid request: ${message}`), notification: false })
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return invalid(null, 'a call is a JSON object')
  const { jsonrpc, id, method, params } = item as Record<string, unknown>
  const validId = id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
  const answerId: JsonRpcId = validId && id !== undefined ? (id as JsonRpcId) : null
  if (!validId) return invalid(null, 'id must be a string, a number or null')
  if (jsonrpc !== '2.0') return invalid(answerId, "jsonrpc must be '2.0'")
  if (typeof method !== 'string' || method === '') return invalid(answerId, 'method must be a string')
  if (params !== undefined && (typeof params !== 'object' || params === null)) return invalid(answerId, 'params must be an array or an object')
  const notification = id === undefined
  if (!isAllowedRpcMethod(family, method)) {
    const message = `Method '${method.slice(0, 128)}' is not available on the Portico RPC service: it serves reads and the broadcast of signed transactions only`
    return { error: errorAnswer(answerId, RpcCode.methodNotFound, message), notification }
  }
  if (nestedDeeperThan(params, RPC_MAX_PARAMS_DEPTH)) {
    return { error: errorAnswer(answerId, RpcCode.invalidParams, `Invalid params: nested deeper than ${RPC_MAX_PARAMS_DEPTH} levels`), notification: false }
  }
  return { call: { method, ...(params === undefined ? {} : { params }) }, id: answerId, notification }
}
