import { verifyMessage } from 'viem'
import { validateFrameMessage } from '../src/frame/schemas/validate'
import type { FrameUser } from '../src/frame/protocol'
import { createSecureFrame } from './secureFrame'
import { createMemoryStore, createSessionStore } from './session'
import { autoApprover } from './approval'
import { createMemoryDeviceShareStore } from './custody/deviceShareStore'
import type { RecoveryPrompts } from './recoveryFlow'
import { createFakeApi, createFakeChain, createFakeHost, evmAccount, PARENT, startTestFrame, type TestFrame } from './test/fakes'

const uuid = () => crypto.randomUUID()
const settle = () => new Promise((resolve) => setImmediate(resolve))

async function signIn(test: TestFrame, email = 'ada@example.com') {
  expect((await test.ask('CONNECT_EMAIL', { email })).payload).toEqual({ action: 'VERIFY_OTP' })
  const reply = await test.ask('CONNECT_OTP', { otp: test.api.codes.get(email) })
  expect(reply.type).toBe('@portico-frame/CONNECT_OTP_SUCCESS')
  return reply.payload.user as { address: string; email: string }
}

describe('start: who embeds the page (SPEC §6)', () => {
  it('an allowed parent gets READY { allowed: true }, posted to its exact origin', async () => {
    const test = await startTestFrame()
    expect(test.frame.status()).toBe('allowed')
    expect(test.host.posted).toEqual([{ targetOrigin: PARENT, message: { id: expect.any(String), type: '@portico-frame/READY', payload: { version: '1', allowed: true } } }])
    expect(test.api.calls).toEqual(['getAllowedOrigins shop'])
  })

  it.each(['https://app.shop.example', 'http://localhost:5173'])('wildcard patterns allow %s', async (origin) => {
    const test = await startTestFrame({ parentOrigin: origin })
    expect(test.frame.status()).toBe('allowed')
    expect(test.host.posted[0]!.targetOrigin).toBe(origin)
  })

  it.each(['https://evil.example', 'https://shop.example.evil.example', 'http://shop.example', 'https://shop.example:8443'])(
    'a parent not on the allow list (%s) gets one READY { allowed: false } and never an answer',
    async (origin) => {
      const test = await startTestFrame({ parentOrigin: origin })
      expect(test.frame.status()).toBe('not-allowed')
      expect(test.host.posted).toEqual([
        { targetOrigin: origin, message: { id: expect.any(String), type: '@portico-frame/READY', payload: { version: '1', allowed: false, reason: 'origin_not_allowed' } } },
      ])
      expect(test.host.listening()).toBe(false)
      test.host.deliver({ id: uuid(), type: '@portico-app/GET_CHAIN_ID', payload: {} }, { origin })
      await settle()
      expect(test.host.posted).toHaveLength(1)
    },
  )

  it('an unknown project is refused as invalid_project', async () => {
    const test = await startTestFrame({ projectId: 'nope' })
    expect(test.frame.status()).toBe('not-allowed')
    expect(test.host.posted[0]!.message.payload).toEqual({ version: '1', allowed: false, reason: 'invalid_project' })
  })

  it('a malformed project id is refused without asking the server', async () => {
    const test = await startTestFrame({ projectId: '..%2Fadmin' })
    expect(test.frame.status()).toBe('not-allowed')
    expect(test.api.calls).toEqual([])
  })

  it('says nothing when the allow list cannot be loaded (the app reports it cannot load the wallet)', async () => {
    const host = createFakeHost()
    const api = createFakeApi()
    api.offline = true
    const frame = createSecureFrame({
      host,
      search: '?projectId=shop',
      parentOrigin: PARENT,
      api,
      rpc: createFakeChain(),
      sessions: createSessionStore({ projectId: 'shop', store: createMemoryStore(), randomUUID: uuid, now: Date.now }),
      deviceShares: async () => createMemoryDeviceShareStore(),
      createApprover: () => autoApprover,
      randomUUID: uuid,
    })
    expect(await frame.start()).toBe('unavailable')
    expect(host.posted).toEqual([])
  })

  it("says nothing when it cannot tell its parent's origin ('*' is never used)", async () => {
    const test = await startTestFrame({ parentOrigin: undefined })
    expect(test.frame.status()).toBe('unavailable')
    expect(test.host.posted).toEqual([])
  })

  it('outside a frame it shows a line and does nothing', async () => {
    const lines: string[] = []
    const test = await startTestFrame({ framed: false, ui: { showStatus: (text) => lines.push(text), applyTheme: () => undefined } })
    expect(test.frame.status()).toBe('not-framed')
    expect(lines).toHaveLength(1)
    expect(test.api.calls).toEqual([])
  })
})

describe('what it listens to', () => {
  it('ignores messages from another origin or another window, even when valid', async () => {
    const test = await startTestFrame()
    const message = { id: uuid(), type: '@portico-app/GET_CHAIN_ID', payload: {} }
    test.host.deliver(message, { origin: 'https://evil.example' })
    test.host.deliver(message, { origin: 'https://app.shop.example' }) // allowed by the list, but not the parent
    test.host.deliver(message, { source: {} })
    test.host.deliver(message, { source: null })
    await settle()
    expect(test.host.posted).toHaveLength(1)
  })

  it('answers an invalid message it can name with a clear error, and ignores one it cannot', async () => {
    const test = await startTestFrame()
    const id = uuid()
    test.host.deliver({ id, type: '@portico-app/CONNECT_EMAIL', payload: { email: 'ada@' } })
    test.host.deliver({ type: '@portico-app/CONNECT_EMAIL', payload: {} })
    test.host.deliver({ id: uuid(), type: '@portico-app/DROP_TABLES', payload: {} })
    test.host.deliver('hello')
    await settle()
    expect(test.host.posted.slice(1)).toEqual([
      {
        targetOrigin: PARENT,
        message: { id, type: '@portico-frame/CONNECT_EMAIL_ERROR', payload: { message: 'Invalid CONNECT_EMAIL message: message/payload/email: Invalid email', code: 'INVALID_MESSAGE' } },
      },
    ])
  })

  it('every message it posts passes the schema the app checks', async () => {
    const test = await startTestFrame()
    await signIn(test)
    await test.ask('GET_USER', {})
    await test.ask('RPC_REQUEST', { method: 'eth_sign', params: [] })
    await test.ask('SWITCH_NETWORK', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    for (const { message } of test.host.posted) expect(validateFrameMessage(message)).toMatchObject({ ok: true })
  })

  it('refuses more than maxInFlight requests at once', async () => {
    const test = await startTestFrame({ maxInFlight: 1, approver: { confirm: () => new Promise(() => undefined) } })
    await signIn(test)
    test.host.deliver({ id: uuid(), type: '@portico-app/RPC_REQUEST', payload: { method: 'personal_sign', params: ['0x68', evmAccount.address] } })
    const reply = await test.ask('GET_CHAIN_ID', {})
    expect(reply.payload).toEqual({ message: 'Too many requests at once; try again when the others finish', code: -32005 })
  })
})

describe('email login (SPEC §4: VERIFY_DEVICE, VERIFY_OTP, CONNECT)', () => {
  it('connects with a code; the session stays in the frame; the app gets the user only', async () => {
    const test = await startTestFrame()
    const user = await signIn(test)
    expect(user).toEqual({
      email: 'ada@example.com',
      address: evmAccount.address,
      chainId: 1,
      accounts: [{ address: evmAccount.address, type: 'eoa' }],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
      // The same user's EVM and Solana addresses (issue 9): the app connects both namespaces.
      addresses: { eip155: evmAccount.address, solana: test.api.solana.address },
    })
    const stored = test.sessionStore.getItem('portico.secure.session/shop')
    expect(stored).toContain('pts_')
    for (const { message } of test.host.posted) expect(JSON.stringify(message)).not.toContain('pts_')
    expect((await test.ask('GET_USER', {})).payload).toEqual({ user })
    expect((await test.ask('IS_CONNECTED', {})).payload).toEqual({ isConnected: true })
  })

  it('a live session for the same email answers CONNECT', async () => {
    const test = await startTestFrame()
    await signIn(test)
    expect((await test.ask('CONNECT_EMAIL', { email: 'ada@example.com' })).payload).toEqual({ action: 'CONNECT' })
  })

  it('a new device verifies with its own code first', async () => {
    const test = await startTestFrame()
    await signIn(test)
    await test.ask('SIGN_OUT', {})
    test.sessionStore.removeItem('portico.secure.deviceId')
    expect((await test.ask('CONNECT_EMAIL', { email: 'ada@example.com' })).payload).toEqual({ action: 'VERIFY_DEVICE' })
    expect((await test.ask('CONNECT_DEVICE', { otp: '123456' })).payload).toEqual({ action: 'VERIFY_OTP' })
    expect((await test.ask('CONNECT_OTP', { otp: '654321' })).type).toBe('@portico-frame/CONNECT_OTP_SUCCESS')
  })

  it('passes the server refusal on (message and code)', async () => {
    const test = await startTestFrame()
    await test.ask('CONNECT_EMAIL', { email: 'ada@example.com' })
    expect((await test.ask('CONNECT_OTP', { otp: '000000' })).payload).toEqual({ message: 'The code is not correct; 4 attempts left', code: 'OTP_INVALID' })
  })

  it('an OTP before an email is a clear error', async () => {
    const test = await startTestFrame()
    expect((await test.ask('CONNECT_OTP', { otp: '123456' })).payload).toEqual({ message: 'Enter your email first (CONNECT_EMAIL)', code: 'NO_EMAIL' })
  })

  it('sign out ends the session here and on the server', async () => {
    const test = await startTestFrame()
    await signIn(test)
    expect((await test.ask('SIGN_OUT', {})).payload).toEqual({})
    expect(test.sessionStore.getItem('portico.secure.session/shop')).toBeNull()
    expect(test.api.sessions.size).toBe(0)
    expect((await test.ask('IS_CONNECTED', {})).payload).toEqual({ isConnected: false })
    expect((await test.ask('GET_USER', {})).payload).toEqual({ message: 'Sign in to the embedded wallet first', code: 'UNAUTHORIZED' })
  })

  it('an expired session is dropped and the app is told', async () => {
    const test = await startTestFrame()
    await signIn(test)
    for (const session of test.api.sessions.values()) session.expired = true
    expect((await test.ask('GET_USER', {})).payload).toEqual({ message: 'The session has expired; sign in again', code: 'SESSION_EXPIRED' })
    expect(test.host.posted.some(({ message }) => message.type === '@portico-frame/SESSION_EXPIRED')).toBe(true)
    expect(test.sessionStore.getItem('portico.secure.session/shop')).toBeNull()
  })

  it('email update: primary code, then secondary code, returning newEmail', async () => {
    const test = await startTestFrame()
    await signIn(test)
    expect((await test.ask('UPDATE_EMAIL', { email: 'ada.new@example.com' })).payload).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect((await test.ask('UPDATE_EMAIL_PRIMARY_OTP', { otp: '111111' })).payload).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect((await test.ask('UPDATE_EMAIL_SECONDARY_OTP', { otp: '222222' })).payload).toEqual({ newEmail: 'ada.new@example.com' })
  })
})

describe('the other events', () => {
  it('switch network answers the chain, and a namespace change changes the account', async () => {
    const test = await startTestFrame()
    await signIn(test)
    expect((await test.ask('SWITCH_NETWORK', { chainId: 10 })).payload).toEqual({ chainId: 10 })
    expect((await test.ask('GET_CHAIN_ID', {})).payload).toEqual({ chainId: 10 })
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    expect((await test.ask('SWITCH_NETWORK', { chainId: solana })).payload).toEqual({ chainId: solana })
    const changed = test.host.posted.find(({ message }) => message.type === '@portico-frame/ACCOUNT_CHANGED')
    expect(changed?.message.payload).toEqual({ address: test.api.solana.address, chainId: solana, type: 'eoa' })
    // On a Solana chain the user's address is the Solana one; both addresses stay listed.
    const { user: onSolana } = (await test.ask('GET_USER', {})).payload as { user: FrameUser }
    expect(onSolana).toMatchObject({ address: test.api.solana.address, chainId: solana, addresses: { eip155: evmAccount.address, solana: test.api.solana.address } })
    expect((await test.ask('SWITCH_NETWORK', { chainId: 'cosmos:cosmoshub-4' })).payload).toMatchObject({ code: 4902 })
  })

  it.each(['eip155:0', 'eip155:01', 'eip155:-1', 'eip155:1e3', 'eip155:0x1', 'eip155:9007199254740993', 'eip155:99999999999999999'])(
    'SWITCH_NETWORK %s is refused with an error reply, and the chain stays',
    async (chainId) => {
      const test = await startTestFrame()
      await signIn(test)
      const reply = await test.ask('SWITCH_NETWORK', { chainId })
      expect(reply.type).toBe('@portico-frame/SWITCH_NETWORK_ERROR')
      expect(validateFrameMessage(reply)).toMatchObject({ ok: true })
      expect(reply.payload).toEqual({ message: expect.stringMatching(/not (a valid EIP-155 chain id|supported)/), code: expect.anything() })
      expect((await test.ask('GET_CHAIN_ID', {})).payload).toEqual({ chainId: 1 })
    },
  )

  it('SWITCH_NETWORK with the number 0 is refused by the schema', async () => {
    const test = await startTestFrame()
    const reply = await test.ask('SWITCH_NETWORK', { chainId: 0 })
    expect(reply.type).toBe('@portico-frame/SWITCH_NETWORK_ERROR')
    expect((await test.ask('GET_CHAIN_ID', {})).payload).toEqual({ chainId: 1 })
  })

  it('a non-canonical EVM chain in the page URL falls back to the default chain', async () => {
    const test = await startTestFrame({ chainId: 'eip155:0' })
    expect((await test.ask('GET_CHAIN_ID', {})).payload).toEqual({ chainId: 1 })
    const other = await startTestFrame({ chainId: 'eip155:010' })
    expect((await other.ask('GET_CHAIN_ID', {})).payload).toEqual({ chainId: 1 })
  })

  it('social login: the redirect URI comes back to the parent, and CONNECT_SOCIAL completes it with the attempt it kept', async () => {
    const test = await startTestFrame()
    const { uri } = (await test.ask('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })).payload as { uri: string }
    expect(uri).toMatch(/^https:\/\/oidc\.example\/authorize\?client_id=portico-github/)
    // The server was asked to send the popup back to the parent's origin.
    expect(test.api.calls).toContain(`startSocialLogin github ${PARENT}`)
    const [attemptToken, attempt] = [...test.api.social.entries()][0]!
    // The attempt token stays in the page: nothing posted to the app carries it.
    expect(JSON.stringify(test.host.posted)).not.toContain(attemptToken)
    // The popup's URL on another site is refused; on the parent's origin it completes.
    expect((await test.ask('CONNECT_SOCIAL', { uri: `https://evil.example/#portico_social=${attempt.resultToken}` })).payload).toMatchObject({ message: 'The social login came back to another site' })
    const reply = await test.ask('CONNECT_SOCIAL', { uri: `${PARENT}/#portico_social=${attempt.resultToken}`, chainId: 10 })
    expect(reply.type).toBe('@portico-frame/CONNECT_SOCIAL_SUCCESS')
    expect(reply.payload.user).toMatchObject({ email: null, userName: 'alice', chainId: 10, address: evmAccount.address })
    // The session is kept: the user can sign.
    expect(await test.ask('GET_USER', {})).toMatchObject({ type: '@portico-frame/GET_USER_SUCCESS' })
    // Used once: a second CONNECT_SOCIAL has no attempt.
    expect((await test.ask('CONNECT_SOCIAL', { uri: `${PARENT}/#portico_social=${attempt.resultToken}` })).payload).toMatchObject({ code: 'NO_SOCIAL_LOGIN' })
  })

  it('social login: a cancelled or unconfigured provider gets a clear message', async () => {
    const test = await startTestFrame()
    expect((await test.ask('GET_SOCIAL_REDIRECT_URI', { provider: 'apple' })).payload).toEqual({ message: 'Login with apple is not available on this server', code: 4200 })
    await test.ask('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })
    expect((await test.ask('CONNECT_SOCIAL', { uri: `${PARENT}/#portico_social_error=access_denied` })).payload).toEqual({ message: 'The login was cancelled', code: 'LOGIN_FAILED' })
    expect((await test.ask('CONNECT_SOCIAL', { uri: `${PARENT}/` })).payload).toEqual({ message: 'The social login did not finish', code: 'LOGIN_FAILED' })
  })

  it('Farcaster: GET_FARCASTER_URI answers the relay URL, CONNECT_FARCASTER waits through LOGIN_PENDING until the approval', async () => {
    const test = await startTestFrame()
    expect((await test.ask('CONNECT_FARCASTER', {})).payload).toMatchObject({ code: 'NO_FARCASTER_LOGIN' })
    expect((await test.ask('GET_FARCASTER_URI', {})).payload).toEqual({ url: 'https://relay.example/~/siwf?channelToken=1' })
    const reply = await test.ask('CONNECT_FARCASTER', {})
    expect(reply.type).toBe('@portico-frame/CONNECT_FARCASTER_SUCCESS')
    expect(reply.payload.user).toMatchObject({ email: null, userName: 'portico-dev' })
    expect(test.api.calls.filter((call) => call === 'completeFarcasterLogin')).toHaveLength(3)
  })

  it('theme and dapp data sync; a dapp data projectId that is not the frame’s is refused', async () => {
    const themes: unknown[] = []
    const test = await startTestFrame({ ui: { showStatus: () => undefined, applyTheme: (theme) => themes.push(theme) } })
    expect((await test.ask('SYNC_THEME', { themeMode: 'dark' })).payload).toEqual({})
    expect(themes).toEqual([{ themeMode: 'dark' }])
    expect((await test.ask('SYNC_DAPP_DATA', { sdkType: 'portico', sdkVersion: '1', projectId: 'shop', metadata: { name: 'Shop', description: '', url: PARENT, icons: [] } })).payload).toEqual({})
    expect((await test.ask('SYNC_DAPP_DATA', { sdkType: 'portico', sdkVersion: '1', projectId: 'other' })).payload).toMatchObject({ code: 'PROJECT_MISMATCH' })
  })

  it('smart accounts: no network has them, and the preferred account in effect is the EOA', async () => {
    const test = await startTestFrame()
    expect((await test.ask('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).payload).toEqual({ smartAccountEnabledNetworks: [] })
    await signIn(test)
    expect((await test.ask('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).payload).toEqual({ type: 'eoa', address: evmAccount.address })
  })

  it('reload answers, then reloads the page', async () => {
    const test = await startTestFrame()
    expect((await test.ask('RELOAD', {})).payload).toEqual({})
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(test.host.reloads).toBe(1)
  })

  it('a personal_sign through RPC_REQUEST is a real signature of the signed-in wallet', async () => {
    const test = await startTestFrame()
    await signIn(test)
    const reply = await test.ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', evmAccount.address] })
    const signature = reply.payload.result as `0x${string}`
    expect(await verifyMessage({ address: evmAccount.address, message: 'hello', signature })).toBe(true)
  })

  it('a disallowed RPC method is rejected with a clear error', async () => {
    const test = await startTestFrame()
    expect((await test.ask('RPC_REQUEST', { method: 'eth_sign', params: [evmAccount.address, '0x00'] })).payload).toEqual({
      message: "RPC method 'eth_sign' is not allowed by the embedded wallet",
      code: 4200,
    })
  })
})

describe('recovery prompts after a login', () => {
  /** Prompts the test answers: each shown one waits for `answer`. */
  function heldPrompts() {
    const shown: string[] = []
    let open: ((outcome: 'set' | 'later') => void) | undefined
    const answer = (outcome: 'set' | 'later') => {
      open?.(outcome)
      open = undefined
    }
    const prompts: RecoveryPrompts = {
      setUp: () => (shown.push('setUp'), new Promise((resolve) => (open = resolve))),
      recover: async () => (shown.push('recover'), 'cancelled'),
      unavailable: async () => void shown.push('unavailable'),
      dismiss: () => {
        if (open !== undefined) shown.push('dismiss')
        answer('later')
      },
    }
    return { prompts, shown, answer }
  }

  it('a wallet without recovery: the set-up prompt shows once per login, not per request; a signature waits for the visitor’s answer, then signs', async () => {
    const held = heldPrompts()
    const test = await startTestFrame({ recoveryPrompts: () => held.prompts })
    await signIn(test)
    expect(held.shown).toEqual(['setUp'])
    await test.ask('GET_USER', {})
    expect(held.shown).toEqual(['setUp'])

    const id = uuid()
    test.host.deliver({ id, type: '@portico-app/RPC_REQUEST', payload: { method: 'personal_sign', params: ['0x68656c6c6f', evmAccount.address] } })
    for (let i = 0; i < 20; i++) await settle()
    expect(test.host.posted.find(({ message }) => message.id === id)).toBeUndefined()
    held.answer('later')
    for (let i = 0; i < 50 && test.host.posted.find(({ message }) => message.id === id) === undefined; i++) await settle()
    const signature = test.host.posted.find(({ message }) => message.id === id)!.message.payload.result as `0x${string}`
    expect(await verifyMessage({ address: evmAccount.address, message: 'hello', signature })).toBe(true)

    // Postponed: the next login asks again; signing out closes an open prompt.
    await test.ask('SIGN_OUT', {})
    await signIn(test)
    expect(held.shown).toEqual(['setUp', 'setUp'])
    await test.ask('SIGN_OUT', {})
    expect(held.shown).toEqual(['setUp', 'setUp', 'dismiss'])
  })
})
