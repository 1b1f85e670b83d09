/**
 * The server's paymaster service, ERC-7677 (docs/self-hosting.md "Gas sponsorship"):
 * `pm_getPaymasterStubData` and `pm_getPaymasterData` for EntryPoint v0.7, answered with
 * the data of the configured VerifyingPaymaster (paymasterEnv.ts) signed by the sponsor
 * key, under the project's sponsorship policy (sponsorshipPolicy.ts) and its daily caps
 * counted in the database (db/sponsorshipSpend.ts).
 *
 * - `POST /auth/v1/paymaster?projectId&chainId`: the secure page (its Origin, a session
 *   of the project with its device proof). The user's cap is the session user's.
 * - `POST /v1/paymaster?projectId&chainId`: a dapp's own ERC-7677 client, from a browser
 *   Origin on the project's allow list, only for a project whose policy says
 *   `"publicEndpoint": true`. Without a session, the user's cap is the sending account's:
 *   a script can spread over fresh accounts, so only the project's cap bounds it.
 *
 * The server signs only the paymaster's hash of the user operation for a window of
 * {@link SPONSORSHIP_VALIDITY_S}; it never holds or uses a user's key. A sponsorship is
 * counted when signed, at the operation's most possible cost (docs: why not settled).
 */
import { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify'
import { isAddress, isHex, toHex, type Address, type Hex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { type ChainClients } from '../chain/clients'
import { parseEip155ChainId } from '../chain/config'
import { type SponsorshipSpendStore, nextUtcMidnight } from '../db/sponsorshipSpend'
import { HttpError, errorResponses } from '../httpErrors'
import { projectGuard, projectQueryProperties } from '../projectGuard'
import { type Project, type ProjectRegistry } from '../projects'
import { PAYMASTER_POST_OP_GAS_LIMIT, PAYMASTER_VERIFICATION_GAS_LIMIT, maxOperationCost, signPaymasterData, stubPaymasterData, type UserOperationFields } from './paymasterData'
import { type PaymasterEnv } from './paymasterEnv'
import { secureFrameOnly } from './routes'
import { policyRefusal, type SponsorshipRefusal } from './sponsorshipPolicy'

/** How long a sponsorship signature is good for: the EntryPoint refuses it after (AA32). */
export const SPONSORSHIP_VALIDITY_S = 600
/** A body holds one user operation, or a batch of a few. */
export const PAYMASTER_BODY_LIMIT = 64 * 1024
const MAX_BATCH = 5

/** JSON-RPC error codes: malformed requests, and a sponsorship the policy refuses (`data.code` says why). */
export const PaymasterErrorCode = { invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, refused: -32001 } as const

export interface PaymasterRoutesOptions {
  projects: ProjectRegistry
  clients: ChainClients
  paymaster: PaymasterEnv
  spend: SponsorshipSpendStore
  secureOrigins: ReadonlySet<string>
  /** Resolves with the session (`{ user: { id } }`) or rejects with the auth service's 401. Without it only the public route exists. */
  authenticate?: (request: FastifyRequest) => Promise<unknown>
  now?: () => number
}

interface PaymasterQuery {
  projectId: string
  chainId: string
}

type JsonRpcError = { code: number; message: string; data?: Record<string, unknown> }
type Answer = { jsonrpc: '2.0'; id: string | number | null } & ({ result: unknown } | { error: JsonRpcError })

class RpcFailure extends Error {
  constructor(readonly error: JsonRpcError) {
    super(error.message)
  }
}

const invalid = (message: string) => new RpcFailure({ code: PaymasterErrorCode.invalidParams, message })
const refused = ({ code, message }: SponsorshipRefusal, extra: Record<string, unknown> = {}) => new RpcFailure({ code: PaymasterErrorCode.refused, message, data: { code, ...extra } })

const querystring = {
  type: 'object',
  required: ['projectId', 'chainId'],
  properties: { ...projectQueryProperties, chainId: { type: 'string', pattern: '^(eip155:)?[0-9]{1,20}$' } },
} as const

/** The user operation of an ERC-7677 request, as far as the sponsorship needs it. */
function readOperation(value: unknown, final: boolean): UserOperationFields {
  const op = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<string, unknown>
  const quantity = (field: string, required: boolean): bigint => {
    const raw = op[field]
    if (raw === undefined || raw === null) {
      if (required) throw invalid(`The user operation has no ${field}`)
      return 0n
    }
    if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(raw)) throw invalid(`The user operation's ${field} must be a hex quantity`)
    return BigInt(raw)
  }
  const bytes = (field: string): Hex | undefined => {
    const raw = op[field]
    if (raw === undefined || raw === null) return undefined
    if (typeof raw !== 'string' || !isHex(raw) || raw.length % 2 !== 0) throw invalid(`The user operation's ${field} must be hex bytes`)
    return raw
  }
  if (typeof op.sender !== 'string' || !isAddress(op.sender, { strict: false })) throw invalid('The user operation needs a sender address (EntryPoint v0.7 fields)')
  if (op.initCode !== undefined || op.paymasterAndData !== undefined) throw invalid('Only EntryPoint v0.7 user operations are sponsored (factory / factoryData, not initCode)')
  const factory = op.factory === undefined || op.factory === null ? undefined : op.factory
  if (factory !== undefined && (typeof factory !== 'string' || !isAddress(factory, { strict: false }))) throw invalid("The user operation's factory must be an address")
  const callData = bytes('callData')
  if (callData === undefined) throw invalid('The user operation has no callData')
  return {
    sender: op.sender as Address,
    nonce: quantity('nonce', true),
    factory: factory as Address | undefined,
    factoryData: bytes('factoryData'),
    callData,
    callGasLimit: quantity('callGasLimit', final),
    verificationGasLimit: quantity('verificationGasLimit', final),
    preVerificationGas: quantity('preVerificationGas', final),
    maxFeePerGas: quantity('maxFeePerGas', final),
    maxPriorityFeePerGas: quantity('maxPriorityFeePerGas', final),
    paymasterVerificationGasLimit: op.paymasterVerificationGasLimit === undefined ? PAYMASTER_VERIFICATION_GAS_LIMIT : quantity('paymasterVerificationGasLimit', true),
    paymasterPostOpGasLimit: op.paymasterPostOpGasLimit === undefined ? PAYMASTER_POST_OP_GAS_LIMIT : quantity('paymasterPostOpGasLimit', true),
  }
}

/**
 * The refusal when a daily cap is reached: which one, and when it resets (the next UTC midnight).
 *
 * @example
 * dailyLimitRefusal('user', Date.parse('2030-03-04T12:00:00Z')).message
 * // 'Daily gas sponsorship limit reached for this account; it resets at 2030-03-05T00:00:00.000Z (midnight UTC)'
 */
export function dailyLimitRefusal(over: 'user' | 'project', now: number): SponsorshipRefusal & { resetsAt: string } {
  const resetsAt = new Date(nextUtcMidnight(now)).toISOString()
  const whose = over === 'user' ? 'this account' : 'this dapp'
  return { code: 'SPONSORSHIP_DAILY_LIMIT', message: `Daily gas sponsorship limit reached for ${whose}; it resets at ${resetsAt} (midnight UTC)`, resetsAt }
}

/**
 * Registers the paymaster routes. Call only with a paymaster configured.
 *
 * @example
 * app.register(paymasterRoutes, { projects, clients, paymaster, spend: createSponsorshipSpendStore(db), secureOrigins, authenticate })
 */
export const paymasterRoutes: FastifyPluginAsync<PaymasterRoutesOptions> = async (app, options) => {
  const { projects, clients, paymaster, spend, secureOrigins, authenticate } = options
  const now = options.now ?? Date.now

  async function answer(item: unknown, where: { project: Project; caip2: string; userKey: string; log: FastifyBaseLogger }): Promise<Answer> {
    const rpc = (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : {}) as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
    const id = typeof rpc.id === 'number' || typeof rpc.id === 'string' ? rpc.id : null
    try {
      if (rpc.jsonrpc !== '2.0' || typeof rpc.method !== 'string')
        throw new RpcFailure({ code: PaymasterErrorCode.invalidRequest, message: 'Invalid request: jsonrpc "2.0" and a method are required' })
      if (rpc.method !== 'pm_getPaymasterStubData' && rpc.method !== 'pm_getPaymasterData') {
        throw new RpcFailure({ code: PaymasterErrorCode.methodNotFound, message: `The method ${rpc.method.slice(0, 64)} is not available at this paymaster endpoint` })
      }
      const final = rpc.method === 'pm_getPaymasterData'
      if (!Array.isArray(rpc.params) || rpc.params.length < 3) throw invalid('params must be [userOperation, entryPoint, chainId, context?]')
      const [rawOp, entryPoint, chainId] = rpc.params as unknown[]
      if (typeof entryPoint !== 'string' || entryPoint.toLowerCase() !== entryPoint07Address.toLowerCase()) {
        throw invalid(`Only EntryPoint v0.7 (${entryPoint07Address}) is sponsored here`)
      }
      const numericChain = parseEip155ChainId(where.caip2)!
      if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId) || BigInt(chainId) !== BigInt(numericChain)) {
        throw invalid(`The request's chainId must be ${toHex(numericChain)}, the chain of this endpoint (${where.caip2})`)
      }
      const op = readOperation(rawOp, final)
      const refusal = policyRefusal(where.project.sponsorship, where.caip2, op.callData)
      if (refusal !== undefined) throw refused(refusal)
      const policy = where.project.sponsorship!
      const caps = { perUser: policy.perUserPerDayWei, perProject: policy.perProjectPerDayWei, perUserOperations: policy.perUserPerDayOperations }
      const at = now()
      const validAfter = Math.floor(at / 1000) - 60
      const validUntil = Math.floor(at / 1000) + SPONSORSHIP_VALIDITY_S
      if (!final) {
        const over = await spend.exhausted({ projectId: where.project.id, userKey: where.userKey, caps, now: at })
        if (over !== undefined) throw refused(dailyLimitRefusal(over, at), { resetsAt: dailyLimitRefusal(over, at).resetsAt })
        return {
          jsonrpc: '2.0',
          id,
          result: {
            paymaster: paymaster.address,
            paymasterData: stubPaymasterData(validUntil, validAfter),
            paymasterVerificationGasLimit: toHex(PAYMASTER_VERIFICATION_GAS_LIMIT),
            paymasterPostOpGasLimit: toHex(PAYMASTER_POST_OP_GAS_LIMIT),
            isFinal: false,
          },
        }
      }
      const cost = maxOperationCost(op)
      const counted = await spend.count({ projectId: where.project.id, userKey: where.userKey, cost, caps, now: at })
      if (!counted.counted) {
        const limit = dailyLimitRefusal(counted.over, at)
        throw refused(limit, { resetsAt: limit.resetsAt })
      }
      const paymasterData = await signPaymasterData(op, { chainId: numericChain, paymaster: paymaster.address, validUntil, validAfter, signer: paymaster.signer })
      // The operator's record of what sponsorship costs (docs/self-hosting.md, "Gas sponsorship").
      where.log.info(
        {
          sponsorship: {
            projectId: where.project.id,
            chainId: where.caip2,
            user: where.userKey,
            sender: op.sender,
            maxCostWei: cost.toString(),
            userDayWei: counted.userSpent.toString(),
            projectDayWei: counted.projectSpent.toString(),
          },
        },
        'sponsored a user operation',
      )
      return { jsonrpc: '2.0', id, result: { paymaster: paymaster.address, paymasterData } }
    } catch (error) {
      if (error instanceof RpcFailure) return { jsonrpc: '2.0', id, error: error.error }
      throw error
    }
  }

  const handler = (userKeyOf: (request: FastifyRequest, body: unknown) => Promise<string> | string) => async (request: FastifyRequest<{ Querystring: PaymasterQuery }>, reply: FastifyReply) => {
    const caip2 = request.query.chainId.startsWith('eip155:') ? request.query.chainId : `eip155:${request.query.chainId}`
    if (clients.chain(caip2) === undefined) throw new HttpError(400, 'Bad Request', `${caip2} is not a chain of this server`, { code: 'UNSUPPORTED_CHAIN' })
    const project = projects.get(request.query.projectId)!
    const body: unknown = request.body
    const items = Array.isArray(body) ? body : [body]
    if (items.length === 0 || items.length > MAX_BATCH) throw new HttpError(400, 'Bad Request', `A batch holds 1 to ${MAX_BATCH} requests`)
    const answers: Answer[] = []
    // One after another: each counts against the same caps.
    for (const item of items) answers.push(await answer(item, { project, caip2, userKey: await userKeyOf(request, item), log: request.log }))
    return reply.send(Array.isArray(body) ? answers : answers[0])
  }

  const bodySchema = { anyOf: [{ type: 'object' }, { type: 'array' }] } as const
  const responseSchema = { ...errorResponses, 400: { ...errorResponses['4xx'], properties: { ...errorResponses['4xx'].properties, code: { type: 'string' } } } }
  const routeOptions = { schema: { querystring, body: bodySchema, response: responseSchema }, bodyLimit: PAYMASTER_BODY_LIMIT }

  app.post<{ Querystring: PaymasterQuery }>(
    '/v1/paymaster',
    {
      ...routeOptions,
      preValidation: [
        async (request) => {
          if (request.headers.origin === undefined) throw new HttpError(403, 'Origin Not Allowed', 'The paymaster answers browsers of the project only: send the Origin header')
        },
        projectGuard(projects),
        async (request) => {
          const project = projects.get((request.query as PaymasterQuery).projectId)
          if (project?.sponsorship?.publicEndpoint !== true) {
            throw new HttpError(403, 'Forbidden', `Project '${project?.id ?? ''}' sponsors gas for its embedded wallet only (its policy has no "publicEndpoint": true)`)
          }
        },
      ],
    },
    handler((_request, item) => {
      const sender = ((item as { params?: unknown[] } | undefined)?.params?.[0] as { sender?: unknown } | undefined)?.sender
      return `account:${typeof sender === 'string' ? sender.toLowerCase() : ''}`
    }),
  )

  if (authenticate === undefined) return
  const secureOnly = secureFrameOnly(projects, secureOrigins)
  const sessions = new WeakMap<FastifyRequest, string>()
  app.post<{ Querystring: PaymasterQuery }>(
    '/auth/v1/paymaster',
    {
      ...routeOptions,
      preValidation: secureOnly,
      preHandler: async (request) => {
        const session = (await authenticate(request)) as { user: { id: string } }
        sessions.set(request, `user:${session.user.id}`)
      },
    },
    handler((request) => sessions.get(request)!),
  )
}

/**
 * @example
 * registerPaymasterRoutes(app, { projects, clients, paymaster, spend, secureOrigins, authenticate })
 */
export function registerPaymasterRoutes(app: FastifyInstance, options: PaymasterRoutesOptions): void {
  app.register(paymasterRoutes, options)
}
