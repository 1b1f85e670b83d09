/**
 * Self-custody routes (src/shared/custodyApi.ts, server/auth/custody.ts), registered
 * inside the auth routes (routes/auth.ts) so they share its checks: only the secure
 * page's origin, `Cache-Control: no-store`, and a session used from its own project and
 * device. Rate-limited per client in ROUTE_POLICIES (server/routeLimits.ts).
 */
import { type FastifyInstance, type FastifyRequest } from 'fastify'
import { type CustodyService } from '../auth/custody'
import { type Authenticated } from '../auth/service'
import { AUTH_SHARE_BYTES, CUSTODY_NAMESPACES, CUSTODY_PATHS, type CustodyWalletNamespace, type RecoverySetup, type WalletRegistration } from '../../src/shared/custodyApi'
import { PROJECT_ID_PATTERN } from '../projects'

export interface CustodyRoutesOptions {
  custody: CustodyService
  /** The session behind the request (routes/auth.ts), or a 401. */
  authenticated(request: FastifyRequest): Promise<Authenticated>
  /**
   * The session, once it proved a fresh second factor when the user enrolled one (403
   * SECOND_FACTOR_REQUIRED; server/auth/stepUp.ts): recovery on a new device and adding it.
   */
  withSecondFactor(request: FastifyRequest): Promise<Authenticated>
  /** The session, once it proved a fresh step-up for key export (by an enrolled second factor when there is one). */
  withExportStepUp(request: FastifyRequest): Promise<Authenticated>
  /** The `{ '4xx', '5xx' }` error responses of the auth routes. */
  errors: Record<string, unknown>
}

const BODY_LIMIT = 16 * 1024
const projectQuery = { type: 'object', properties: { projectId: { type: 'string', pattern: PROJECT_ID_PATTERN } } } as const
const namespace = { type: 'string', enum: [...CUSTODY_NAMESPACES] } as const
const address = { type: 'string', maxLength: 64 } as const
/** Base64 of 33 bytes is 44 characters. */
const share = { type: 'string', maxLength: Math.ceil(AUTH_SHARE_BYTES / 3) * 4 } as const
const wallet = {
  type: 'object',
  required: ['namespace', 'address', 'authShare'],
  additionalProperties: false,
  properties: { namespace, address, authShare: share, recoveryEnvelope: { type: 'object' } },
} as const
const walletAnswer = { type: 'object', required: ['namespace', 'address'], properties: { namespace: { type: 'string' }, address: { type: 'string' } } } as const

/**
 * @example
 * await custodyRoutes(app, { custody, authenticated, withSecondFactor, withExportStepUp, errors })
 */
export async function custodyRoutes(app: FastifyInstance, { custody, authenticated, withSecondFactor, withExportStepUp, errors }: CustodyRoutesOptions): Promise<void> {
  app.post<{ Body: { wallets: WalletRegistration[] } }>(
    CUSTODY_PATHS.wallets,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: projectQuery,
        body: { type: 'object', required: ['wallets'], properties: { wallets: { type: 'array', minItems: 1, maxItems: CUSTODY_NAMESPACES.length, items: wallet } } },
        response: { 200: { type: 'object', required: ['addresses'], properties: { addresses: { type: 'object', properties: { eip155: address, solana: address } } } }, ...errors },
      },
    },
    async (request) => custody.registerWallets(await authenticated(request), request.body.wallets),
  )

  app.get<{ Querystring: { namespace: CustodyWalletNamespace } }>(
    CUSTODY_PATHS.authShare,
    {
      schema: {
        querystring: { type: 'object', required: ['namespace'], properties: { ...projectQuery.properties, namespace } },
        response: {
          200: {
            type: 'object',
            required: ['namespace', 'address', 'authShare', 'recoverySet'],
            properties: { ...walletAnswer.properties, authShare: { type: 'string' }, recoverySet: { type: 'boolean' } },
          },
          ...errors,
        },
      },
    },
    async (request) => custody.authShare(await authenticated(request), request.query.namespace),
  )

  app.post<{ Body: { namespace: CustodyWalletNamespace } }>(
    CUSTODY_PATHS.migrationStart,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: projectQuery,
        body: { type: 'object', required: ['namespace'], properties: { namespace } },
        response: { 200: { type: 'object', required: ['namespace', 'address', 'secret'], properties: { ...walletAnswer.properties, secret: { type: 'string' } } }, ...errors },
      },
    },
    async (request) => custody.startMigration(await authenticated(request), request.body.namespace),
  )

  app.post<{ Body: WalletRegistration }>(
    CUSTODY_PATHS.migrationFinish,
    { bodyLimit: BODY_LIMIT, schema: { querystring: projectQuery, body: wallet, response: { 200: walletAnswer, ...errors } } },
    async (request) => custody.finishMigration(await authenticated(request), request.body),
  )

  app.post<{ Body: RecoverySetup }>(
    CUSTODY_PATHS.recovery,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: projectQuery,
        body: {
          type: 'object',
          required: ['namespace', 'address', 'authShare', 'envelope'],
          additionalProperties: false,
          properties: { namespace, address, authShare: share, envelope: { type: 'object' } },
        },
        response: { 200: { type: 'object', required: ['namespace', 'address', 'version'], properties: { ...walletAnswer.properties, version: { type: 'integer' } } }, ...errors },
      },
    },
    async (request) => custody.setRecovery(await authenticated(request), request.body),
  )

  app.get<{ Querystring: { namespace: CustodyWalletNamespace } }>(
    CUSTODY_PATHS.recovery,
    {
      schema: {
        querystring: { type: 'object', required: ['namespace'], properties: { ...projectQuery.properties, namespace } },
        response: {
          200: {
            type: 'object',
            required: ['namespace', 'address', 'version', 'envelope', 'authShare'],
            properties: { ...walletAnswer.properties, version: { type: 'integer' }, envelope: { type: 'object', additionalProperties: true }, authShare: { type: 'string' } },
          },
          ...errors,
        },
      },
    },
    async (request) => custody.recovery(await withSecondFactor(request), request.query.namespace),
  )

  app.post<{ Body: { namespace: CustodyWalletNamespace } }>(
    CUSTODY_PATHS.export,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: projectQuery,
        body: { type: 'object', required: ['namespace'], additionalProperties: false, properties: { namespace } },
        response: { 200: { type: 'object', required: ['namespace', 'address', 'authShare'], properties: { ...walletAnswer.properties, authShare: { type: 'string' } } }, ...errors },
      },
    },
    async (request) => custody.exportShare(await withExportStepUp(request), request.body.namespace),
  )

  app.post<{ Body: WalletRegistration }>(
    CUSTODY_PATHS.recoveredDevice,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: projectQuery,
        body: { ...wallet, required: ['namespace', 'address', 'authShare'], properties: { namespace, address, authShare: share } },
        response: { 200: walletAnswer, ...errors },
      },
    },
    async (request) => custody.registerRecoveredDevice(await withSecondFactor(request), request.body),
  )
}
