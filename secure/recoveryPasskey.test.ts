import type { SecureApi } from './api'
import { fromBase64 } from './custody/bytes'
import { recoveryPrfInput } from './custody/recoveryEnvelope'
import { PasskeyErrorCodes, type PasskeyCeremonies, type PrfRequest } from './passkeyPrf'
import { createRecoveryPasskey } from './recoveryPasskey'

const OUTPUT = Uint8Array.from({ length: 32 }, (_, i) => 255 - i)
const named = (name: string) => Object.assign(new Error(name), { name })

/** The add-a-passkey routes as the server answers them for a user with `existing` passkeys; records the calls. */
function addPasskeyApi(existing: string[]) {
  const calls: string[] = []
  const api = {
    startAddPasskey: async (token: string, projectId: string) => {
      calls.push(`start ${token} ${projectId}`)
      return { ceremonyId: 'ceremony-1', options: { challenge: 'c', rp: { id: 'secure.example' }, excludeCredentials: existing.map((id) => ({ id, type: 'public-key' })) } }
    },
    finishAddPasskey: async (token: string, projectId: string, answer: { ceremonyId: string; response: object }) => {
      calls.push(`finish ${answer.ceremonyId} ${(answer.response as { id: string }).id}`)
      return { credentialId: (answer.response as { id: string }).id }
    },
  }
  return { api: api as unknown as SecureApi, calls }
}

function ceremonies({
  prf = true,
  registration = { id: 'new-cred', clientExtensionResults: { prf: { enabled: true } } } as Record<string, unknown>,
  fail,
}: { prf?: boolean; registration?: Record<string, unknown>; fail?: Error } = {}) {
  const asked: Array<PrfRequest | { register: Record<string, unknown> }> = []
  const made: PasskeyCeremonies = {
    assertPrf: async (request) => {
      asked.push(request)
      if (fail) throw fail
      return { credentialId: request.credentialIds[0]!, prfOutput: prf ? Uint8Array.from(OUTPUT) : undefined }
    },
    register: async (options) => {
      asked.push({ register: options })
      if (fail) throw fail
      return registration
    },
    authenticate: async () => Promise.reject(new Error('the recovery never runs a login assertion')),
  }
  return { made, asked }
}

const make = (api: SecureApi, made: PasskeyCeremonies) => createRecoveryPasskey({ api, projectId: 'shop', authed: (run) => run('token-1'), ceremonies: made, supported: () => true })

describe('the passkey that seals a recovery', () => {
  it('uses the visitor’s login passkeys when they have some: no new passkey, one assertion over them with a new random salt', async () => {
    const { api, calls } = addPasskeyApi(['cred-a', 'cred-b'])
    const { made, asked } = ceremonies()
    const first = await make(api, made).setUp()
    const second = await make(api, made).setUp()
    expect(calls).toEqual(['start token-1 shop', 'start token-1 shop'])
    expect(first.prfOutput).toEqual(OUTPUT)
    expect(first.passkey.credentialId).toBe('cred-a')
    expect(fromBase64(first.passkey.prfSalt)).toHaveLength(32)
    expect(second.passkey.prfSalt).not.toBe(first.passkey.prfSalt)
    expect(asked[0]).toEqual({ credentialIds: ['cred-a', 'cred-b'], prfInput: recoveryPrfInput(fromBase64(first.passkey.prfSalt)) })
  })

  it('without one: makes a passkey with PRF, registers it as a login passkey, then evaluates it', async () => {
    const { api, calls } = addPasskeyApi([])
    const { made, asked } = ceremonies()
    const sealed = await make(api, made).setUp()
    expect(calls).toEqual(['start token-1 shop', 'finish ceremony-1 new-cred'])
    expect(asked).toHaveLength(2)
    expect(asked[0]).toMatchObject({ register: { challenge: 'c', excludeCredentials: [] } })
    expect(asked[1]).toMatchObject({ credentialIds: ['new-cred'] })
    expect(sealed.passkey.credentialId).toBe('new-cred')
  })

  it('an authenticator without PRF: a clear refusal (the new passkey still signs in); cancels and other failures are said apart', async () => {
    const noPrf = { code: PasskeyErrorCodes.noPrf, message: 'This passkey cannot seal a recovery: its authenticator does not support the PRF extension' }
    const registered = addPasskeyApi([])
    await expect(make(registered.api, ceremonies({ registration: { id: 'plain', clientExtensionResults: { prf: { enabled: false } } } }).made).setUp()).rejects.toMatchObject(noPrf)
    expect(registered.calls).toEqual(['start token-1 shop', 'finish ceremony-1 plain'])
    await expect(make(addPasskeyApi(['cred-a']).api, ceremonies({ prf: false }).made).setUp()).rejects.toMatchObject(noPrf)

    await expect(make(addPasskeyApi(['cred-a']).api, ceremonies({ fail: named('NotAllowedError') }).made).setUp()).rejects.toMatchObject({ code: PasskeyErrorCodes.cancelled })
    await expect(make(addPasskeyApi([]).api, ceremonies({ fail: named('NotSupportedError') }).made).setUp()).rejects.toMatchObject({ code: PasskeyErrorCodes.unavailable })
  })

  it('opens with the passkey and the salt the envelope names', async () => {
    const { api, calls } = addPasskeyApi([])
    const { made, asked } = ceremonies()
    const salt = Uint8Array.from({ length: 32 }, (_, i) => i)
    expect(await make(api, made).open({ credentialId: 'cred-z', prfSalt: btoa(String.fromCharCode(...salt)) })).toEqual(OUTPUT)
    expect(asked).toEqual([{ credentialIds: ['cred-z'], prfInput: recoveryPrfInput(salt) }])
    expect(calls).toEqual([])
    await expect(make(api, ceremonies({ fail: named('AbortError') }).made).open({ credentialId: 'cred-z', prfSalt: btoa(String.fromCharCode(...salt)) })).rejects.toMatchObject({
      code: PasskeyErrorCodes.cancelled,
    })
  })
})
