/**
 * The secure page's logic, free of the browser so it is tested with fakes: it checks
 * who embeds it, says READY to that origin only, and answers the app's events (SPEC §7)
 * with the server's auth API and the chain's RPC. `main.ts` wires it to the real window.
 *
 * Who it answers: nobody until the parent's origin is on the project's allow list
 * (`GET /projects/v1/origins`, wildcards); then only messages whose `event.source` is
 * the parent window AND whose `event.origin` is that origin AND that pass their schema.
 * A parent that is not allowed gets one READY `{ allowed: false }` (the Invalid App
 * Configuration condition, SPEC §6) and nothing else, ever.
 */
import { DEFAULT_CHAIN_ID, EmbeddedWalletMessages } from '../src/shared/embeddedWallet'
import {
  errorType,
  frameEventType,
  successType,
  type AppEvent,
  type AppMessage,
  type AppRequestPayload,
  type AppResponsePayload,
  type EmbeddedAccountType,
  type FrameChainId,
  type FrameDevice,
  type FrameEvent,
  type FrameEventSchema,
  type FrameUser,
  type FrameUserAddresses,
  type ThemeSync,
} from '../src/frame/protocol'
import { validateAppMessage, validateFrameMessage } from '../src/frame/schemas/validate'
import { PROJECT_ID_PATTERN } from '../src/frame/schemas/patterns'
import { isOriginAllowed } from '../src/shared/originMatch'
import { ApiError, type ApiUser, type ExternalLogin, type SecureApi } from './api'
import { createCustodyCalls } from './custody/custodyCalls'
import type { DeviceShareStore } from './custody/deviceShareStore'
import { createKeyring, type Keyring } from './custody/keyring'
import type { SmartAccounts } from './accountType'
import { ACCOUNT_TYPE_METHOD, REMOVE_DEVICE_METHOD, type Approver } from './approval'
import { describeRemoval } from './describeRemoval'
import { DeviceApiCodes } from '../src/shared/devicesApi'
import type { ApprovalDetails } from './describeRequest'
import type { ChainRpc } from './chainRpc'
import { ReplyError, toErrorPayload } from './replyError'
import { createRpcHandler, toCaip2 } from './rpcHandler'
import type { SessionStore } from './session'
import type { PasskeyFlows } from './passkeyLogin'
import type { PasskeyCeremonies } from './passkeyPrf'
import { changeRecovery, offerRecovery, type RecoveryPrompts } from './recoveryFlow'
import { CUSTODY_NAMESPACES } from '../src/shared/custodyApi'
import { createExportSteps, type ExportPrompts } from './exportFlow'
import { type StepUpPrompts, type StepUpReason } from './stepUpPrompt'
import { createStepUpSteps } from './stepUpStages'
import { createMfaSteps, type MfaPrompts } from './mfaPrompt'
import { SECOND_FACTOR_REQUIRED } from '../src/shared/mfaApi'

/** A signature refused because the server no longer takes this device's session (removed, or signed out elsewhere). */
export const SESSION_ENDED_MESSAGE = 'This device is no longer signed in to the wallet (it was removed from the account, or signed out): sign in again'
import { createRecoveryPasskey } from './recoveryPasskey'
import { ProviderRpcCode } from '../src/shared/rpcCodes'

/** The version the frame reports in READY. */
export const SECURE_FRAME_VERSION = '1'

/** What the page needs from its window. */
export type FrameHost = {
  /** Posts to the parent window; undefined when the page is not in a frame. */
  postToParent: ((message: unknown, targetOrigin: string) => void) | undefined
  /** Whether `source` is the parent window (MessageEvent.source). */
  isParent(source: unknown): boolean
  listen(listener: (event: { origin: string; source: unknown; data: unknown }) => void): () => void
  reload(): void
}

export type SecureFrameUi = {
  /** A line for a visitor who opens the page outside the app (or a refused parent). */
  showStatus(text: string): void
  applyTheme(theme: ThemeSync): void
}

export type SecureFrameLogger = { debug(message: string, details?: unknown): void }

export type SecureFrameOptions = {
  host: FrameHost
  /** The page's query string (`location.search`): projectId, chainId, version, enableLogger. */
  search: string
  /** From `detectParentOrigin`. */
  parentOrigin: string | undefined
  api: SecureApi
  rpc: ChainRpc
  sessions: SessionStore
  /** Makes the approver; `open` / `close` tell the app to show or hide the iframe. */
  createApprover: (notify: { open(): void; close(): void }) => Approver
  ui?: SecureFrameUi | undefined
  logger?: SecureFrameLogger | undefined
  randomUUID: () => string
  /** Requests answered at once; more are refused until some finish. */
  maxInFlight?: number
  /** Smart accounts (accountType.ts); without it every account is externally-owned. */
  smartAccounts?: SmartAccounts | undefined
  /** Where this device's key shares are kept (custody/deviceShareStore.ts: the secure origin's IndexedDB). */
  deviceShares: () => Promise<DeviceShareStore>
  /** Passkey login and adding a passkey (passkeyLogin.ts); without it both are refused as not available. */
  passkeys?: ((notify: { open(): void; close(): void }) => PasskeyFlows) | undefined
  /** The recovery prompts shown after a login (recoveryPrompt.ts); without them nothing is asked. */
  recoveryPrompts?: ((notify: { open(): void; close(): void }) => RecoveryPrompts) | undefined
  /** The key-export prompt (exportPrompt.ts); without it EXPORT_PRIVATE_KEY is refused as not available. */
  exportPrompts?: ((notify: { open(): void; close(): void }) => ExportPrompts) | undefined
  /**
   * The confirmation before a device is removed: the approval prompt (approval.ts), always,
   * whatever `requireApproval` says, since a removal cannot be undone by the dapp. Without
   * it REMOVE_DEVICE is refused as not available.
   */
  confirmDeviceRemoval?: ((notify: { open(): void; close(): void }) => Approver) | undefined
  /**
   * "Confirm it is you" (stepUpPrompt.ts), opened when the server asks for an enrolled second
   * factor before removing a device, changing the email or recovering on a new device.
   * Without it those actions fail with the server's SECOND_FACTOR_REQUIRED.
   */
  stepUpPrompts?: ((notify: { open(): void; close(): void }) => StepUpPrompts) | undefined
  /** The second-factor settings (mfaPrompt.ts); without them MANAGE_SECOND_FACTOR is refused as not available. */
  mfaPrompts?: ((notify: { open(): void; close(): void }) => MfaPrompts) | undefined
  /** The WebAuthn ceremonies of a recovery sealed with a passkey (passkeyPrf.ts, with the popup where the frame is refused); without them only a password is offered. */
  recoveryCeremonies?: PasskeyCeremonies | undefined
}

export type SecureFrameStatus =
  | 'starting'
  /** Parent allowed: READY sent, answering. */
  | 'allowed'
  /** Parent not on the allow list, or unknown project: READY { allowed: false } sent. */
  | 'not-allowed'
  /** Allow list unreachable, or parent origin unknown: nothing sent (the app times out). */
  | 'unavailable'
  | 'not-framed'

export type SecureFrame = {
  start(): Promise<SecureFrameStatus>
  status(): SecureFrameStatus
  stop(): void
}

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const projectIdShape = new RegExp(PROJECT_ID_PATTERN)

/**
 * An EIP-155 chain as CAIP-2 writes it: a positive decimal integer with no sign and no
 * leading zero (`eip155:01` names no chain). The schema admits any CAIP-2 reference, so
 * `eip155:0` reaches the handler and is refused here.
 */
const EIP155_CHAIN = /^eip155:([1-9][0-9]{0,15})$/

/** The EIP-155 chain id of `caip2`, or undefined when it is not a canonical, safe, positive one. */
function eip155ChainId(caip2: string): number | undefined {
  const match = EIP155_CHAIN.exec(caip2)
  const id = match ? Number(match[1]) : undefined
  return id !== undefined && Number.isSafeInteger(id) ? id : undefined
}

/** The chain in the form the server and SPEC §3 use: a number for eip155, CAIP-2 otherwise. */
function publicChainId(caip2: string): FrameChainId {
  return eip155ChainId(caip2) ?? caip2
}

/** Why the page cannot be on `caip2`, or undefined when it can. */
function chainProblem(caip2: string): { message: string; code: number } | undefined {
  const shown = caip2.slice(0, 64)
  if (!CAIP2.test(caip2) || namespaceOf(caip2) === undefined) return { message: `Chain '${shown}' is not supported by the embedded wallet`, code: ProviderRpcCode.SwitchChainError }
  if (namespaceOf(caip2) === 'eip155' && eip155ChainId(caip2) === undefined) {
    return { message: `Chain '${shown}' is not a valid EIP-155 chain id (a positive integer without leading zeros)`, code: ProviderRpcCode.InvalidParams }
  }
  return undefined
}

/** The fragment keys the server's social callback sends the popup back with (server/auth/social.ts). */
export const SOCIAL_RESULT_PARAM = 'portico_social'
export const SOCIAL_ERROR_PARAM = 'portico_social_error'

const socialErrors: Record<string, string> = {
  access_denied: 'The login was cancelled',
  provider_unavailable: 'The login provider is unavailable right now; try again later',
}

/**
 * The result token of a social login from the URL the popup came back to (SPEC §3
 * "Social URI: uri"): it must be on the parent's origin and carry `portico_social` in
 * its fragment; `portico_social_error` is the provider's refusal.
 */
export function readSocialResult(uri: string, parentOrigin: string | undefined): string {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    throw new ReplyError('The social login URI is not a URL', ProviderRpcCode.InvalidParams)
  }
  if (parentOrigin === undefined || url.origin !== parentOrigin) throw new ReplyError('The social login came back to another site', ProviderRpcCode.InvalidParams)
  const fragment = new URLSearchParams(url.hash.slice(1))
  const error = fragment.get(SOCIAL_ERROR_PARAM)
  if (error !== null) throw new ReplyError(socialErrors[error] ?? `The login failed (${error.replace(/[^a-z_]/g, '').slice(0, 64)})`, 'LOGIN_FAILED')
  const result = fragment.get(SOCIAL_RESULT_PARAM)
  if (result === null || !/^ptr_[A-Za-z0-9_-]{43}$/.test(result)) throw new ReplyError('The social login did not finish', 'LOGIN_FAILED')
  return result
}

function namespaceOf(caip2: string): 'eip155' | 'solana' | undefined {
  if (caip2.startsWith('eip155:')) return 'eip155'
  if (caip2.startsWith('solana:')) return 'solana'
  return undefined
}

/**
 * @example
 * const frame = createSecureFrame({ host, search: location.search, parentOrigin, api, rpc, sessions, createApprover, randomUUID })
 * await frame.start() // 'allowed'
 */
export function createSecureFrame(options: SecureFrameOptions): SecureFrame {
  const { host, api, rpc, sessions, ui, logger, randomUUID, smartAccounts } = options
  const maxInFlight = options.maxInFlight ?? 32
  const query = new URLSearchParams(options.search)
  const projectId = query.get('projectId') ?? ''
  const requestedChain = query.get('chainId') ?? DEFAULT_CHAIN_ID
  const parentOrigin = options.parentOrigin

  let status: SecureFrameStatus = 'starting'
  let chain = chainProblem(requestedChain) === undefined ? requestedChain : DEFAULT_CHAIN_ID
  let pendingEmail: string | undefined
  /** The social login in flight: its attempt token never leaves this page. */
  let socialAttempt: { attemptToken: string } | undefined
  let farcasterAttempt: { attemptToken: string } | undefined
  let user: ApiUser | undefined
  /** The smart account's address when it is the account in effect on the current chain (describeUser keeps it). */
  let smartAddress: string | undefined
  let dappName: string | undefined
  let inFlight = 0
  let unlisten: (() => void) | undefined

  const post = (message: unknown) => {
    if (host.postToParent === undefined || parentOrigin === undefined) throw new Error(EmbeddedWalletMessages.parentNotSet)
    host.postToParent(message, parentOrigin)
  }
  const postEvent = <F extends FrameEvent>(event: F, payload: FrameEventSchema[F]) => {
    const message = { id: randomUUID(), type: frameEventType(event), payload }
    const checked = validateFrameMessage(message)
    if (!checked.ok) {
      logger?.debug('secure: refused to send an invalid event', checked.error)
      return
    }
    post(message)
  }
  const replyError = (id: string, event: AppEvent, error: unknown) => {
    const payload = toErrorPayload(error)
    post({ id, type: errorType(event), payload })
  }
  const replySuccess = (id: string, event: AppEvent, payload: unknown) => {
    const message = { id, type: successType(event), payload }
    const checked = validateFrameMessage(message)
    if (!checked.ok) {
      logger?.debug('secure: refused to send an invalid answer', checked.error)
      return replyError(id, event, new ReplyError('The embedded wallet produced an invalid answer', ProviderRpcCode.InternalError))
    }
    post(message)
  }

  const notifyApp = {
    open: () => postEvent('APPROVAL_OPEN', {}),
    close: () => postEvent('APPROVAL_CLOSE', {}),
  }
  // The passkey and recovery prompts are shown like an approval: the app makes the iframe visible for them.
  const passkeys = options.passkeys?.(notifyApp)
  const recoveryPrompts = options.recoveryPrompts?.(notifyApp)
  const exportPrompts = options.exportPrompts?.(notifyApp)
  const stepUpPrompts = options.stepUpPrompts?.(notifyApp)
  const mfaPrompts = options.mfaPrompts?.(notifyApp)
  /** The recovery prompt after the latest login, until the visitor answers it: approvals and signatures wait for it. */
  let recoveryAnswered: Promise<unknown> = Promise.resolve()
  /** After a login (not on every request): offers to set a recovery, or asks for it on a new device (recoveryFlow.ts). */
  const askAboutRecovery = () => {
    if (recoveryPrompts === undefined) return
    recoveryAnswered = offerRecovery(keyring, recoveryPrompts, recoveryPasskey).then(
      (outcome) => logger?.debug(`secure: recovery prompt: ${outcome}`),
      (error: unknown) => logger?.debug('secure: the recovery prompt failed', error),
    )
  }
  const removalApprover = options.confirmDeviceRemoval?.(notifyApp)
  const promptApprover = options.createApprover(notifyApp)
  const approver: Approver = {
    async confirm(request) {
      await recoveryAnswered
      return promptApprover.confirm(request)
    },
  }

  // ------------------------------------------------------------------------------
  // Session and user
  // ------------------------------------------------------------------------------

  const endSession = () => {
    sessions.clear()
    recoveryPrompts?.dismiss()
    exportPrompts?.dismiss()
    stepUpPrompts?.dismiss()
    mfaPrompts?.dismiss()
    keyring.lock()
    user = undefined
    smartAddress = undefined
  }
  /** Runs an authenticated server call; a refused session ends it and tells the app. */
  async function authed<T>(run: (token: string) => Promise<T>): Promise<T> {
    const session = sessions.load()
    if (session === undefined) {
      user = undefined
      throw new ReplyError('Sign in to the embedded wallet first', 'UNAUTHORIZED')
    }
    try {
      return await run(session.token)
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        endSession()
        postEvent('SESSION_EXPIRED', {})
      }
      throw error
    }
  }
  const addresses = (source: ApiUser) => {
    const single = source.address ?? ''
    return {
      eip155: source.addresses?.eip155 ?? (/^0x/.test(single) ? single : undefined),
      solana: source.addresses?.solana ?? (/^0x/.test(single) || single === '' ? undefined : single),
    }
  }
  /** Both of the user's addresses, so the app connects its eip155 and its solana plugin (docs/embedded-wallet.md). */
  const definedAddresses = (source: ApiUser): FrameUserAddresses => {
    const { eip155, solana } = addresses(source)
    return { ...(eip155 === undefined ? {} : { eip155 }), ...(solana === undefined ? {} : { solana }) }
  }
  const toFrameUser = (source: ApiUser): FrameUser => {
    const namespace = namespaceOf(chain) ?? 'eip155'
    // A signed-in user has both addresses once unlocked (the frame registers any it made).
    const address = addresses(source)[namespace] ?? source.address ?? ''
    return {
      email: source.email,
      address,
      chainId: publicChainId(chain),
      accounts: [{ address, type: 'eoa' }],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
      ...(typeof source.userName === 'string' && source.userName !== '' ? { userName: source.userName.slice(0, 64) } : {}),
      addresses: definedAddresses(source),
    }
  }
  /** The smart account of the signed-in user on the current chain, when that network has them. */
  const smartAccountOf = async (source: ApiUser) => {
    const owner = addresses(source).eip155
    if (smartAccounts === undefined || owner === undefined || namespaceOf(chain) !== 'eip155') return undefined
    return smartAccounts.sender(chain, owner as `0x${string}`, {
      signHash: async (hash) => (await sign('personal_sign', { message: hash, address: owner })).signature as `0x${string}`,
      signTypedData: async (typedData) => (await sign('typedData', { ...(typedData as Record<string, unknown>), address: owner })).signature as `0x${string}`,
      sessionHeaders: (target) => authed((token) => api.sessionHeaders(token, target)),
    })
  }
  /**
   * The user as the app sees them (SPEC §3): on a smart-account-enabled network both
   * accounts with their types, whether the smart account is deployed, the type in
   * effect, and `address` = the account of that type.
   */
  const describeUser = async (source: ApiUser): Promise<FrameUser> => {
    const base = toFrameUser(source)
    const owner = addresses(source).eip155
    const sender = await smartAccountOf(source).catch((error: unknown) => {
      logger?.debug('secure: the smart account is unavailable', error)
      return undefined
    })
    if (sender === undefined || owner === undefined || smartAccounts === undefined) {
      smartAddress = undefined
      return base
    }
    const [smart, deployed] = await Promise.all([sender.address(), sender.isDeployed()])
    const type = smartAccounts.preferredType(owner)
    smartAddress = type === 'smartAccount' ? smart : undefined
    return {
      ...base,
      address: type === 'smartAccount' ? smart : owner,
      accounts: [
        { address: owner, type: 'eoa' },
        { address: smart, type: 'smartAccount' },
      ],
      smartAccountDeployed: deployed,
      preferredAccountType: type,
    }
  }
  /** The address of the smart account `source`'s EOA owns on the current chain, whichever type is in effect. */
  const ownedSmartAddress = async (source: ApiUser): Promise<string | undefined> => {
    try {
      return await (await smartAccountOf(source))?.address()
    } catch (error) {
      logger?.debug('secure: the smart account is unavailable', error)
      return undefined
    }
  }
  /**
   * The dapp asks for the other account type: the visitor approves it in a prompt that
   * names the account that will sign, with the same deliberate click as a signature.
   */
  const confirmAccountType = async (source: ApiUser, owner: string, type: EmbeddedAccountType) => {
    const smart = await ownedSmartAddress(source)
    const account =
      type === 'eoa'
        ? smart === undefined
          ? `Your externally-owned account ${owner}`
          : `The owner key of smart account ${smart} (address ${owner})`
        : `Smart account ${smart ?? '(none on this network)'}, owned by ${owner}`
    const warnings =
      type === 'eoa' ? [`This site asks to use the key that owns your smart account. Signatures and transactions it asks for will then come from ${owner}, not from the smart account.`] : []
    const details: ApprovalDetails = {
      sections: [
        {
          fields: [
            { label: 'Account to use', value: account },
            { label: 'Network', value: chain },
          ],
        },
      ],
      warnings,
    }
    const approved = await approver.confirm({ method: ACCOUNT_TYPE_METHOD, origin: parentOrigin ?? '', dappName, details })
    if (!approved) throw new ReplyError('User rejected the request.', ProviderRpcCode.UserRejectedRequest)
  }
  /** The keys of the signed-in user, rebuilt (made, or migrated) here after login; signing happens here. */
  /**
   * Runs an action the server may refuse with SECOND_FACTOR_REQUIRED (an enrolled second
   * factor not proved recently): then the visitor confirms it in the frame, and it runs once
   * more. A cancel is the visitor's refusal (4001).
   */
  async function withSecondFactor<T>(reason: StepUpReason, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (!(error instanceof ApiError && error.code === SECOND_FACTOR_REQUIRED) || stepUpPrompts === undefined) throw error
      const confirmed = await stepUpPrompts.confirm(reason, createStepUpSteps({ api, projectId, authed }), user?.email ?? null)
      if (!confirmed) throw new ReplyError('User rejected the request.', ProviderRpcCode.UserRejectedRequest)
      return run()
    }
  }
  const keyring = createKeyring({
    calls: createCustodyCalls(api, projectId, authed, (run) => withSecondFactor('recover', () => authed(run))),
    deviceShares: options.deviceShares,
    logger,
  })
  const recoveryPasskey = options.recoveryCeremonies === undefined ? undefined : createRecoveryPasskey({ api, projectId, authed, ceremonies: options.recoveryCeremonies, supported: () => true })
  const fetchUser = async () => (await authed((token) => api.getUser(token, { projectId, chainId: chain }))).user
  /** Signed in: the keys are unlocked; a first login registers the wallets made here, so the user is read again. */
  const unlocked = async (source: ApiUser): Promise<ApiUser> => {
    const { registered } = await keyring.unlock(addresses(source))
    user = registered ? await fetchUser() : source
    return user
  }
  const loadUser = async (): Promise<ApiUser> => unlocked(await fetchUser())
  /** A login: the keys are unlocked, then the visitor is asked about recovery when needed. */
  const loggedIn = async (source: ApiUser): Promise<FrameUser> => {
    const current = await unlocked(source)
    askAboutRecovery()
    return describeUser(current)
  }
  /**
   * Right before a signature, after the visitor approved it: one authenticated call, so a
   * device removed from the account (or signed out elsewhere) stops signing at once rather
   * than at the end of its session. A 401 ends the session here and drops the keys
   * (`authed`); a server that cannot be reached refuses the signature too.
   */
  const requireLiveSession = async () => {
    try {
      await authed((token) => api.getUser(token, { projectId, chainId: chain }))
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw new ReplyError(SESSION_ENDED_MESSAGE, ProviderRpcCode.Unauthorized)
      throw error
    }
  }
  const sign: Keyring['sign'] = async (kind, payload) => {
    await recoveryAnswered
    await requireLiveSession()
    return keyring.sign(kind, payload)
  }
  /** The visitor's devices as the server lists them, in the shape the app receives. */
  const listDevices = async (): Promise<FrameDevice[]> => {
    const { devices } = await authed((token) => api.listDevices(token, projectId))
    return devices.map(({ id, label, addedAt, lastUsedAt, current }) => ({ id, label: label.slice(0, 128), addedAt, lastUsedAt, current }))
  }

  const handleRpc = createRpcHandler({
    chainId: () => chain,
    addresses: () => (user === undefined ? undefined : { ...addresses(user), ...(smartAddress === undefined ? {} : { eip155: smartAddress }) }),
    smartAccount: async () => (user === undefined || smartAddress === undefined ? undefined : smartAccountOf(user)),
    ownedSmartAccount: async () => (user === undefined ? undefined : ownedSmartAddress(user)),
    sign,
    rpc,
    approver,
    parentOrigin: parentOrigin ?? '',
    dappName: () => dappName,
    randomUUID,
  })

  /** A social or Farcaster login finished: the session stays here, the user goes to the app. */
  const signedInWith = async (done: ExternalLogin): Promise<FrameUser> => {
    sessions.save(done.session)
    pendingEmail = undefined
    return loggedIn(done.user)
  }

  const requireEmail = () => {
    if (pendingEmail === undefined) throw new ReplyError('Enter your email first (CONNECT_EMAIL)', 'NO_EMAIL')
    return pendingEmail
  }
  const notAvailable = (what: string) => new ReplyError(`${what} is not available on this server`, ProviderRpcCode.UnsupportedMethod)
  /** Export and a recovery change need a key this device holds. */
  const noDeviceKey = () => new ReplyError('This device holds no key of this wallet: sign in again and enter its recovery password, or use the device where you created it', 'CUSTODY_NO_DEVICE_KEY')

  // ------------------------------------------------------------------------------
  // Handlers, one per app event (SPEC §7)
  // ------------------------------------------------------------------------------

  type Handlers = { [E in AppEvent]: (payload: AppRequestPayload<E>) => Promise<AppResponsePayload<E>> }
  const handlers: Handlers = {
    async CONNECT_EMAIL({ email }) {
      pendingEmail = email
      const { action } = await api.startEmailLogin({ projectId, email, deviceId: sessions.deviceId() }, sessions.load()?.token)
      return { action }
    },
    async CONNECT_DEVICE({ otp }) {
      const { action } = await api.verifyDevice({ projectId, email: requireEmail(), deviceId: sessions.deviceId(), otp })
      return { action }
    },
    async CONNECT_OTP({ otp }) {
      const { user: signedIn, session } = await api.verifyEmailLogin({ projectId, email: requireEmail(), deviceId: sessions.deviceId(), otp, chainId: chain })
      sessions.save(session)
      pendingEmail = undefined
      return { user: await loggedIn(signedIn) }
    },
    async GET_SOCIAL_REDIRECT_URI({ provider }) {
      // The popup comes back to the parent's origin (checked against the allow list by the server too).
      const { uri, attemptToken } = await api.startSocialLogin({ projectId, provider, deviceId: sessions.deviceId(), returnTo: parentOrigin ?? '' }).catch((error: unknown) => {
        throw error instanceof ApiError && error.code === 'SOCIAL_PROVIDER_UNAVAILABLE' ? notAvailable(`Login with ${provider}`) : error
      })
      if (!/^https?:\/\//.test(uri)) throw new ReplyError('The server answered an authorization URL that is not http(s)', ProviderRpcCode.InternalError)
      socialAttempt = { attemptToken }
      return { uri }
    },
    async CONNECT_SOCIAL({ uri, chainId }) {
      const attempt = socialAttempt
      if (attempt === undefined) throw new ReplyError('Start the social login first (GET_SOCIAL_REDIRECT_URI)', 'NO_SOCIAL_LOGIN')
      const result = readSocialResult(uri, parentOrigin)
      if (chainId !== undefined) switchTo(chainId)
      const done = await api.completeSocialLogin({ projectId, deviceId: sessions.deviceId(), attemptToken: attempt.attemptToken, resultToken: result, chainId: chain })
      socialAttempt = undefined
      return { user: await signedInWith(done) }
    },
    async GET_FARCASTER_URI() {
      const { url, attemptToken } = await api.startFarcasterLogin({ projectId, deviceId: sessions.deviceId() }).catch((error: unknown) => {
        throw error instanceof ApiError && error.status === 404 ? notAvailable('Farcaster login') : error
      })
      if (!/^https?:\/\//.test(url)) throw new ReplyError('The server answered a Farcaster URL that is not http(s)', ProviderRpcCode.InternalError)
      farcasterAttempt = { attemptToken }
      return { url }
    },
    async CONNECT_FARCASTER() {
      const attempt = farcasterAttempt
      if (attempt === undefined) throw new ReplyError('Ask for the Farcaster URI first (GET_FARCASTER_URI)', 'NO_FARCASTER_LOGIN')
      // The server waits for the visitor's approval ~20 s per call: ask again until it comes,
      // the login expires on the server, or a newer GET_FARCASTER_URI replaces this one.
      for (;;) {
        if (farcasterAttempt !== attempt) throw new ReplyError('The Farcaster login was restarted', 'LOGIN_RESTARTED')
        try {
          const done = await api.completeFarcasterLogin({ projectId, deviceId: sessions.deviceId(), attemptToken: attempt.attemptToken, chainId: chain })
          farcasterAttempt = undefined
          return { user: await signedInWith(done) }
        } catch (error) {
          if (!(error instanceof ApiError && error.code === 'LOGIN_PENDING')) throw error
        }
      }
    },
    async CONNECT_PASSKEY({ chainId }) {
      if (passkeys === undefined) throw notAvailable('Passkey login')
      if (chainId !== undefined) switchTo(chainId)
      const done = await passkeys.connect({ projectId, deviceId: sessions.deviceId(), chainId: chain })
      return { user: await signedInWith({ ...done, provider: 'passkey' }) }
    },
    async ADD_PASSKEY() {
      if (passkeys === undefined) throw notAvailable('Adding a passkey')
      return authed((token) => passkeys.add(token, projectId))
    },
    async EXPORT_PRIVATE_KEY({ namespace: asked }) {
      if (exportPrompts === undefined) throw notAvailable('Key export')
      const current = user ?? (await loadUser())
      const namespace = asked ?? namespaceOf(chain) ?? 'eip155'
      const address = addresses(current)[namespace]
      await recoveryAnswered
      if (address === undefined || !keyring.has(namespace)) {
        throw noDeviceKey()
      }
      const steps = createExportSteps({ api, projectId, authed, keyring, namespace })
      const outcome = await exportPrompts.open({ namespace, address, email: current.email }, steps)
      if (outcome === 'cancelled') throw new ReplyError('User rejected the request.', ProviderRpcCode.UserRejectedRequest)
      return {}
    },
    async MANAGE_SECOND_FACTOR() {
      if (mfaPrompts === undefined) throw notAvailable('Two-step verification')
      await authed(async () => undefined)
      await recoveryAnswered
      await mfaPrompts.open(createMfaSteps({ api, projectId, authed, stepUp: createStepUpSteps({ api, projectId, authed }) }))
      return {}
    },
    async CHANGE_RECOVERY() {
      if (recoveryPrompts === undefined) throw notAvailable('Changing the recovery')
      await authed(async () => undefined)
      await recoveryAnswered
      if (!CUSTODY_NAMESPACES.some((namespace) => keyring.has(namespace))) {
        throw noDeviceKey()
      }
      const outcome = await changeRecovery(keyring, recoveryPrompts, recoveryPasskey)
      if (outcome !== 'set') throw new ReplyError('User rejected the request.', ProviderRpcCode.UserRejectedRequest)
      return {}
    },
    async GET_DEVICES() {
      return { devices: await listDevices() }
    },
    async REMOVE_DEVICE({ id }) {
      if (removalApprover === undefined) throw notAvailable('Removing a device')
      // What the prompt names comes from the server, never from the dapp's message.
      const device = (await listDevices()).find((listed) => listed.id === id)
      if (device === undefined) throw new ReplyError('No device with this id belongs to this account', DeviceApiCodes.deviceNotFound)
      if (device.current) throw new ReplyError('This is the device you are using: sign out here, or remove it from another of your devices', DeviceApiCodes.currentDevice)
      const approved = await removalApprover.confirm({ method: REMOVE_DEVICE_METHOD, origin: parentOrigin ?? '', dappName, details: describeRemoval(device) })
      if (!approved) throw new ReplyError('User rejected the request.', ProviderRpcCode.UserRejectedRequest)
      await withSecondFactor('removeDevice', () => authed((token) => api.removeDevice(token, projectId, id)))
      return { removed: true as const }
    },
    async GET_USER({ chainId }) {
      if (chainId !== undefined) switchTo(chainId)
      return { user: await describeUser(await loadUser()) }
    },
    async GET_CHAIN_ID() {
      return { chainId: publicChainId(chain) }
    },
    async SWITCH_NETWORK({ chainId }) {
      const before = user === undefined ? undefined : (smartAddress ?? toFrameUser(user).address)
      switchTo(chainId)
      if (user !== undefined) {
        const after = await describeUser(user)
        if (after.address !== before) postEvent('ACCOUNT_CHANGED', { address: after.address, chainId: after.chainId, type: after.preferredAccountType ?? 'eoa' })
      }
      return { chainId: publicChainId(chain) }
    },
    async RPC_REQUEST({ method, params, chainId }) {
      return { result: await handleRpc({ method, params, chainId }) }
    },
    async UPDATE_EMAIL({ email }) {
      const { action } = await withSecondFactor('changeEmail', () => authed((token) => api.startEmailUpdate(token, projectId, email)))
      return { action }
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      const { action } = await authed((token) => api.verifyPrimaryEmail(token, projectId, otp))
      return { action }
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const { newEmail } = await authed((token) => api.verifySecondaryEmail(token, projectId, otp))
      if (user !== undefined) user = { ...user, email: newEmail }
      return { newEmail }
    },
    async SYNC_THEME(theme) {
      ui?.applyTheme(theme)
      return {}
    },
    async SYNC_DAPP_DATA(data) {
      if (data.projectId !== projectId) throw new ReplyError('projectId does not match the one the embedded wallet was loaded with', 'PROJECT_MISMATCH')
      dappName = data.metadata?.name
      return {}
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      // The server's list (chains with a bundler and the factory); [] when it cannot say (SPEC §4).
      const networks = smartAccounts === undefined ? [] : await smartAccounts.enabledNetworks()
      return { smartAccountEnabledNetworks: networks.map((network) => network.chainId) }
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      const current = user ?? (await loadUser())
      const owner = addresses(current).eip155
      if (smartAccounts === undefined || owner === undefined) {
        // No smart accounts here: the externally-owned account stays in effect.
        const eoa: EmbeddedAccountType = 'eoa'
        return { type: eoa, address: toFrameUser(current).address }
      }
      const before = smartAddress ?? toFrameUser(current).address
      // Only a change needs the visitor: asking for the type in effect changes nothing.
      if (type !== smartAccounts.preferredType(owner)) await confirmAccountType(current, owner, type)
      smartAccounts.setPreferredType(owner, type)
      const after = await describeUser(current)
      if (after.address !== before) postEvent('ACCOUNT_CHANGED', { address: after.address, chainId: after.chainId, type: after.preferredAccountType ?? 'eoa' })
      return { type: after.preferredAccountType ?? 'eoa', address: after.address }
    },
    async SIGN_OUT() {
      const session = sessions.load()
      endSession()
      pendingEmail = undefined
      if (session !== undefined) {
        try {
          await api.logout(session.token)
        } catch (error) {
          // Signed out here whatever the server says; the session expires there anyway.
          logger?.debug('secure: the server did not confirm the sign-out', error)
        }
      }
      return {}
    },
    async IS_CONNECTED({ token }) {
      const own = sessions.load()
      const asked = token ?? own?.token
      if (asked === undefined) return { isConnected: false }
      const isConnected = await api.isConnected(asked)
      if (!isConnected && token === undefined) endSession()
      return { isConnected }
    },
    async RELOAD() {
      // Answer first, then reload: the new page says READY again.
      setTimeout(() => host.reload(), 0)
      return {}
    },
  }

  function switchTo(chainId: FrameChainId) {
    const next = toCaip2(chainId)
    const problem = chainProblem(next)
    if (problem !== undefined) throw new ReplyError(problem.message, problem.code)
    chain = next
  }

  async function dispatch(message: AppMessage, event: AppEvent) {
    const handler = handlers[event] as (payload: unknown) => Promise<unknown>
    try {
      const result = await handler(message.payload)
      replySuccess(message.id, event, result)
    } catch (error) {
      logger?.debug(`secure: ${event} failed`, error)
      replyError(message.id, event, error)
    }
  }

  function onMessage(event: { origin: string; source: unknown; data: unknown }) {
    if (status !== 'allowed') return
    // Three checks, all required: the parent window, the allowed origin, the schema.
    if (!host.isParent(event.source) || event.origin !== parentOrigin) return
    const checked = validateAppMessage(event.data)
    if (!checked.ok) {
      logger?.debug('secure: refused an invalid message', checked.error)
      if (checked.id !== undefined && checked.event !== undefined) {
        replyError(checked.id, checked.event, new ReplyError(`Invalid ${checked.event} message: ${checked.error}`, 'INVALID_MESSAGE'))
      }
      return
    }
    if (inFlight >= maxInFlight) {
      replyError(checked.message.id, checked.event, new ReplyError('Too many requests at once; try again when the others finish', ProviderRpcCode.LimitExceeded))
      return
    }
    inFlight++
    void dispatch(checked.message, checked.event).finally(() => {
      inFlight--
    })
  }

  function refuse(reason: 'origin_not_allowed' | 'invalid_project', text: string) {
    status = 'not-allowed'
    ui?.showStatus(text)
    postEvent('READY', { version: SECURE_FRAME_VERSION, allowed: false, reason })
  }

  return {
    status: () => status,
    async start() {
      if (status !== 'starting') return status
      if (host.postToParent === undefined) {
        status = 'not-framed'
        ui?.showStatus('This page is part of an embedded wallet and only works inside the app that opens it.')
        return status
      }
      if (parentOrigin === undefined) {
        // No target to name, and '*' is never used: say nothing; the app reports
        // 'Unable to load email login dependency' after its load timeout.
        status = 'unavailable'
        logger?.debug('secure: the parent origin is unknown (no ancestorOrigins, no referrer)')
        return status
      }
      if (!projectIdShape.test(projectId)) {
        refuse('invalid_project', 'Invalid App Configuration: the project id is missing or malformed.')
        return status
      }
      let allowedOrigins: string[]
      try {
        allowedOrigins = await api.getAllowedOrigins(projectId)
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          refuse('invalid_project', 'Invalid App Configuration: the project is not known to the server.')
        } else {
          status = 'unavailable'
          logger?.debug('secure: the allowed origins could not be loaded', error)
        }
        return status
      }
      if (!isOriginAllowed(parentOrigin, allowedOrigins)) {
        refuse('origin_not_allowed', 'Invalid App Configuration: this site is not on the project allow list.')
        return status
      }
      status = 'allowed'
      unlisten = host.listen(onMessage)
      postEvent('READY', { version: SECURE_FRAME_VERSION, allowed: true })
      return status
    },
    stop() {
      unlisten?.()
      unlisten = undefined
      if (status === 'allowed') status = 'unavailable'
    },
  }
}
