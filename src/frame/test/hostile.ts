/**
 * Generators of malformed and hostile messages for the fuzz tests of both sides.
 */
import fc from 'fast-check'
import { AppEvents, appType, errorType, FrameEvents, frameEventType, successType } from '../protocol'
import { validRequests, validResponses } from './fixtures'

/** Values no honest sender produces: throwing getters, proxies, cycles, huge and deep values. */
export function hostileValues(): unknown[] {
  const throwing = Object.defineProperty({}, 'type', {
    enumerable: true,
    get: () => {
      throw new Error('getter')
    },
  })
  const proxy = new Proxy(
    {},
    {
      get: () => {
        throw new Error('proxy get')
      },
      getPrototypeOf: () => {
        throw new Error('proxy prototype')
      },
      ownKeys: () => {
        throw new Error('proxy keys')
      },
      getOwnPropertyDescriptor: () => {
        throw new Error('proxy descriptor')
      },
    },
  )
  const cycle: Record<string, unknown> = { id: crypto.randomUUID(), type: appType('GET_USER') }
  cycle.payload = cycle
  let deep: unknown = {}
  for (let i = 0; i < 10_000; i++) deep = { payload: deep }
  const polluted = JSON.parse(`{"id":"${crypto.randomUUID()}","type":"${appType('SYNC_THEME')}","payload":{"themeMode":"dark","__proto__":{"admin":true}}}`) as unknown
  const pollutedReply = JSON.parse(`{"id":"${crypto.randomUUID()}","type":"${successType('GET_USER')}","payload":{"__proto__":{"user":{}}}}`) as unknown
  return [
    throwing,
    proxy,
    { id: crypto.randomUUID(), type: appType('CONNECT_EMAIL'), payload: proxy },
    cycle,
    deep,
    polluted,
    pollutedReply,
    { id: crypto.randomUUID(), type: appType('RPC_REQUEST'), payload: { method: 'eth_call', params: new Array(100_000).fill('0x') } },
    { id: crypto.randomUUID(), type: appType('CONNECT_EMAIL'), payload: { email: `${'a'.repeat(5_000_000)}@example.com` } },
    { id: crypto.randomUUID(), type: `${appType('GET_USER')}${'X'.repeat(1_000_000)}`, payload: {} },
    new Map([['type', appType('GET_USER')]]),
    Object.create({ id: crypto.randomUUID(), type: appType('GET_CHAIN_ID'), payload: {} }),
    () => undefined,
    Symbol('x'),
    10n,
  ]
}

const ids = (known: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...known, crypto.randomUUID()),
    fc.uuid(),
    fc.uuid().map((id) => id.toUpperCase()),
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.constant(undefined),
    fc.constant(null),
  )

/** Corrupts one valid value: a field removed, retyped, added or replaced by noise. */
function mutated(base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(base)
  return fc.oneof(
    fc.anything({ maxDepth: 3 }),
    keys.length === 0 ? fc.constant({ extra: true }) : fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(base).filter(([name]) => name !== key))),
    keys.length === 0 ? fc.constant([]) : fc.tuple(fc.constantFrom(...keys), fc.anything({ maxDepth: 2 })).map(([key, value]) => ({ ...base, [key]: value })),
    fc.tuple(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 1 })).map(([key, value]) => ({ ...base, [key === '' ? 'x' : key]: value })),
    fc.constant({ ...base, __proto__: { polluted: true } }),
  )
}

const anything = fc.anything({
  maxDepth: 4,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
})

/** Messages as the frame might receive them from a confused or hostile app. */
export function appMessages(knownIds: readonly string[] = []): fc.Arbitrary<unknown> {
  const types = fc.constantFrom(...AppEvents.map(appType), ...AppEvents.map(successType), ...FrameEvents.map(frameEventType), 'GET_USER', '@portico-app/', '@portico-app/__proto__', 'constructor', '')
  return fc.oneof(
    anything,
    fc.record({ id: ids(knownIds), type: types, payload: anything }, { requiredKeys: [] }),
    fc.constantFrom(...AppEvents).chain((event) => fc.record({ id: ids(knownIds), type: fc.constant(appType(event)), payload: mutated(validRequests[event] as Record<string, unknown>) })),
  )
}

/** Messages as the app might receive them from the frame's origin, or from anyone. */
export function frameMessages(knownIds: readonly string[] = []): fc.Arbitrary<unknown> {
  const types = fc.constantFrom(
    ...AppEvents.map(successType),
    ...AppEvents.map(errorType),
    ...FrameEvents.map(frameEventType),
    ...AppEvents.map(appType),
    '@portico-frame/',
    '@portico-frame/READY_SUCCESS',
    '@portico-frame/__proto___SUCCESS',
    'READY',
  )
  return fc.oneof(
    anything,
    fc.record({ id: ids(knownIds), type: types, payload: anything }, { requiredKeys: [] }),
    fc.constantFrom(...AppEvents).chain((event) => fc.record({ id: ids(knownIds), type: fc.constant(successType(event)), payload: mutated(validResponses[event] as Record<string, unknown>) })),
    fc.constantFrom(...AppEvents).chain((event) => fc.record({ id: ids(knownIds), type: fc.constant(errorType(event)), payload: mutated({ message: 'x', code: 1, retryAfter: 1 }) })),
    fc.record({ id: ids(knownIds), type: fc.constant(frameEventType('READY')), payload: mutated({ version: '1', allowed: false, reason: 'origin_not_allowed' }) }),
  )
}
