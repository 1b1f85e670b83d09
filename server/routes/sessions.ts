/**
 * Smart sessions, SPEC §7 `GET /v1/sessions/{id}` and `POST /v1/sessions/{id}/revoke`
 * (body: pci, signature), and Portico's `POST /v1/sessions/{id}`, which records one.
 * `{id}` is the account's CAIP-10 id. A session is an ERC-7715 permission grant the
 * account made to a dapp (`wallet_grantPermissions`), known by its pci (keccak256 of the
 * permissions context). What is stored and checked is in docs/self-hosting.md, "Smart
 * sessions": the account's signature is checked for recording and for revoking; the
 * permissions and the context are kept as the dapp sent them, not interpreted.
 */
import { type FastifyPluginAsync } from 'fastify'
import { type Kysely } from 'kysely'
import { type Hex, keccak256 } from 'viem'
import type * as Wire from '../../src/shared/blockchainApi'
import { smartSessionGrantMessage } from '../../src/shared/smartSessions'
import { type ChainClients } from '../chain/clients'
import { errorWithCodeResponses, parseAccountParam } from '../chain/requestHelpers'
import { verifyAccountSignature } from '../chain/signatures'
import { type DatabaseSchema } from '../db/schema'
import { type SessionCursor, type SmartSessionRecord, createSmartSessionStore } from '../db/smartSessions'
import { HttpError } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectOf, projectQueryProperties, projectQuerySchema } from '../projectGuard'
import { type ProjectRegistry } from '../projects'

export interface SessionRoutesOptions {
  projects: ProjectRegistry
  db: Kysely<DatabaseSchema>
  /** Where a smart account's signature (ERC-1271/6492) is checked. */
  clients: ChainClients
  now?: () => number
}

/** The longest session the server records: one year from now. */
export const MAX_SESSION_LIFETIME_MS = 365 * 24 * 3_600_000

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 128 } } } as const
const signature = { type: 'string', pattern: '^0x[0-9a-fA-F]{130,}$', maxLength: 20_000 } as const
const httpUrl = { type: 'string', pattern: '^https?://', maxLength: 512 } as const

const recordBody = {
  type: 'object',
  required: ['context', 'expiry', 'permissions', 'signature'],
  additionalProperties: false,
  properties: {
    context: { type: 'string', pattern: '^0x([0-9a-fA-F]{2})+$', maxLength: 32_768 },
    expiry: { type: 'integer', minimum: 0 },
    permissions: {
      type: 'array',
      maxItems: 32,
      items: { type: 'object', required: ['type', 'data'], properties: { type: { type: 'string', minLength: 1, maxLength: 128 }, data: { type: 'object' } } },
    },
    signature,
    dapp: {
      type: 'object',
      additionalProperties: false,
      properties: { name: { type: 'string', minLength: 1, maxLength: 128 }, url: httpUrl, iconUrl: httpUrl },
    },
  },
} as const

const revokeBody = {
  type: 'object',
  required: ['pci', 'signature'],
  additionalProperties: false,
  properties: { pci: { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' }, signature },
} as const

/** Sessions in one page of GET /v1/sessions/{id} unless `?limit=` says otherwise, and the most it may say. */
export const SESSIONS_PAGE_SIZE = 50
export const SESSIONS_MAX_PAGE_SIZE = 100

interface ListQuery extends ProjectQuery {
  limit?: number
  cursor?: string
}

const listQuery = {
  type: 'object',
  required: ['projectId'],
  properties: {
    ...projectQueryProperties,
    limit: { type: 'integer', minimum: 1, maximum: SESSIONS_MAX_PAGE_SIZE },
    cursor: { type: 'string', maxLength: 100 },
  },
} as const

/** A page's cursor names the last session it showed: `<createdAt ms>.<pci>`. */
const CURSOR = /^([0-9]{1,16})\.(0x[0-9a-f]{64})$/
const cursorOf = (record: SmartSessionRecord) => `${record.createdAt}.${record.pci}`
function readCursor(cursor: string): SessionCursor {
  const match = CURSOR.exec(cursor)
  if (match === null) throw new HttpError(400, 'Bad Request', 'cursor is not one this server gave (pass the `next` of the previous page as it is)', { code: 'INVALID_CURSOR' })
  return { createdAt: Number(match[1]), pci: match[2]! }
}

/** A session, a permission list or a revocation is small; refuse anything bigger unread. */
const BODY_LIMIT = 64 * 1024

function toWire(record: SmartSessionRecord): Wire.SmartSession {
  const { name, url, iconUrl } = record.project
  return {
    pci: record.pci,
    project: { id: record.projectId, name, ...(url === null ? {} : { url }), ...(iconUrl === null ? {} : { iconUrl }) },
    createdAt: Math.floor(record.createdAt / 1000),
    expiry: Math.floor(record.expiresAt / 1000),
    permissions: record.permissions as Wire.SmartSessionPermission[],
    context: record.context,
    revokedAt: record.revokedAt === null ? null : Math.floor(record.revokedAt / 1000),
  }
}

/** The session's account: a CAIP-10 EVM account, its address checksummed. */
function accountOf(id: string): { caip: string; address: Hex; chainId: string } {
  const parsed = parseAccountParam(id, 'id')
  if (parsed.chainId === undefined) throw new HttpError(400, 'Bad Request', `id must be a CAIP-10 account id such as eip155:1:0x…, not '${id.slice(0, 100)}'`, { code: 'INVALID_ACCOUNT' })
  return { caip: `${parsed.chainId}:${parsed.address}`, address: parsed.address, chainId: parsed.chainId }
}

export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (app, { projects, db, clients, now = Date.now }) => {
  const store = createSmartSessionStore(db)
  app.addHook('preValidation', projectGuard(projects))

  app.get<{ Params: { id: string }; Querystring: ListQuery; Reply: Wire.SessionsResponse }>(
    '/v1/sessions/:id',
    { schema: { params: idParams, querystring: listQuery, response: errorWithCodeResponses } },
    async (request) => {
      const account = accountOf(request.params.id)
      const limit = request.query.limit ?? SESSIONS_PAGE_SIZE
      const after = request.query.cursor === undefined ? undefined : readCursor(request.query.cursor)
      // One more than the page tells whether there is a next one.
      const records = await store.list(account.caip, projectOf(request).id, { limit: limit + 1, ...(after ? { after } : {}) })
      const page = records.slice(0, limit)
      return { pcis: page.map(toWire), ...(records.length > limit ? { next: cursorOf(page[page.length - 1]!) } : {}) }
    },
  )

  app.post<{ Params: { id: string }; Querystring: ProjectQuery; Body: Wire.RecordSessionRequest; Reply: Wire.SmartSession }>(
    '/v1/sessions/:id',
    { bodyLimit: BODY_LIMIT, schema: { params: idParams, querystring: projectQuerySchema, body: recordBody, response: errorWithCodeResponses } },
    async (request, reply) => {
      const account = accountOf(request.params.id)
      const project = projectOf(request)
      const { context, expiry, permissions, signature: grantSignature, dapp } = request.body
      const at = now()
      if (expiry * 1000 <= at) throw new HttpError(400, 'Bad Request', 'expiry is in the past', { code: 'SESSION_EXPIRED' })
      if (expiry * 1000 > at + MAX_SESSION_LIFETIME_MS) throw new HttpError(400, 'Bad Request', 'expiry is more than a year away', { code: 'INVALID_EXPIRY' })
      const pci = keccak256(context)
      const message = smartSessionGrantMessage({ account: account.caip, projectId: project.id, pci, expiry })
      if (!(await verifyAccountSignature(clients, { address: account.address, message, signature: grantSignature, chainId: account.chainId }))) {
        throw new HttpError(401, 'Unauthorized', `signature is not ${account.caip}'s signature of the session's grant message`, { code: 'INVALID_SIGNATURE' })
      }
      const record = {
        pci,
        account: account.caip,
        projectId: project.id,
        project: { name: dapp?.name ?? project.id, url: dapp?.url ?? null, iconUrl: dapp?.iconUrl ?? null },
        context: context.toLowerCase(),
        permissions,
        expiresAt: expiry * 1000,
        createdAt: at,
        grantSignature,
      }
      if (!(await store.insert(record))) throw new HttpError(409, 'Conflict', `${account.caip} recorded a session with pci ${pci} in this project already`, { code: 'SESSION_EXISTS' })
      return reply.code(201).send(toWire({ ...record, revokedAt: null }))
    },
  )

  app.post<{ Params: { id: string }; Querystring: ProjectQuery; Body: Wire.RevokeSessionRequest; Reply: Wire.RevokeSessionResponse }>(
    '/v1/sessions/:id/revoke',
    { bodyLimit: BODY_LIMIT, schema: { params: idParams, querystring: projectQuerySchema, body: revokeBody, response: errorWithCodeResponses } },
    async (request) => {
      const account = accountOf(request.params.id)
      const pci = request.body.pci.toLowerCase()
      const key = { account: account.caip, projectId: projectOf(request).id, pci }
      // Another account's or another project's session is as unknown as a missing one.
      const session = await store.find(key)
      if (session === undefined) {
        throw new HttpError(404, 'Not Found', `${account.caip} has no session ${pci} in this project`, { code: 'SESSION_NOT_FOUND' })
      }
      if (!(await verifyAccountSignature(clients, { address: account.address, message: session.pci, signature: request.body.signature, chainId: account.chainId }))) {
        throw new HttpError(401, 'Unauthorized', `signature is not ${account.caip}'s signature of the pci`, { code: 'INVALID_SIGNATURE' })
      }
      // Revoking twice is not an error: the first revocation (and its signature) is kept.
      await store.revoke(key, request.body.signature, now())
      return { success: true }
    },
  )
}
