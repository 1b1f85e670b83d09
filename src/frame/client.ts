/**
 * The app side of the embedded wallet (DESIGN.md "Embedded wallet"): creates the hidden
 * iframe (again after a load failure, on the next request or on `online`), waits for
 * its ready event and then 500 ms (SPEC §4), posts typed messages to the secure page's
 * exact origin, matches each reply by its random id, enforces the SPEC §9 timeouts and reports the frame's own events through `subscribe`.
 * It is transport only (post, match, time out, abort): what a settled request means for
 * the SPEC §4 login cache is decided by the embedded saga (sagas/embeddedLoginCache.ts),
 * from the `settled` events it reports.
 *
 * What it trusts: a message is read only when `event.origin` is the secure origin AND
 * `event.source` is this iframe's window AND it passes its schema. Anything else is
 * ignored (a reply that names a pending request but fails its schema ends that request
 * with a clear error, since only the frame could have sent it).
 *
 * It never imports the store: sagas call it and subscribe to it.
 */
import { DEFAULT_CHAIN_ID, Time } from '../config/constants'
import { FrameAbortError, FrameInvalidAppConfigurationError, FrameLoadError, FrameNotSetError, FrameProtocolError, FrameRequestError, FrameRequestTimeoutError, type FrameError } from './errors'
import { buildSecureFrameUrl, createSecureFrameElement, removeSecureFrameElement, setSecureFrameVisible } from './iframe'
import {
  appType,
  EventsNotAborted,
  EventsWithoutLoadTimeout,
  EventsWithRequestTimeout,
  type AppEvent,
  type AppRequestPayload,
  type AppResponsePayload,
  type EmbeddedAccountType,
  type FrameChainId,
  type FrameErrorPayload,
  type FrameEventSchema,
  type FrameDevice,
  type FrameUser,
  type OAuthProvider,
  type DappData,
  type ThemeSync,
  type EmailConnectAction,
  type EmailUpdateAction,
  newMessageId,
} from './protocol'
import { isSafeRpcMethod, type AllowedRpcMethod, type RpcParams, type RpcResult } from './rpc'
import { validateAppMessage, validateFrameMessage, validateRpcParams, validateRpcResult } from './schemas/validate'

export type FrameLogger = {
  debug?: (message: string, details?: unknown) => void
  warn?: (message: string, details?: unknown) => void
  error?: (message: string, details?: unknown) => void
}

export type CreateFrameClientParameters = {
  /** The secure page's origin (`endpoints.secureFrame`), or its URL when not served at `/`. */
  secureOrigin: string
  projectId: string
  /** The chain the frame starts on. Default eip155:1 (SPEC §9). */
  chainId?: FrameChainId | undefined
  /** SDK version, e.g. 'react-0.1.0'; part of the frame's URL (SPEC §2). */
  version: string
  /** Where this client's own warnings go (invalid messages, subscriber errors). */
  logger?: FrameLogger | undefined
  /**
   * The iframe URL's logger flag (SPEC §2): asks the secure page to log to its console.
   * Default: on when a `logger` is given.
   */
  enableLogger?: boolean | undefined
  /** The document to put the iframe in. Default `globalThis.document`. */
  document?: Document | undefined
}

/** How one request ended, typed by its event: its reply's payload, or the error that ended it. */
export type SettledRequest = {
  [E in AppEvent]: { event: E; payload: AppRequestPayload<E>; outcome: { ok: true; value: AppResponsePayload<E> } | { ok: false; error: FrameError } }
}[AppEvent]

/** What `subscribe` reports. */
export type FrameClientEvent =
  | { type: 'ready' }
  | { type: 'invalidAppConfiguration'; error: FrameInvalidAppConfigurationError }
  | { type: 'accountChanged'; address: string; chainId: FrameChainId; accountType?: EmbeddedAccountType | undefined }
  | { type: 'chainChanged'; chainId: FrameChainId }
  | { type: 'sessionExpired' }
  | { type: 'approvalOpen' }
  | { type: 'approvalClose' }
  /** SPEC §8 timeouts "reported as iframe_load_failed or iframe_request_timeout". */
  | { type: 'loadFailed'; event: AppEvent; error: FrameLoadError }
  /** The frame said nothing for the whole load timeout while no request waited (issue 33): it is not there. */
  | { type: 'notLoaded'; error: FrameLoadError }
  | { type: 'requestTimedOut'; event: AppEvent; error: FrameRequestTimeoutError }
  /** A request ended, reported before its promise settles (the login cache rules read it). */
  | ({ type: 'settled' } & SettledRequest)

export type FrameClientStatus = 'loading' | 'ready' | 'invalid' | 'destroyed'

export type FrameRequestOptions = {
  /** Ends this request with the SPEC §8 abort message when aborted. */
  signal?: AbortSignal | undefined
}

export type FrameClient = {
  /** The iframe's address and the exact origin every message goes to and comes from. */
  readonly url: string
  readonly origin: string
  status(): FrameClientStatus
  /** Sends one app event and resolves with its typed success payload. */
  request<E extends AppEvent>(event: E, payload: AppRequestPayload<E>, options?: FrameRequestOptions): Promise<AppResponsePayload<E>>
  /** RPC_REQUEST with typed params and result. */
  rpcRequest<M extends AllowedRpcMethod>(method: M, params: RpcParams<M>, options?: FrameRequestOptions & { chainId?: FrameChainId | undefined }): Promise<RpcResult<M>>
  connectEmail(email: string, options?: FrameRequestOptions): Promise<{ action: EmailConnectAction }>
  connectDevice(otp: string, options?: FrameRequestOptions): Promise<{ action: 'VERIFY_OTP' }>
  connectOtp(otp: string, options?: FrameRequestOptions): Promise<{ user: FrameUser }>
  getSocialRedirectUri(provider: OAuthProvider, options?: FrameRequestOptions): Promise<{ uri: string }>
  connectSocial(payload: AppRequestPayload<'CONNECT_SOCIAL'>, options?: FrameRequestOptions): Promise<{ user: FrameUser }>
  getFarcasterUri(options?: FrameRequestOptions): Promise<{ url: string }>
  connectFarcaster(options?: FrameRequestOptions): Promise<{ user: FrameUser }>
  /** "Continue with a passkey": waits, without a request timeout, for the visitor in the frame's passkey prompt. */
  connectPasskey(payload?: AppRequestPayload<'CONNECT_PASSKEY'>, options?: FrameRequestOptions): Promise<{ user: FrameUser }>
  /** Adds a passkey to the signed-in wallet, in the frame's prompt. */
  addPasskey(options?: FrameRequestOptions): Promise<{ credentialId: string }>
  /** Opens the frame's "Export private key" prompt; resolves when the visitor closes it (4001 when cancelled). No key ever comes back. */
  exportPrivateKey(payload?: AppRequestPayload<'EXPORT_PRIVATE_KEY'>, options?: FrameRequestOptions): Promise<Record<string, never>>
  /** Opens the frame's second-factor settings; resolves when the visitor closes them. */
  manageSecondFactor(options?: FrameRequestOptions): Promise<Record<string, never>>
  /** Opens the frame's "Change your recovery"; resolves once a new recovery is saved (4001 when cancelled). */
  changeRecovery(options?: FrameRequestOptions): Promise<Record<string, never>>
  /** The signed-in visitor's devices (the session lives in the frame only). */
  getDevices(options?: FrameRequestOptions): Promise<{ devices: FrameDevice[] }>
  /** Removes another device of the visitor after the frame's own confirmation; 4001 when the visitor cancels. */
  removeDevice(id: string, options?: FrameRequestOptions): Promise<{ removed: true }>
  getUser(payload?: AppRequestPayload<'GET_USER'>, options?: FrameRequestOptions): Promise<{ user: FrameUser }>
  getChainId(options?: FrameRequestOptions): Promise<{ chainId: FrameChainId }>
  switchNetwork(chainId: FrameChainId, options?: FrameRequestOptions): Promise<{ chainId: FrameChainId }>
  updateEmail(email: string, options?: FrameRequestOptions): Promise<{ action: EmailUpdateAction }>
  updateEmailPrimaryOtp(otp: string, options?: FrameRequestOptions): Promise<{ action: 'VERIFY_SECONDARY_OTP' }>
  updateEmailSecondaryOtp(otp: string, options?: FrameRequestOptions): Promise<{ newEmail: string }>
  syncTheme(theme: ThemeSync, options?: FrameRequestOptions): Promise<void>
  syncDappData(data: DappData, options?: FrameRequestOptions): Promise<void>
  getSmartAccountEnabledNetworks(options?: FrameRequestOptions): Promise<{ smartAccountEnabledNetworks: number[] }>
  setPreferredAccount(type: EmbeddedAccountType, options?: FrameRequestOptions): Promise<{ type: EmbeddedAccountType; address: string }>
  signOut(options?: FrameRequestOptions): Promise<void>
  isConnected(options?: FrameRequestOptions): Promise<{ isConnected: boolean }>
  reload(options?: FrameRequestOptions): Promise<void>
  /** Listens to the frame's own events and to timeouts; returns the unsubscribe function. */
  subscribe(listener: (event: FrameClientEvent) => void): () => void
  /**
   * Rejects every pending request (SPEC §8): 'Request was aborted' for RPC requests,
   * 'Something went wrong' for others. Safe RPC methods (reads) and the farcaster URI
   * request are left pending (SPEC §8, §9).
   */
  abortPendingRequests(): void
  /** Shows or hides the iframe ("hidden until needed"); the frame asks for it with APPROVAL_OPEN / APPROVAL_CLOSE. */
  setVisible(visible: boolean): void
  /** Removes the iframe and its listener; pending requests are aborted, later ones fail with 'W3mFrame: iframe is not set'. */
  destroy(): void
}

type Pending = {
  id: string
  event: AppEvent
  method: string | undefined
  payload: unknown
  /** Posted to the frame (as opposed to waiting for it to be ready). */
  posted: boolean
  resolve: (value: unknown) => void
  reject: (error: FrameError) => void
  timers: ReturnType<typeof setTimeout>[]
  cleanup: () => void
}

/**
 * @example
 * const frame = createFrameClient({ secureOrigin: 'https://secure.example', projectId: 'shop', version: 'react-0.1.0' })
 * const { action } = await frame.connectEmail('ada@example.com') // 'VERIFY_OTP'
 * const { user } = await frame.connectOtp('042137')
 * const signature = await frame.rpcRequest('personal_sign', ['0x68656c6c6f', user.address as `0x${string}`])
 */
export function createFrameClient(parameters: CreateFrameClientParameters): FrameClient {
  const { projectId, version, logger } = parameters
  const document = parameters.document ?? globalThis.document
  const window = document.defaultView
  if (window === null) throw new FrameNotSetError({ details: 'The document has no window to host the iframe' })
  const { url, origin } = buildSecureFrameUrl({
    secureOrigin: parameters.secureOrigin,
    projectId,
    chainId: parameters.chainId ?? DEFAULT_CHAIN_ID,
    version,
    enableLogger: parameters.enableLogger ?? logger !== undefined,
  })
  const randomUUID = () => newMessageId(window.crypto)

  let iframe: HTMLIFrameElement | undefined = createSecureFrameElement(document, url)
  let status: FrameClientStatus = 'loading'
  /** The iframe did not say READY within the load timeout (the server down, no network). */
  let loadFailed = false
  let loadTimer: ReturnType<typeof setTimeout> | undefined
  /** A frame silent for the whole load timeout failed to load, whether or not a request waited for it. */
  const watchLoad = () => {
    if (loadTimer !== undefined) clearTimeout(loadTimer)
    loadTimer = setTimeout(() => {
      loadTimer = undefined
      if (status !== 'loading') return
      loadFailed = true
      emit({ type: 'notLoaded', error: new FrameLoadError({ details: `The secure frame at ${origin} did not say it was ready within ${Time.frameLoadTimeoutMs} ms` }) })
    }, Time.frameLoadTimeoutMs)
  }
  let invalid: FrameInvalidAppConfigurationError | undefined
  let readyTimer: ReturnType<typeof setTimeout> | undefined
  const readyWaiters = new Set<{ resolve: () => void; reject: (error: FrameError) => void }>()
  const pending = new Map<string, Pending>()
  const listeners = new Set<(event: FrameClientEvent) => void>()

  const emit = (event: FrameClientEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event)
      } catch (error) {
        logger?.error?.('frame: a subscriber threw', error)
      }
    }
  }

  const settle = (entry: Pending) => {
    pending.delete(entry.id)
    for (const timer of entry.timers) clearTimeout(timer)
    entry.cleanup()
  }
  const fail = (entry: Pending, error: FrameError) => {
    settle(entry)
    emit({ type: 'settled', event: entry.event, payload: entry.payload, outcome: { ok: false, error } } as FrameClientEvent)
    entry.reject(error)
  }

  const waitForReady = (entry: Pending): Promise<void> => {
    if (status === 'ready') return Promise.resolve()
    if (status === 'invalid' && invalid) return Promise.reject(invalid)
    if (status === 'destroyed') return Promise.reject(new FrameNotSetError())
    return new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const waiter = {
        resolve: () => {
          if (timer !== undefined) clearTimeout(timer)
          resolve()
        },
        reject: (error: FrameError) => {
          if (timer !== undefined) clearTimeout(timer)
          reject(error)
        },
      }
      readyWaiters.add(waiter)
      const previous = entry.cleanup
      entry.cleanup = () => {
        if (timer !== undefined) clearTimeout(timer)
        readyWaiters.delete(waiter)
        previous()
      }
      // SPEC §9: 20 000 ms to load, skipped for theme sync, dapp data sync and preferred account.
      if (!EventsWithoutLoadTimeout.includes(entry.event)) {
        timer = setTimeout(() => {
          readyWaiters.delete(waiter)
          if (status === 'loading') loadFailed = true
          const error = new FrameLoadError({ details: `The secure frame at ${origin} did not say it was ready within ${Time.frameLoadTimeoutMs} ms` })
          fail(entry, error)
          emit({ type: 'loadFailed', event: entry.event, error })
        }, Time.frameLoadTimeoutMs)
      }
    })
  }

  const post = (entry: Pending) => {
    // A removed iframe has no window to post to (some DOMs keep a stale one).
    const target = iframe?.isConnected ? iframe.contentWindow : null
    if (!target) throw new FrameNotSetError()
    const message = { id: entry.id, type: appType(entry.event), payload: entry.payload }
    target.postMessage(message, origin)
    entry.posted = true
    // SPEC §9: 30 000 ms for connect email, device, OTP, social and social redirect URI.
    if (EventsWithRequestTimeout.includes(entry.event)) {
      entry.timers.push(
        setTimeout(() => {
          const error = new FrameRequestTimeoutError({ details: `${entry.event} got no answer within ${Time.frameRequestTimeoutMs} ms` })
          fail(entry, error)
          emit({ type: 'requestTimedOut', event: entry.event, error })
        }, Time.frameRequestTimeoutMs),
      )
    }
  }

  /**
   * A frame that failed to load never will: its page is an error page that says nothing.
   * A new iframe at the same address loads the secure page afresh (issue 33), on the next
   * request or when the browser comes back online, whichever is first.
   */
  const reloadFailedFrame = () => {
    if (!loadFailed || status !== 'loading' || iframe === undefined) return
    loadFailed = false
    removeSecureFrameElement(iframe)
    iframe = createSecureFrameElement(document, url)
    watchLoad()
    logger?.debug?.('frame: the iframe failed to load; made again')
  }
  const onOnline = () => reloadFailedFrame()

  function request<E extends AppEvent>(event: E, payload: AppRequestPayload<E>, options: FrameRequestOptions = {}): Promise<AppResponsePayload<E>> {
    return new Promise<AppResponsePayload<E>>((resolve, reject) => {
      if (status === 'destroyed' || iframe === undefined) return reject(new FrameNotSetError())
      reloadFailedFrame()
      const id = randomUUID()
      // Validated before it leaves: a bad request fails here with a clear error, not in the frame.
      const checked = validateAppMessage({ id, type: appType(event), payload })
      if (!checked.ok) return reject(new FrameProtocolError(`Invalid ${event} request`, { details: checked.error }))
      let method: string | undefined
      if (event === 'RPC_REQUEST') {
        const rpc = payload as AppRequestPayload<'RPC_REQUEST'>
        const params = validateRpcParams(rpc.method, rpc.params)
        if (!params.ok) return reject(new FrameProtocolError(params.error.startsWith('RPC method') ? params.error : 'Invalid RPC params', { details: params.error, code: 'frame_error' }))
        method = rpc.method
      }
      const entry: Pending = {
        id,
        event,
        method,
        // A copy of what was validated: the caller may change its object before READY.
        payload: JSON.parse(JSON.stringify(payload)) as unknown,
        posted: false,
        resolve: resolve as (value: unknown) => void,
        reject,
        timers: [],
        cleanup: () => {},
      }
      const signal = options.signal
      if (signal !== undefined) {
        if (signal.aborted) return reject(new FrameAbortError(event))
        const onAbort = () => fail(entry, new FrameAbortError(event))
        signal.addEventListener('abort', onAbort, { once: true })
        entry.cleanup = () => signal.removeEventListener('abort', onAbort)
      }
      pending.set(id, entry)
      waitForReady(entry).then(
        () => {
          if (!pending.has(id)) return
          try {
            post(entry)
          } catch (error) {
            fail(entry, error instanceof FrameNotSetError ? error : new FrameNotSetError({ cause: error }))
          }
        },
        (error: FrameError) => {
          if (pending.has(id)) fail(entry, error)
        },
      )
    })
  }

  const onReady = (payload: FrameEventSchema['READY']) => {
    if (!payload.allowed) {
      status = 'invalid'
      invalid = new FrameInvalidAppConfigurationError(payload.reason)
      if (readyTimer !== undefined) clearTimeout(readyTimer)
      for (const waiter of [...readyWaiters]) waiter.reject(invalid)
      readyWaiters.clear()
      for (const entry of [...pending.values()]) fail(entry, invalid)
      emit({ type: 'invalidAppConfiguration', error: invalid })
      return
    }
    if (status === 'invalid') return
    loadFailed = false
    if (loadTimer !== undefined) clearTimeout(loadTimer)
    loadTimer = undefined
    // A second READY means the page reloaded: what it was asked before is lost.
    for (const entry of [...pending.values()]) if (entry.posted) fail(entry, new FrameAbortError(entry.event, { details: 'The secure frame reloaded' }))
    status = 'loading'
    if (readyTimer !== undefined) clearTimeout(readyTimer)
    // SPEC §4: "A ready event signals readiness, then the client waits 500 ms."
    readyTimer = setTimeout(() => {
      readyTimer = undefined
      if (status !== 'loading') return
      status = 'ready'
      for (const waiter of [...readyWaiters]) waiter.resolve()
      readyWaiters.clear()
      emit({ type: 'ready' })
    }, Time.framePostReadyDelayMs)
  }

  const onReply = (entry: Pending, kind: 'success' | 'error', payload: unknown) => {
    if (kind === 'error') {
      const error = new FrameRequestError(entry.event, payload as FrameErrorPayload)
      fail(entry, error)
      return
    }
    let value = payload
    if (entry.event === 'RPC_REQUEST' && entry.method !== undefined) {
      const result = (payload as AppResponsePayload<'RPC_REQUEST'>).result
      const checked = validateRpcResult(entry.method as AllowedRpcMethod, result)
      if (!checked.ok) {
        fail(entry, new FrameProtocolError('Invalid response from the embedded wallet', { details: checked.error }))
        return
      }
      value = result
    }
    settle(entry)
    emit({ type: 'settled', event: entry.event, payload: entry.payload, outcome: { ok: true, value: payload } } as FrameClientEvent)
    if (entry.event === 'RELOAD' && status === 'ready') status = 'loading'
    entry.resolve(value)
  }

  const onMessage = (event: MessageEvent) => {
    // Only the secure page, in this iframe: the origin alone would accept another
    // window of the same origin; the source alone would accept the iframe after it
    // navigated elsewhere.
    if (event.origin !== origin || iframe === undefined || event.source === null || event.source !== iframe.contentWindow) return
    const checked = validateFrameMessage(event.data)
    if (!checked.ok) {
      const entry = checked.id === undefined ? undefined : pending.get(checked.id)
      if (entry?.posted) fail(entry, new FrameProtocolError('Invalid response from the embedded wallet', { details: checked.error }))
      else logger?.warn?.('frame: ignored an invalid message', checked.error)
      return
    }
    const { parsed, message } = checked
    if (parsed.kind === 'event') {
      switch (parsed.event) {
        case 'READY':
          return onReady(message.payload as FrameEventSchema['READY'])
        case 'ACCOUNT_CHANGED': {
          const payload = message.payload as FrameEventSchema['ACCOUNT_CHANGED']
          return emit({ type: 'accountChanged', address: payload.address, chainId: payload.chainId, accountType: payload.type })
        }
        case 'CHAIN_CHANGED':
          return emit({ type: 'chainChanged', chainId: (message.payload as FrameEventSchema['CHAIN_CHANGED']).chainId })
        case 'SESSION_EXPIRED':
          return emit({ type: 'sessionExpired' })
        case 'APPROVAL_OPEN':
          setVisible(true)
          return emit({ type: 'approvalOpen' })
        case 'APPROVAL_CLOSE':
          setVisible(false)
          return emit({ type: 'approvalClose' })
      }
    }
    const entry = pending.get(message.id)
    if (entry === undefined || !entry.posted) {
      logger?.debug?.('frame: ignored a reply to no pending request', message.type)
      return
    }
    if (entry.event !== parsed.event) {
      fail(entry, new FrameProtocolError('Invalid response from the embedded wallet', { details: `${message.type} does not answer ${entry.event}` }))
      return
    }
    onReply(entry, parsed.kind, message.payload)
  }

  window.addEventListener('message', onMessage)
  window.addEventListener('online', onOnline)
  watchLoad()

  function setVisible(visible: boolean) {
    if (iframe !== undefined) setSecureFrameVisible(iframe, visible)
  }

  const abortPendingRequests = () => {
    for (const entry of [...pending.values()]) {
      if (EventsNotAborted.includes(entry.event)) continue
      if (entry.event === 'RPC_REQUEST' && isSafeRpcMethod(entry.method)) continue
      fail(entry, new FrameAbortError(entry.event))
    }
  }

  const destroy = () => {
    if (status === 'destroyed') return
    status = 'destroyed'
    window.removeEventListener('message', onMessage)
    window.removeEventListener('online', onOnline)
    if (loadTimer !== undefined) clearTimeout(loadTimer)
    if (readyTimer !== undefined) clearTimeout(readyTimer)
    for (const entry of [...pending.values()]) fail(entry, new FrameAbortError(entry.event, { details: 'The frame client was destroyed' }))
    for (const waiter of [...readyWaiters]) waiter.reject(new FrameNotSetError())
    readyWaiters.clear()
    if (iframe !== undefined) removeSecureFrameElement(iframe)
    iframe = undefined
    listeners.clear()
  }

  const none = {} as Record<string, never>
  const done = () => undefined

  return {
    url,
    origin,
    status: () => status,
    request,
    rpcRequest: (method, params, options = {}) =>
      request('RPC_REQUEST', { method, params, ...(options.chainId === undefined ? {} : { chainId: options.chainId }) }, options).then((result) => result as unknown as RpcResult<typeof method>),
    connectEmail: (email, options) => request('CONNECT_EMAIL', { email }, options),
    connectDevice: (otp, options) => request('CONNECT_DEVICE', { otp }, options),
    connectOtp: (otp, options) => request('CONNECT_OTP', { otp }, options),
    getSocialRedirectUri: (provider, options) => request('GET_SOCIAL_REDIRECT_URI', { provider }, options),
    connectSocial: (payload, options) => request('CONNECT_SOCIAL', payload, options),
    getFarcasterUri: (options) => request('GET_FARCASTER_URI', none, options),
    connectFarcaster: (options) => request('CONNECT_FARCASTER', none, options),
    connectPasskey: (payload = {}, options) => request('CONNECT_PASSKEY', payload, options),
    addPasskey: (options) => request('ADD_PASSKEY', none, options),
    exportPrivateKey: (payload = {}, options) => request('EXPORT_PRIVATE_KEY', payload, options),
    manageSecondFactor: (options) => request('MANAGE_SECOND_FACTOR', {}, options),
    changeRecovery: (options) => request('CHANGE_RECOVERY', {}, options),
    getDevices: (options) => request('GET_DEVICES', none, options),
    removeDevice: (id, options) => request('REMOVE_DEVICE', { id }, options),
    getUser: (payload = {}, options) => request('GET_USER', payload, options),
    getChainId: (options) => request('GET_CHAIN_ID', none, options),
    switchNetwork: (chainId, options) => request('SWITCH_NETWORK', { chainId }, options),
    updateEmail: (email, options) => request('UPDATE_EMAIL', { email }, options),
    updateEmailPrimaryOtp: (otp, options) => request('UPDATE_EMAIL_PRIMARY_OTP', { otp }, options),
    updateEmailSecondaryOtp: (otp, options) => request('UPDATE_EMAIL_SECONDARY_OTP', { otp }, options),
    syncTheme: (theme, options) => request('SYNC_THEME', theme, options).then(done),
    syncDappData: (data, options) => request('SYNC_DAPP_DATA', data, options).then(done),
    getSmartAccountEnabledNetworks: (options) => request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', none, options),
    setPreferredAccount: (type, options) => request('SET_PREFERRED_ACCOUNT', { type }, options),
    signOut: (options) => request('SIGN_OUT', none, options).then(done),
    isConnected: (options) => request('IS_CONNECTED', {}, options),
    reload: (options) => request('RELOAD', none, options).then(done),
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    abortPendingRequests,
    setVisible,
    destroy,
  }
}
