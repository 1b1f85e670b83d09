/**
 * The name registry (SPEC §7 /v1/profile/*, SPEC §5 register name) and the identity
 * endpoint (GET /v1/identity/{address}). A name is `<label><suffix>`, e.g.
 * `alice.portico.id`; the label has at least 4 characters, only letters, digits and
 * hyphens, and is stored lower case. Registration is proved by the address's signature
 * of the registration message (JSON text: name, attributes, timestamp), checked with
 * viem. Errors carry the SPEC §8 sentence as `error` and say what was wrong in `message`.
 */
import { type FastifyPluginAsync } from 'fastify'
import { type Hex, isHex } from 'viem'
import type * as Wire from '../../src/shared/blockchainApi'
import { type ChainClients } from '../chain/clients'
import { errorWithCodeResponses, parseAccountParam } from '../chain/requestHelpers'
import { verifyAccountSignature } from '../chain/signatures'
import { type NameAttributesRecord, type NameRecord, createNameStore } from '../db/names'
import { type DatabaseSchema } from '../db/schema'
import { HttpError } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectQuerySchema } from '../projectGuard'
import { type ProjectRegistry } from '../projects'
import { type Kysely } from 'kysely'

/** SPEC §8, word for word. */
export const NameErrors = {
  resolving: 'Error resolving name',
  suggestions: 'Error fetching name suggestions',
  registering: 'Error registering name',
} as const

export const DEFAULT_NAME_SUFFIX = '.portico.id'
/** SLIP-44 coin type of Ethereum: names point at EVM addresses only (SPEC §5 Names: eip155). */
export const ETHEREUM_COIN_TYPE = 60
/** A signed registration message is good for this long after its timestamp. */
export const REGISTRATION_MESSAGE_MAX_AGE_MS = 10 * 60_000
export const MAX_NAMES_PER_ADDRESS = 5
const SUGGESTION_COUNT = 5

/** SPEC §5: at least 4 characters, only letters, digits and hyphens (63 at most, as a DNS label). */
export const NAME_LABEL_PATTERN = /^[A-Za-z0-9-]{4,63}$/

export interface NameRoutesOptions {
  projects: ProjectRegistry
  db: Kysely<DatabaseSchema>
  clients: ChainClients
  /** Default DEFAULT_NAME_SUFFIX. */
  suffix?: string
  now?: () => number
}

const nameParams = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 128 } } } as const
const addressParams = { type: 'object', required: ['address'], properties: { address: { type: 'string', maxLength: 128 } } } as const

const registerBody = {
  type: 'object',
  required: ['coin_type', 'address', 'message', 'signature'],
  properties: {
    coin_type: { type: 'integer' },
    address: { type: 'string', maxLength: 128 },
    message: { type: 'string', maxLength: 4096 },
    signature: { type: 'string', pattern: '^0x[0-9a-fA-F]{62,}$', maxLength: 20_000 },
  },
} as const

export const nameRoutes: FastifyPluginAsync<NameRoutesOptions> = async (app, { projects, db, clients, suffix = DEFAULT_NAME_SUFFIX, now = Date.now }) => {
  const names = createNameStore(db)
  app.addHook('preValidation', projectGuard(projects))
  // A malformed request is reported with the SPEC sentence of its route too.
  app.setErrorHandler((error: Error & { validation?: unknown }, request, reply) => {
    if (error.validation === undefined) throw error
    const title = request.url.includes('/suggestions/') ? NameErrors.suggestions : request.method === 'POST' ? NameErrors.registering : NameErrors.resolving
    return reply.code(400).send({ error: title, message: error.message, code: 'INVALID_REQUEST' })
  })

  const fullName = (label: string) => `${label.toLowerCase()}${suffix}`
  /** The label of `alice` or `alice.portico.id` (any case), or undefined when it breaks SPEC §5. */
  const labelOf = (value: string): string | undefined => {
    const lower = value.trim().toLowerCase()
    const label = lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : lower
    return NAME_LABEL_PATTERN.test(label) ? label : undefined
  }

  app.get<{ Params: { name: string }; Querystring: ProjectQuery; Reply: Wire.NameProfile }>(
    '/v1/profile/account/:name',
    { schema: { params: nameParams, querystring: projectQuerySchema, response: errorWithCodeResponses } },
    async (request) => {
      const label = labelOf(request.params.name)
      const record = label === undefined ? undefined : await names.get(fullName(label))
      if (record === undefined) throw new HttpError(404, NameErrors.resolving, `No name '${request.params.name.slice(0, 80)}' is registered`, { code: 'NAME_NOT_FOUND' })
      return toProfile(record)
    },
  )

  app.get<{ Params: { address: string }; Querystring: ProjectQuery; Reply: Wire.ReverseNameResponse }>(
    '/v1/profile/reverse/:address',
    { schema: { params: addressParams, querystring: projectQuerySchema, response: errorWithCodeResponses } },
    async (request) => (await names.byAddress(parseAccountParam(request.params.address, 'params/address', NameErrors.resolving).address)).map(toProfile),
  )

  app.get<{ Params: { name: string }; Querystring: ProjectQuery; Reply: Wire.NameSuggestionsResponse }>(
    '/v1/profile/suggestions/:name',
    { schema: { params: nameParams, querystring: projectQuerySchema, response: errorWithCodeResponses } },
    async (request) => {
      const lower = request.params.name.trim().toLowerCase()
      const base = (lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : lower).replace(/[^a-z0-9-]/g, '').slice(0, 59)
      if (base === '') {
        throw new HttpError(400, NameErrors.suggestions, 'Type a name of letters, digits and hyphens to get suggestions', { code: 'INVALID_NAME' })
      }
      const candidates = [...new Set([base, ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${base}${n}`), `${base}-id`, `my-${base}`])].filter((label) => NAME_LABEL_PATTERN.test(label)).map(fullName)
      const taken = await names.registered(candidates)
      const exact = fullName(base)
      const suggestions: Wire.NameSuggestion[] = []
      if (NAME_LABEL_PATTERN.test(base)) suggestions.push({ name: exact, registered: taken.has(exact) })
      for (const name of candidates) {
        if (suggestions.length >= SUGGESTION_COUNT) break
        if (name !== exact && !taken.has(name)) suggestions.push({ name, registered: false })
      }
      return { suggestions }
    },
  )

  app.post<{ Querystring: ProjectQuery; Body: Wire.RegisterNameRequest; Reply: Wire.RegisterNameResponse }>(
    '/v1/profile/account',
    { schema: { querystring: projectQuerySchema, body: registerBody, response: errorWithCodeResponses } },
    async (request) => {
      const { coin_type: coinType, message, signature } = request.body
      const fail = (status: number, text: string, code: string): never => {
        throw new HttpError(status, NameErrors.registering, text, { code })
      }
      if (coinType !== ETHEREUM_COIN_TYPE) fail(400, `coin_type must be ${ETHEREUM_COIN_TYPE} (Ethereum): names point at EVM addresses only`, 'UNSUPPORTED_COIN_TYPE')
      const { address } = parseAccountParam(request.body.address, 'body/address', NameErrors.registering)
      const signed = parseRegistrationMessage(message)
      if (signed === undefined) fail(400, 'message must be the signed JSON text { name, attributes, timestamp }', 'INVALID_MESSAGE')
      const { name: requested, attributes, timestamp } = signed!
      const label = labelOf(requested)
      if (label === undefined) fail(400, 'A name needs at least 4 characters: only letters, digits and hyphens', 'INVALID_NAME')
      const age = now() - timestamp
      if (age > REGISTRATION_MESSAGE_MAX_AGE_MS || age < -60_000) fail(400, 'The registration message is too old or from the future: sign a new one', 'MESSAGE_EXPIRED')
      if (!isHex(signature) || !(await verifyAccountSignature(clients, { address, message, signature: signature as Hex }))) {
        fail(400, 'The signature is not this address’s signature of the message', 'INVALID_SIGNATURE')
      }

      const name = fullName(label!)
      const existing = await names.get(name)
      if (existing !== undefined) {
        if (existing.address.toLowerCase() !== address.toLowerCase()) fail(409, `The name '${name}' is already registered`, 'NAME_TAKEN')
        await names.update({ name, attributes, message, signature, now: now() })
        return toProfile((await names.get(name))!)
      }
      if ((await names.byAddress(address)).length >= MAX_NAMES_PER_ADDRESS) {
        fail(409, `An address may hold at most ${MAX_NAMES_PER_ADDRESS} names`, 'TOO_MANY_NAMES')
      }
      const inserted = await names.insert({ name, address, coinType, attributes, message, signature, now: now() })
      // Lost a race to another registration of the same name.
      if (!inserted) fail(409, `The name '${name}' is already registered`, 'NAME_TAKEN')
      return toProfile((await names.get(name))!)
    },
  )

  app.get<{ Params: { address: string }; Querystring: ProjectQuery; Reply: Wire.IdentityResponse }>(
    '/v1/identity/:address',
    { schema: { params: addressParams, querystring: projectQuerySchema, response: errorWithCodeResponses } },
    async (request) => {
      const [newest] = await names.byAddress(parseAccountParam(request.params.address, 'params/address').address)
      return { name: newest?.name ?? null, avatar: newest?.attributes.avatar ?? null }
    },
  )
}

/** The name, attributes and timestamp of a registration message, or undefined when it is not one. */
function parseRegistrationMessage(message: string): { name: string; attributes: NameAttributesRecord; timestamp: number } | undefined {
  let value: unknown
  try {
    value = JSON.parse(message)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const { name, attributes = {}, timestamp } = value as Record<string, unknown>
  if (typeof name !== 'string' || typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return undefined
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) return undefined
  const { avatar, bio } = attributes as Record<string, unknown>
  const kept: NameAttributesRecord = {}
  if (typeof avatar === 'string' && avatar.length <= 2048 && /^(https:\/\/|http:\/\/|data:image\/|ipfs:\/\/)/.test(avatar)) kept.avatar = avatar
  if (typeof bio === 'string' && bio.length <= 256) kept.bio = bio
  return { name, attributes: kept, timestamp }
}

function toProfile(record: NameRecord): Wire.NameProfile {
  const attributes = Object.keys(record.attributes).length > 0 ? [record.attributes] : []
  return {
    name: record.name,
    registered: Math.floor(record.createdAt.getTime() / 1000),
    updated: Math.floor(record.updatedAt.getTime() / 1000),
    addresses: { [String(record.coinType)]: { address: record.address, created: record.createdAt.toISOString() } },
    attributes,
  }
}
