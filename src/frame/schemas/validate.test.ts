import fc from 'fast-check'
import { isEmail } from '../../validation/email'
import { AppEvents, appType, errorType, FrameEvents, frameEventType, successType } from '../protocol'
import { AllowedRpcMethods } from '../rpc'
import { ADDRESS, SOLANA_ADDRESS, user, invalidFrameEvents, invalidRequests, invalidResponses, rpcSamples, validFrameEvents, validRequests, validResponses } from '../test/fixtures'
import { jsonBoundsProblem } from './jsonBounds'
import { EMAIL_PATTERN } from './patterns'
import { validateAppMessage, validateFrameMessage, validateRpcParams, validateRpcResult } from './validate'

const id = () => crypto.randomUUID()

// SPEC §5 "Iframe messages are validated against schemas by type": every type, both sides.
describe('app messages (what the frame accepts)', () => {
  it.each(AppEvents)('%s: accepts its valid payload', (event) => {
    const result = validateAppMessage({ id: id(), type: appType(event), payload: validRequests[event] })
    expect(result).toMatchObject({ ok: true, event })
  })

  const invalid = AppEvents.flatMap((event) => invalidRequests[event].map(([why, payload]) => [event, why, payload] as const))
  it.each(invalid)('%s: refuses %s, naming the request', (event, _why, payload) => {
    const messageId = id()
    const result = validateAppMessage({ id: messageId, type: appType(event), payload })
    expect(result.ok).toBe(false)
    if (result.ok) return
    // The frame can answer with an error because it could read the id and the event.
    expect(result).toMatchObject({ id: messageId, event })
    expect(result.error).toMatch(/^message\/payload|^message: /)
  })

  it.each(AppEvents)('%s: refuses a frame-typed or unprefixed type, a bad id and an extra envelope field', (event) => {
    const payload = validRequests[event]
    expect(validateAppMessage({ id: id(), type: successType(event), payload }).ok).toBe(false)
    expect(validateAppMessage({ id: id(), type: event, payload }).ok).toBe(false)
    expect(validateAppMessage({ id: 'not-a-uuid', type: appType(event), payload }).ok).toBe(false)
    expect(validateAppMessage({ id: id().toUpperCase(), type: appType(event), payload }).ok).toBe(false)
    expect(validateAppMessage({ id: id(), type: appType(event), payload, extra: 1 }).ok).toBe(false)
    expect(validateAppMessage({ type: appType(event), payload }).ok).toBe(false)
  })

  it("uses SPEC §8's default messages: 'Required' and 'Invalid email'", () => {
    const missing = validateAppMessage({ id: id(), type: appType('CONNECT_EMAIL'), payload: {} })
    expect(missing).toMatchObject({ ok: false, error: 'message/payload/email: Required' })
    const bad = validateAppMessage({ id: id(), type: appType('CONNECT_EMAIL'), payload: { email: 'ada@localhost' } })
    expect(bad).toMatchObject({ ok: false, error: 'message/payload/email: Invalid email' })
  })

  it('ignores messages that are not Portico messages at all', () => {
    for (const data of [null, undefined, 42, 'hello', [], {}, { type: 'webpackOk' }, { type: '@portico-app/NOPE', id: id(), payload: {} }]) {
      expect(validateAppMessage(data)).toMatchObject({ ok: false, error: 'message: unknown message type' })
    }
  })
})

describe('frame messages (what the app accepts)', () => {
  it.each(AppEvents)('%s_SUCCESS: accepts its valid payload', (event) => {
    const result = validateFrameMessage({ id: id(), type: successType(event), payload: validResponses[event] })
    expect(result).toMatchObject({ ok: true, parsed: { kind: 'success', event } })
  })

  const invalid = AppEvents.flatMap((event) => invalidResponses[event].map(([why, payload]) => [event, why, payload] as const))
  it.each(invalid)('%s_SUCCESS: refuses %s', (event, _why, payload) => {
    const messageId = id()
    expect(validateFrameMessage({ id: messageId, type: successType(event), payload })).toMatchObject({ ok: false, id: messageId, event })
  })

  it.each(AppEvents)('%s_ERROR: accepts a message, a code and a retry time, or nothing', (event) => {
    for (const payload of [{ message: 'Please try again after 12 seconds', code: 'EMAIL_COOLDOWN', retryAfter: 12 }, { code: 4001 }, {}]) {
      expect(validateFrameMessage({ id: id(), type: errorType(event), payload })).toMatchObject({ ok: true, parsed: { kind: 'error', event } })
    }
    for (const payload of [{ message: 42 }, { message: 'x'.repeat(2001) }, { code: 'has space' }, { retryAfter: -1 }, { stack: 'at …' }]) {
      expect(validateFrameMessage({ id: id(), type: errorType(event), payload }).ok).toBe(false)
    }
  })

  const events = FrameEvents.flatMap((event) => validFrameEvents[event].map((payload) => [event, payload] as const))
  it.each(events)('%s: accepts %j', (event, payload) => {
    expect(validateFrameMessage({ id: id(), type: frameEventType(event), payload })).toMatchObject({ ok: true, parsed: { kind: 'event', event } })
  })

  const badEvents = FrameEvents.flatMap((event) => invalidFrameEvents[event].map(([why, payload]) => [event, why, payload] as const))
  it.each(badEvents)('%s: refuses %s', (event, _why, payload) => {
    expect(validateFrameMessage({ id: id(), type: frameEventType(event), payload }).ok).toBe(false)
  })

  it("a user's addresses: an EVM address under eip155 and a Solana one under solana, nothing else", () => {
    const withAddresses = (addresses: unknown) => validateFrameMessage({ id: id(), type: successType('GET_USER'), payload: { user: { ...user, addresses } } }).ok
    expect(withAddresses({ eip155: ADDRESS, solana: SOLANA_ADDRESS })).toBe(true)
    expect(withAddresses({ solana: SOLANA_ADDRESS })).toBe(true)
    expect(withAddresses({})).toBe(true)
    expect(withAddresses({ eip155: SOLANA_ADDRESS })).toBe(false)
    expect(withAddresses({ solana: ADDRESS })).toBe(false)
    expect(withAddresses({ solana: `${SOLANA_ADDRESS}0` })).toBe(false)
    expect(withAddresses({ eip155: ADDRESS, bip122: 'bc1qxyz' })).toBe(false)
    expect(withAddresses([ADDRESS])).toBe(false)
  })

  it('refuses app-typed messages and unknown frame types', () => {
    expect(validateFrameMessage({ id: id(), type: appType('GET_USER'), payload: {} }).ok).toBe(false)
    expect(validateFrameMessage({ id: id(), type: '@portico-frame/GET_USER_MAYBE', payload: {} }).ok).toBe(false)
    expect(validateFrameMessage({ id: id(), type: '@portico-frame/NOPE_SUCCESS', payload: {} }).ok).toBe(false)
  })
})

describe('RPC params and results (SPEC §5)', () => {
  it.each(Object.entries(rpcSamples))('%s: accepts its sample params and result', (method, sample) => {
    expect(validateRpcParams(method, sample!.params)).toEqual({ ok: true, method })
    expect(validateRpcResult(method as never, sample!.result)).toEqual({ ok: true })
  })

  it.each([
    'eth_sign',
    'eth_signTransaction',
    'eth_sendRawTransaction',
    'eth_signTypedData',
    'eth_signTypedData_v3',
    'wallet_switchEthereumChain',
    'personal_ecRecover',
    'eth_subscribe',
    'debug_traceTransaction',
    '__proto__',
    'constructor',
  ])('refuses %s with a clear error', (method) => {
    expect(validateRpcParams(method, [])).toEqual({ ok: false, error: `RPC method '${method}' is not allowed by the embedded wallet` })
  })

  it('lists every SPEC §5 family', () => {
    expect(AllowedRpcMethods).toEqual(expect.arrayContaining(['eth_call', 'eth_getBalance', 'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction']))
    expect(AllowedRpcMethods).toEqual(expect.arrayContaining(['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction']))
    expect(AllowedRpcMethods).toEqual(
      expect.arrayContaining(['wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities', 'wallet_grantPermissions', 'wallet_revokePermissions', 'wallet_getAssets']),
    )
  })

  const sendCalls = (call: Record<string, unknown>) => [{ version: '2.0.0', chainId: '0x1', calls: [call] }]
  it("wallet_sendCalls: each call needs a 'to' starting with 0x, and its optional data starts with 0x too", () => {
    expect(validateRpcParams('wallet_sendCalls', sendCalls({ to: ADDRESS })).ok).toBe(true)
    expect(validateRpcParams('wallet_sendCalls', sendCalls({ to: ADDRESS, data: '0xdeadbeef' })).ok).toBe(true)
    expect(validateRpcParams('wallet_sendCalls', sendCalls({ data: '0x' }))).toMatchObject({ ok: false, error: expect.stringContaining('to: Required') })
    expect(validateRpcParams('wallet_sendCalls', sendCalls({ to: ADDRESS.slice(2) })).ok).toBe(false)
    expect(validateRpcParams('wallet_sendCalls', sendCalls({ to: ADDRESS, data: 'deadbeef' })).ok).toBe(false)
    expect(validateRpcParams('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', calls: [] }]).ok).toBe(false)
  })

  it('wallet_getCapabilities needs an address parameter', () => {
    expect(validateRpcParams('wallet_getCapabilities', [ADDRESS]).ok).toBe(true)
    expect(validateRpcParams('wallet_getCapabilities', []).ok).toBe(false)
    expect(validateRpcParams('wallet_getCapabilities', undefined).ok).toBe(false)
    expect(validateRpcParams('wallet_getCapabilities', ['0x1234']).ok).toBe(false)
  })

  it('refuses results of the wrong shape', () => {
    expect(validateRpcResult('personal_sign', '0x1234').ok).toBe(false)
    expect(validateRpcResult('eth_sendTransaction', 'hash').ok).toBe(false)
    expect(validateRpcResult('eth_accounts', ['not an address']).ok).toBe(false)
    expect(validateRpcResult('wallet_getCallsStatus', { id: 'x' }).ok).toBe(false)
  })
})

describe('the email schema agrees with isEmail (src/validation/email.ts)', () => {
  const pattern = new RegExp(EMAIL_PATTERN, 'u')
  const schemaSays = (value: string) => value.length >= 3 && value.length <= 254 && pattern.test(value)

  it('on email-shaped strings', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => schemaSays(email) === isEmail(email)),
      { numRuns: 2000 },
    )
  })

  it('on arbitrary strings around @ and dots', () => {
    const pieces = fc.constantFrom('a', 'Z', '0', '.', '@', '-', '_', '+', ' ', 'é', '..', 'co', 'example', '"', '[', ']', '\n')
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join('')),
        (value) => schemaSays(value) === isEmail(value),
      ),
      { numRuns: 5000 },
    )
  })
})

describe('jsonBoundsProblem (structured clones are not JSON)', () => {
  it('accepts plain JSON', () => {
    expect(jsonBoundsProblem({ a: [1, 'two', null, true, { b: {} }], c: undefined })).toBeUndefined()
  })

  it('refuses what JSON cannot say, and cycles, depth and size', () => {
    const loop: Record<string, unknown> = {}
    loop.self = loop
    expect(jsonBoundsProblem(loop)).toBe('self is a cycle')
    expect(jsonBoundsProblem({ a: new Map() })).toBe('a is not plain JSON')
    expect(jsonBoundsProblem({ a: new Date() })).toBe('a is not plain JSON')
    expect(jsonBoundsProblem({ a: new Uint8Array(2) })).toBe('a is not plain JSON')
    expect(jsonBoundsProblem({ a: 1n })).toBe('a is not plain JSON (bigint)')
    expect(jsonBoundsProblem({ a: Number.NaN })).toBe('a is not a finite number')
    expect(jsonBoundsProblem([1, undefined])).toBe('1 is not plain JSON (undefined)')
    // eslint-disable-next-line no-sparse-arrays
    expect(jsonBoundsProblem([1, , 3])).toBe('1 is not plain JSON (undefined)')
    let deep: unknown = 'bottom'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(jsonBoundsProblem(deep)).toMatch(/nested more than 24 levels/)
    expect(jsonBoundsProblem(new Array(30_000).fill(0))).toMatch(/more than 20000 values/)
    expect(jsonBoundsProblem({ a: 'x'.repeat(2_000_001) })).toMatch(/more than 2000000 characters/)
  })

  it('never runs a getter', () => {
    const hostile = Object.defineProperty({}, 'payload', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    expect(jsonBoundsProblem(hostile)).toBe('payload is not plain JSON (accessor)')
    const message = Object.defineProperty({ id: crypto.randomUUID(), type: appType('SIGN_OUT') }, 'payload', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    expect(validateAppMessage(message)).toMatchObject({ ok: false, error: 'payload is not plain JSON (accessor)' })
  })

  it('a shared (non-cyclic) reference is fine', () => {
    const shared = { x: 1 }
    expect(jsonBoundsProblem({ a: shared, b: shared })).toBeUndefined()
  })
})
