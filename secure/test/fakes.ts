/**
 * Stand-ins for what the secure page talks to, so its logic is tested without the
 * real server: an in-memory auth API whose user is custodial (it holds the user's two
 * keys, as the server did before self-custody, so the frame migrates them at the first
 * login and then signs with them here), a scripted chain RPC, a window host that
 * records posts; device shares are kept in memory (IndexedDB is the browser's).
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import { hexToBytes, keccak256, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { CustodyApiCodes, type CustodyWalletNamespace, type RecoverySetup } from '../../src/shared/custodyApi'
import { DeviceApiCodes, type DeviceSummary } from '../../src/shared/devicesApi'
import { ApiError, type ApiUser, type SecureApi } from '../api'
import { toBase64 } from '../custody/bytes'
import { createMemoryDeviceShareStore } from '../custody/deviceShareStore'
import { signPayload, type SignKind } from '../custody/signPayload'
import { autoApprover, type Approver } from '../approval'
import type { ChainRpc } from '../chainRpc'
import { createSecureFrame, type FrameHost, type SecureFrame, type SecureFrameOptions } from '../secureFrame'
import { createMemoryStore, createSessionStore } from '../session'

export const PARENT = 'https://shop.example'
export const EVM_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const
export const evmAccount = privateKeyToAccount(EVM_KEY)

export type FakeApi = SecureApi & {
  calls: string[]
  /** The code the "email" carried, per address. */
  codes: Map<string, string>
  sessions: Map<string, { email: string; expired: boolean }>
  solana: { address: string; privateKey: KeyObject; seed: Uint8Array }
  /** The auth shares the "server" keeps once the keys were migrated, per namespace. */
  authShares: Map<CustodyWalletNamespace, string>
  allowedOrigins: Record<string, string[]>
  /** Makes the next allow-list fetch fail like a network error. */
  offline: boolean
  /** Social logins started: attempt token → what the server would know. */
  social: Map<string, { provider: string; returnTo: string; resultToken: string; finished: boolean }>
  /** Farcaster logins started: attempt token → polls left before the visitor approves. */
  farcaster: Map<string, { pollsLeft: number }>
  /** The user's devices as the server lists them (the first is the asking one). */
  devices: DeviceSummary[]
  /** Whether the user enrolled an authenticator app; its one right code is FAKE_TOTP_CODE. */
  totpEnrolled: boolean
  /** The recovery the server keeps per wallet: the sealed envelope and its split's auth share. */
  recoveries: Map<CustodyWalletNamespace, RecoverySetup>
}

/** The fake authenticator app's secret, and the code the fake server takes for it. */
export const FAKE_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
export const FAKE_TOTP_CODE = '135790'

export function createFakeApi(): FakeApi {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  const solana = { address: getBase58Decoder().decode(raw), privateKey, seed: new Uint8Array(Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url')) }
  const custodial = new Map<CustodyWalletNamespace, { address: string; secret: Uint8Array }>([
    ['eip155', { address: evmAccount.address, secret: hexToBytes(EVM_KEY) }],
    ['solana', { address: solana.address, secret: solana.seed }],
  ])
  const authShares = new Map<CustodyWalletNamespace, string>()
  const recoveries = new Map<CustodyWalletNamespace, RecoverySetup>()
  const users = new Map<string, { devices: Set<string> }>()
  const codes = new Map<string, string>()
  const sessions = new Map<string, { email: string; expired: boolean }>()
  /** Sessions that proved the step-up code. */
  const steppedUp = new Set<string>()
  /** Sessions that proved the authenticator app. */
  const totpProved = new Set<string>()
  let totpPending = false
  /** As the server: with an app enrolled, only a proof by it lets what matters through. */
  const requireSecondFactor = (token: string) => {
    if (api.totpEnrolled && !totpProved.has(token)) {
      throw new ApiError(403, 'Confirm it is you with your authenticator app or passkey first; the confirmation lasts 5 minutes', 'SECOND_FACTOR_REQUIRED', undefined)
    }
  }
  let tokens = 0
  const apiUser = (email: string, chainId: string | number): ApiUser => {
    const solanaChain = typeof chainId === 'string' && chainId.startsWith('solana:')
    return {
      email,
      address: solanaChain ? solana.address : evmAccount.address,
      chainId: typeof chainId === 'string' && chainId.startsWith('eip155:') ? Number(chainId.slice(7)) : chainId,
      accounts: [{ address: evmAccount.address, type: 'eoa' }],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
      addresses: { eip155: evmAccount.address, solana: solana.address },
    }
  }
  const session = (token: string) => {
    const found = sessions.get(token)
    if (found === undefined) throw new ApiError(401, 'Sign in again', 'UNAUTHORIZED', undefined)
    if (found.expired) throw new ApiError(401, 'The session has expired; sign in again', 'SESSION_EXPIRED', undefined)
    return found
  }
  const checkCode = (email: string, otp: string) => {
    if (codes.get(email) !== otp) throw new ApiError(400, 'The code is not correct; 4 attempts left', 'OTP_INVALID', undefined)
    codes.delete(email)
  }
  const api: FakeApi = {
    calls: [],
    codes,
    sessions,
    solana,
    authShares,
    allowedOrigins: { shop: ['https://shop.example', 'https://*.shop.example', 'http://localhost:*'] },
    offline: false,
    social: new Map(),
    farcaster: new Map(),
    totpEnrolled: false,
    recoveries,
    devices: [
      { id: '11111111-1111-4111-8111-111111111111', label: 'Chrome on Linux', addedAt: '2030-01-02T09:00:00.000Z', lastUsedAt: '2030-01-03T09:00:00.000Z', current: true },
      { id: '22222222-2222-4222-8222-222222222222', label: 'Safari on iOS', addedAt: '2030-01-01T08:00:00.000Z', lastUsedAt: '2030-01-01T08:30:00.000Z', current: false },
    ],
    async listDevices(token) {
      api.calls.push('listDevices')
      session(token)
      return { devices: api.devices.map((device) => ({ ...device })) }
    },
    async removeDevice(token, _projectId, id) {
      api.calls.push(`removeDevice ${id}`)
      session(token)
      requireSecondFactor(token)
      const index = api.devices.findIndex((device) => device.id === id)
      if (index < 0) throw new ApiError(404, 'No device with this id belongs to this account', DeviceApiCodes.deviceNotFound, undefined)
      api.devices.splice(index, 1)
      return { removed: true }
    },
    async startSocialLogin({ provider, returnTo }) {
      api.calls.push(`startSocialLogin ${provider} ${returnTo}`)
      if (provider === 'apple') throw new ApiError(404, "Login with 'apple' is not available on this server", 'SOCIAL_PROVIDER_UNAVAILABLE', undefined)
      const attemptToken = `pta_${'A'.repeat(40)}${String(api.social.size).padStart(3, '0')}`
      api.social.set(attemptToken, { provider, returnTo, resultToken: `ptr_${'R'.repeat(40)}${String(api.social.size).padStart(3, '0')}`, finished: true })
      return { uri: `https://oidc.example/authorize?client_id=portico-${provider}&state=s`, attemptToken }
    },
    async completeSocialLogin({ attemptToken, resultToken, chainId }) {
      api.calls.push('completeSocialLogin')
      const attempt = api.social.get(attemptToken)
      if (attempt === undefined || attempt.resultToken !== resultToken) throw new ApiError(400, 'No such login here; start again', 'LOGIN_NOT_FOUND', undefined)
      const token = `pts_${String(++tokens).padStart(43, 'S')}`
      sessions.set(token, { email: `${attempt.provider}@social.fake`, expired: false })
      return { user: { ...apiUser(`${attempt.provider}@social.fake`, chainId), email: null, userName: 'alice' }, session: { token, expiresAt: '2099-01-01T00:00:00.000Z' }, provider: attempt.provider }
    },
    async startFarcasterLogin() {
      api.calls.push('startFarcasterLogin')
      const attemptToken = `pta_${'F'.repeat(40)}${String(api.farcaster.size).padStart(3, '0')}`
      api.farcaster.set(attemptToken, { pollsLeft: 2 })
      return { url: `https://relay.example/~/siwf?channelToken=${api.farcaster.size}`, attemptToken }
    },
    async completeFarcasterLogin({ attemptToken, chainId }) {
      api.calls.push('completeFarcasterLogin')
      const attempt = api.farcaster.get(attemptToken)
      if (attempt === undefined) throw new ApiError(400, 'No such login here; start again', 'LOGIN_NOT_FOUND', undefined)
      if (attempt.pollsLeft-- > 0) throw new ApiError(409, 'Waiting for the approval in the Farcaster app', 'LOGIN_PENDING', undefined)
      api.farcaster.delete(attemptToken)
      const token = `pts_${String(++tokens).padStart(43, 'F')}`
      sessions.set(token, { email: 'farcaster@social.fake', expired: false })
      return { user: { ...apiUser('farcaster@social.fake', chainId), email: null, userName: 'portico-dev' }, session: { token, expiresAt: '2099-01-01T00:00:00.000Z' }, provider: 'farcaster' }
    },
    async startPasskey(kind) {
      api.calls.push(`startPasskey ${kind}`)
      return { ceremonyId: `${kind}-${api.calls.length}`, options: { challenge: 'Y2hhbGxlbmdl' } }
    },
    async finishPasskey(kind, { ceremonyId, chainId }) {
      api.calls.push(`finishPasskey ${kind} ${ceremonyId}`)
      const token = `pts_${String(++tokens).padStart(43, 'P')}`
      sessions.set(token, { email: 'passkey@wallet.fake', expired: false })
      return { user: { ...apiUser('passkey@wallet.fake', chainId), email: null }, session: { token, expiresAt: '2099-01-01T00:00:00.000Z' } }
    },
    async startAddPasskey(token) {
      api.calls.push(`startAddPasskey ${sessions.get(token)?.email ?? 'nobody'}`)
      return { ceremonyId: `add-${api.calls.length}`, options: { challenge: 'Y2hhbGxlbmdl' } }
    },
    async finishAddPasskey(_token, _projectId, { ceremonyId }) {
      api.calls.push(`finishAddPasskey ${ceremonyId}`)
      return { credentialId: 'Y3JlZGVudGlhbA' }
    },
    async getAllowedOrigins(projectId) {
      api.calls.push(`getAllowedOrigins ${projectId}`)
      if (api.offline) throw new TypeError('fetch failed')
      const list = api.allowedOrigins[projectId]
      if (list === undefined) throw new ApiError(403, `Project ID '${projectId}' is not configured on this server`, 'INVALID_PROJECT', undefined)
      return list
    },
    async startEmailLogin({ email, deviceId }, token) {
      api.calls.push(`startEmailLogin ${email}`)
      if (token !== undefined && sessions.get(token)?.email === email && !sessions.get(token)?.expired) return { action: 'CONNECT' }
      const known = users.get(email)
      codes.set(email, '123456')
      return { action: known !== undefined && !known.devices.has(deviceId) ? 'VERIFY_DEVICE' : 'VERIFY_OTP' }
    },
    async verifyDevice({ email, deviceId, otp }) {
      api.calls.push(`verifyDevice ${email}`)
      checkCode(email, otp)
      users.get(email)?.devices.add(deviceId)
      codes.set(email, '654321')
      return { action: 'VERIFY_OTP' }
    },
    async verifyEmailLogin({ email, deviceId, otp, chainId }) {
      api.calls.push(`verifyEmailLogin ${email}`)
      checkCode(email, otp)
      const known = users.get(email) ?? { devices: new Set<string>() }
      known.devices.add(deviceId)
      users.set(email, known)
      const token = `pts_${String(++tokens).padStart(43, 'T')}`
      sessions.set(token, { email, expired: false })
      return { user: apiUser(email, chainId), session: { token, expiresAt: '2099-01-01T00:00:00.000Z' } }
    },
    async getUser(token, { chainId }) {
      api.calls.push('getUser')
      const email = session(token).email
      // Social and Farcaster wallets have no email.
      return { user: email.endsWith('@social.fake') ? { ...apiUser(email, chainId), email: null } : apiUser(email, chainId) }
    },
    async sessionHeaders(token) {
      session(token)
      return { authorization: `Bearer ${token}` }
    },
    async logout(token) {
      api.calls.push('logout')
      sessions.delete(token)
    },
    async isConnected(token) {
      api.calls.push('isConnected')
      const found = sessions.get(token)
      return found !== undefined && !found.expired
    },
    async startEmailUpdate(token, _projectId, newEmail) {
      api.calls.push(`startEmailUpdate ${newEmail}`)
      requireSecondFactor(token)
      codes.set(session(token).email, '111111')
      codes.set(newEmail, '222222')
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    async verifyPrimaryEmail(token, _projectId, otp) {
      checkCode(session(token).email, otp)
      return { action: 'VERIFY_SECONDARY_OTP' }
    },
    async verifySecondaryEmail(token, _projectId, otp) {
      const current = session(token)
      const newEmail = [...codes.entries()].find(([, code]) => code === otp)?.[0]
      if (newEmail === undefined) throw new ApiError(400, 'The code is not correct', 'OTP_INVALID', undefined)
      codes.delete(newEmail)
      current.email = newEmail
      return { newEmail }
    },
    async getAuthShare(token, _projectId, namespace) {
      session(token)
      const authShare = authShares.get(namespace)
      if (authShare === undefined) throw new ApiError(404, `This device holds no share of the ${namespace} wallet`, CustodyApiCodes.authShareNotFound, undefined)
      return { namespace, address: custodial.get(namespace)!.address, authShare, recoverySet: recoveries.has(namespace) }
    },
    async registerWallets(token) {
      session(token)
      throw new ApiError(409, 'This user already has a wallet', CustodyApiCodes.walletExists, undefined)
    },
    async startMigration(token, _projectId, namespace) {
      api.calls.push(`migrate ${namespace}`)
      session(token)
      if (authShares.has(namespace)) throw new ApiError(404, 'Nothing to move', CustodyApiCodes.notCustodial, undefined)
      const { address, secret } = custodial.get(namespace)!
      return { namespace, address, secret: toBase64(secret) }
    },
    async finishMigration(token, _projectId, wallet) {
      session(token)
      authShares.set(wallet.namespace, wallet.authShare)
      return { namespace: wallet.namespace, address: wallet.address }
    },
    async setRecovery(token, _projectId, setup) {
      session(token)
      recoveries.set(setup.namespace, setup)
      return { namespace: setup.namespace, address: setup.address, version: 1 }
    },
    async getRecovery(token, _projectId, namespace) {
      session(token)
      requireSecondFactor(token)
      const setup = recoveries.get(namespace)
      if (setup === undefined) throw new ApiError(404, `No recovery is set for the ${namespace} wallet`, CustodyApiCodes.recoveryNotSet, undefined)
      return { ...setup, version: 1 }
    },
    async registerRecoveredDevice(token, _projectId, wallet) {
      session(token)
      authShares.set(wallet.namespace, wallet.authShare)
      return { namespace: wallet.namespace, address: wallet.address }
    },
    async stepUpStatus(token) {
      session(token)
      const proved = api.totpEnrolled ? totpProved : steppedUp
      return {
        methods: api.totpEnrolled ? ['totp'] : ['email'],
        secondFactor: api.totpEnrolled,
        ...(proved.has(token) ? { freshUntil: new Date(Date.now() + 60_000).toISOString() } : {}),
      }
    },
    async startEmailStepUp(token) {
      api.calls.push(`stepUp code to ${session(token).email}`)
      codes.set(`step-up:${token}`, '246810')
      return { method: 'email' }
    },
    async finishEmailStepUp(token, _projectId, otp) {
      session(token)
      if (codes.get(`step-up:${token}`) !== otp) throw new ApiError(400, 'The code is not correct; 4 attempts left', 'OTP_INVALID', undefined)
      codes.delete(`step-up:${token}`)
      steppedUp.add(token)
      return { method: 'email', freshUntil: new Date(Date.now() + 60_000).toISOString() }
    },
    async startPasskeyStepUp(token) {
      session(token)
      throw new ApiError(404, 'This wallet has no passkey; confirm with an email code instead', 'STEP_UP_NO_PASSKEY', undefined)
    },
    async finishPasskeyStepUp(token) {
      session(token)
      throw new ApiError(400, 'This passkey request has expired or was already used; start again', 'PASSKEY_CEREMONY_NOT_FOUND', undefined)
    },
    async finishTotpStepUp(token, _projectId, code) {
      api.calls.push(`stepUp totp ${code}`)
      session(token)
      if (!api.totpEnrolled) throw new ApiError(404, 'No authenticator app is set up for this account', 'MFA_NOT_ENROLLED', undefined)
      if (code !== FAKE_TOTP_CODE) throw new ApiError(400, 'The code is not correct; enter the 6 digits your authenticator app shows now', 'MFA_CODE_INVALID', undefined)
      totpProved.add(token)
      steppedUp.add(token)
      return { method: 'totp', freshUntil: new Date(Date.now() + 60_000).toISOString() }
    },
    async mfaStatus(token) {
      session(token)
      return { totp: api.totpEnrolled ? 'enrolled' : totpPending ? 'pending' : 'none', passkey: 'none', passkeys: 0 }
    },
    async startTotpEnrolment(token) {
      api.calls.push('totp enrol')
      session(token)
      if (api.totpEnrolled) throw new ApiError(409, 'An authenticator app is set up already; remove it first to set up another', 'MFA_ALREADY_ENROLLED', undefined)
      totpPending = true
      return { secret: FAKE_TOTP_SECRET, uri: `otpauth://totp/Portico:${encodeURIComponent(session(token).email)}?issuer=Portico&secret=${FAKE_TOTP_SECRET}&algorithm=SHA1&digits=6&period=30` }
    },
    async confirmTotpEnrolment(token, _projectId, code) {
      api.calls.push(`totp confirm ${code}`)
      session(token)
      if (!totpPending) throw new ApiError(409, 'Start setting up an authenticator app first', 'MFA_NOT_STARTED', undefined)
      if (code !== FAKE_TOTP_CODE) throw new ApiError(400, 'The code is not correct; enter the 6 digits your authenticator app shows now', 'MFA_CODE_INVALID', undefined)
      totpPending = false
      api.totpEnrolled = true
      return { totp: 'enrolled' }
    },
    async removeTotp(token, _projectId, code) {
      api.calls.push(`totp remove ${code}`)
      session(token)
      if (code !== FAKE_TOTP_CODE) throw new ApiError(400, 'The code is not correct; enter the 6 digits your authenticator app shows now', 'MFA_CODE_INVALID', undefined)
      api.totpEnrolled = false
      return { totp: 'none' }
    },
    async enrolPasskeyFactor(token) {
      session(token)
      throw new ApiError(409, 'Add a passkey to this account first', 'STEP_UP_NO_PASSKEY', undefined)
    },
    async removePasskeyFactor(token) {
      session(token)
      return { passkey: 'none' }
    },
    async exportShare(token, projectId, namespace) {
      api.calls.push(`export ${namespace}`)
      if (!steppedUp.has(token)) throw new ApiError(403, 'Confirm it is you first, with a new email code or your passkey; the confirmation lasts 5 minutes', 'STEP_UP_REQUIRED', undefined)
      const { authShare, address } = await api.getAuthShare(token, projectId, namespace)
      return { namespace, address, authShare }
    },
  }
  return api
}

export type FakeChain = ChainRpc & { calls: { chainId: string; method: string; params: unknown }[]; answers: Record<string, unknown> }

export function createFakeChain(chains: readonly string[] = ['eip155:1', 'eip155:10', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']): FakeChain {
  const chain: FakeChain = {
    calls: [],
    answers: {
      eth_blockNumber: '0x10',
      eth_getTransactionCount: '0x5',
      eth_estimateGas: '0x5208',
      eth_getBlockByNumber: { number: '0x10', baseFeePerGas: '0x3b9aca00' },
      eth_maxPriorityFeePerGas: '0x3b9aca00',
      eth_gasPrice: '0x4a817c800',
      eth_getBalance: '0xde0b6b3a7640000',
      eth_getTransactionReceipt: { status: '0x1', blockHash: `0x${'11'.repeat(32)}`, blockNumber: '0x11', gasUsed: '0x5208', transactionHash: `0x${'22'.repeat(32)}`, logs: [] },
    },
    has: (chainId) => chains.includes(chainId),
    async request(chainId, method, params) {
      chain.calls.push({ chainId, method, params })
      if (!chains.includes(chainId)) throw new Error(`no chain ${chainId}`)
      if (method === 'eth_sendRawTransaction') return keccak256((params as Hex[])[0]!)
      if (method === 'sendTransaction') return '5'.repeat(88)
      return chain.answers[method] ?? null
    },
  }
  return chain
}

export type FakeHost = FrameHost & {
  posted: { message: { id: string; type: string; payload: Record<string, unknown> }; targetOrigin: string }[]
  parent: object
  reloads: number
  /** Delivers a message to the page, from the parent window unless told otherwise. */
  deliver(data: unknown, from?: { origin?: string; source?: unknown }): void
  listening(): boolean
}

export function createFakeHost({ framed = true }: { framed?: boolean } = {}): FakeHost {
  const parent = { name: 'parent window' }
  let listener: ((event: { origin: string; source: unknown; data: unknown }) => void) | undefined
  const host: FakeHost = {
    posted: [],
    parent,
    reloads: 0,
    postToParent: framed ? (message, targetOrigin) => host.posted.push({ message: structuredClone(message) as never, targetOrigin }) : undefined,
    isParent: (source) => source === parent,
    listen(next) {
      listener = next
      return () => {
        listener = undefined
      }
    },
    reload: () => {
      host.reloads++
    },
    deliver(data, { origin = PARENT, source = parent } = {}) {
      listener?.({ origin, source, data })
    },
    listening: () => listener !== undefined,
  }
  return host
}

export type TestFrame = {
  frame: SecureFrame
  host: FakeHost
  api: FakeApi
  chain: FakeChain
  sessionStore: ReturnType<typeof createMemoryStore>
  /** Sends an app event and waits for its reply. */
  ask(event: string, payload: unknown): Promise<{ type: string; payload: Record<string, unknown> }>
}

export async function startTestFrame(options: Partial<SecureFrameOptions> & { framed?: boolean; approver?: Approver; projectId?: string; chainId?: string } = {}): Promise<TestFrame> {
  const host = createFakeHost({ framed: options.framed ?? true })
  const api = createFakeApi()
  const chain = createFakeChain()
  const sessionStore = createMemoryStore()
  const frame = createSecureFrame({
    host,
    search: `?projectId=${options.projectId ?? 'shop'}&chainId=${encodeURIComponent(options.chainId ?? 'eip155:1')}&version=test&enableLogger=false`,
    parentOrigin: PARENT,
    api,
    rpc: chain,
    sessions: createSessionStore({ store: sessionStore, projectId: options.projectId ?? 'shop', randomUUID: () => crypto.randomUUID(), now: Date.now }),
    deviceShares: async () => createMemoryDeviceShareStore(),
    createApprover: () => options.approver ?? autoApprover,
    randomUUID: () => crypto.randomUUID(),
    ...options,
  })
  await frame.start()
  const ask: TestFrame['ask'] = async (event, payload) => {
    const id = crypto.randomUUID()
    host.deliver({ id, type: `@portico-app/${event}`, payload })
    for (let i = 0; i < 200; i++) {
      const reply = host.posted.find(({ message }) => message.id === id)
      if (reply) return reply.message
      await new Promise((resolve) => setImmediate(resolve))
    }
    throw new Error(`no reply to ${event}`)
  }
  return { frame, host, api, chain, sessionStore, ask }
}

/** Signs as the fake API's user would after migration (its EVM key, its Solana seed), recording `sign <kind>` in `api.calls`. */
export function signAsFakeUser(api: FakeApi) {
  return (kind: SignKind, payload: Record<string, unknown>) => {
    api.calls.push(`sign ${kind}`)
    return kind.startsWith('solana_') ? signPayload(kind, payload, api.solana.seed, api.solana.address) : signPayload(kind, payload, hexToBytes(EVM_KEY), evmAccount.address)
  }
}
