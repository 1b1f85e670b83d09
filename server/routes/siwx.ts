/**
 * Sign-in with X (SPEC §2 ConnectingSiwe; EIP-4361 "Sign-In with Ethereum") under
 * /siwx/v1: a nonce, the verification of the signed message, the session it opens, and
 * sign-out. Messages are parsed strictly against EIP-4361 (../siwe/parseSiweMessage.ts)
 * and checked for this project (../siwe/checkSiweMessage.ts); the signature is checked
 * with viem (offline for an EOA, on the chain for a smart account).
 *
 * A session is `Authorization: Bearer psx_…`; only its SHA-256 is stored. The project
 * guard applies as on every project route, and the message must be for this project:
 * its `domain` and its `uri` are on origins the project allows, with or without an
 * `Origin` header (and an `Origin` header, when sent, is the domain's).
 */
import { createHash, randomBytes } from 'node:crypto'
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify'
import { type Kysely } from 'kysely'
import { type Hex } from 'viem'
import { generateSiweNonce } from 'viem/siwe'
import { type ChainClients } from '../chain/clients'
import { errorWithCodeResponses } from '../chain/requestHelpers'
import { verifyAccountSignature } from '../chain/signatures'
import { type DatabaseSchema } from '../db/schema'
import { type SiwxSession, createSiwxStore } from '../db/siwxSessions'
import { HttpError } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectOf, projectQuerySchema } from '../projectGuard'
import { type ProjectRegistry } from '../projects'
import { checkSiweMessage } from '../siwe/checkSiweMessage'
import { parseSiweMessage } from '../siwe/parseSiweMessage'

export const DEFAULT_SIWX_SESSION_TTL_MS = 7 * 24 * 3_600_000
export const SIWX_NONCE_TTL_MS = 10 * 60_000
const TOKEN_PREFIX = 'psx_'

export interface SiwxRoutesOptions {
  projects: ProjectRegistry
  db: Kysely<DatabaseSchema>
  clients: ChainClients
  /** Longest a session lasts (a shorter Expiration Time in the message wins). Default 7 days. */
  sessionTtlMs?: number
  now?: () => number
}

/** What GET /siwx/v1/session and POST /siwx/v1/verify answer. */
export interface SiwxSessionBody {
  address: string
  /** CAIP-2, e.g. `eip155:1`. */
  chainId: string
  /** CAIP-10, e.g. `eip155:1:0x…`. */
  caipAddress: string
  domain: string
  uri: string
  message: string
  signature: string
  issuedAt: string
  expiresAt: string
}

const sessionSchema = {
  type: 'object',
  required: ['address', 'chainId', 'caipAddress', 'domain', 'uri', 'message', 'signature', 'issuedAt', 'expiresAt'],
  properties: {
    address: { type: 'string' },
    chainId: { type: 'string' },
    caipAddress: { type: 'string' },
    domain: { type: 'string' },
    uri: { type: 'string' },
    message: { type: 'string' },
    signature: { type: 'string' },
    issuedAt: { type: 'string' },
    expiresAt: { type: 'string' },
  },
} as const

export const siwxRoutes: FastifyPluginAsync<SiwxRoutesOptions> = async (app, { projects, db, clients, sessionTtlMs = DEFAULT_SIWX_SESSION_TTL_MS, now = Date.now }) => {
  const store = createSiwxStore(db)
  app.addHook('preValidation', projectGuard(projects))
  app.addHook('onSend', async (_request, reply) => void reply.header('Cache-Control', 'no-store'))
  let lastSweep = 0

  app.post<{ Querystring: ProjectQuery; Reply: { nonce: string; expiresAt: string } }>(
    '/siwx/v1/nonce',
    {
      schema: {
        querystring: projectQuerySchema,
        response: { 200: { type: 'object', required: ['nonce', 'expiresAt'], properties: { nonce: { type: 'string' }, expiresAt: { type: 'string' } } }, ...errorWithCodeResponses },
      },
    },
    async (request) => {
      const at = now()
      if (at - lastSweep > 60_000) {
        lastSweep = at
        await store.deleteOlderThan(at - 24 * 3_600_000)
      }
      const nonce = generateSiweNonce()
      const expiresAt = at + SIWX_NONCE_TTL_MS
      await store.addNonce({ nonce, projectId: projectOf(request).id, now: at, expiresAt })
      return { nonce, expiresAt: new Date(expiresAt).toISOString() }
    },
  )

  app.post<{ Querystring: ProjectQuery; Body: { message: string; signature: string }; Reply: { token: string; session: SiwxSessionBody } }>(
    '/siwx/v1/verify',
    {
      schema: {
        querystring: projectQuerySchema,
        body: {
          type: 'object',
          required: ['message', 'signature'],
          properties: { message: { type: 'string', maxLength: 8192 }, signature: { type: 'string', pattern: '^0x[0-9a-fA-F]{62,}$', maxLength: 20_000 } },
        },
        response: { 200: { type: 'object', required: ['token', 'session'], properties: { token: { type: 'string' }, session: sessionSchema } }, ...errorWithCodeResponses },
      },
    },
    async (request) => {
      const { message, signature } = request.body
      const project = projectOf(request)
      const at = now()
      const bad = (text: string, code: string, status = 400): never => {
        throw new HttpError(status, status === 401 ? 'Unauthorized' : 'Bad Request', text, { code })
      }
      const parsed = parseSiweMessage(message)
      if (!parsed.ok) {
        // A short or non-alphanumeric nonce is its own refusal, so a client can tell it from a bad message.
        return parsed.part === 'nonce'
          ? bad(`The nonce is malformed: ${parsed.reason}`, 'INVALID_NONCE')
          : bad(`The message is not an EIP-4361 (Sign-In with Ethereum) message: ${parsed.reason}`, 'INVALID_MESSAGE')
      }
      const { fields } = parsed
      const refusal = checkSiweMessage(fields, {
        now: at,
        isOriginAllowed: (origin) => project.isOriginAllowed(origin),
        requestOrigin: request.headers.origin,
        isChainServed: (id) => clients.chain(`eip155:${id}`) !== undefined,
      })
      if (refusal !== undefined) bad(refusal.message, refusal.code)
      const chainId = `eip155:${fields.chainId}`
      if (!(await verifyAccountSignature(clients, { address: fields.address, message, signature: signature as Hex, chainId }))) {
        bad('The signature is not this address’s signature of the message', 'INVALID_SIGNATURE', 401)
      }
      // Last, so a bad request does not burn the visitor's nonce; atomic, so it works once.
      if (!(await store.consumeNonce(fields.nonce, project.id, at))) bad('The nonce is unknown, used or expired: ask POST /siwx/v1/nonce for a new one', 'INVALID_NONCE', 401)

      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
      // Never longer than the message itself is valid.
      const expiresAt = Math.min(at + sessionTtlMs, fields.expirationTime?.getTime() ?? Number.POSITIVE_INFINITY)
      const session = await store.insertSession({
        tokenHash: hashToken(token),
        projectId: project.id,
        address: fields.address,
        chainId,
        domain: fields.domain,
        uri: fields.uri,
        message,
        signature,
        now: at,
        expiresAt,
      })
      return { token, session: toBody(session) }
    },
  )

  app.get<{ Querystring: ProjectQuery; Reply: { session: SiwxSessionBody } }>(
    '/siwx/v1/session',
    { schema: { querystring: projectQuerySchema, response: { 200: { type: 'object', required: ['session'], properties: { session: sessionSchema } }, ...errorWithCodeResponses } } },
    async (request) => ({ session: toBody(await liveSession(request)) }),
  )

  app.post<{ Querystring: ProjectQuery; Reply: { success: boolean } }>(
    '/siwx/v1/signout',
    { schema: { querystring: projectQuerySchema, response: { 200: { type: 'object', required: ['success'], properties: { success: { type: 'boolean' } } }, ...errorWithCodeResponses } } },
    async (request) => {
      const token = bearerToken(request)
      const session = token === undefined ? undefined : await store.findSession(hashToken(token))
      // Signing out of a session that already ended is a success: the visitor is signed out.
      if (session !== undefined && session.projectId === projectOf(request).id) await store.revokeSession(session.id, now())
      return { success: true }
    },
  )

  async function liveSession(request: FastifyRequest): Promise<SiwxSession> {
    const token = bearerToken(request)
    const session = token === undefined ? undefined : await store.findSession(hashToken(token))
    const unauthorized = (text: string, code: string, title = 'Unauthorized'): never => {
      throw new HttpError(401, title, text, { code }, { 'WWW-Authenticate': 'Bearer' })
    }
    if (session === undefined || session.revokedAt !== null || session.projectId !== projectOf(request).id) {
      return unauthorized('No signed-in session: send Authorization: Bearer <token from POST /siwx/v1/verify>', 'UNAUTHORIZED')
    }
    if (session.expiresAt.getTime() <= now()) return unauthorized('The session has expired: sign in again', 'SESSION_EXPIRED', 'Session Expired')
    return session
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer (psx_[A-Za-z0-9_-]{43})$/.exec(request.headers.authorization ?? '')
  return match?.[1]
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function toBody(session: SiwxSession): SiwxSessionBody {
  return {
    address: session.address,
    chainId: session.chainId,
    caipAddress: `${session.chainId}:${session.address}`,
    domain: session.domain,
    uri: session.uri,
    message: session.message,
    signature: session.signature,
    issuedAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  }
}
