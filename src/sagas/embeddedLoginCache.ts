import { buffers, eventChannel, type EventChannel } from 'redux-saga'
import { take } from 'redux-saga/effects'
import { call } from './effects'
import type { FrameClientEvent, LoginCache } from '../frame'
import type { FrameChainId } from '../frame/protocol'
import { embeddedActions } from '../store/slices/embedded'
import { getSagaContext } from './context'
import type { EmbeddedHolder } from './embeddedFrame'

/** One change to the SPEC §3 cached login state, named after the LoginCache method that makes it. */
export type LoginCacheChange =
  | { type: 'emailCodeSent'; time: number }
  | { type: 'loginSucceeded'; login: Parameters<LoginCache['loginSucceeded']>[0] }
  | { type: 'chainChanged'; chainId: FrameChainId }
  | { type: 'emailChanged'; email: string }
  | { type: 'connectionEnded' }
  | { type: 'smartAccountNetworksLoaded'; networks: number[] }
  | { type: 'smartAccountNetworksFailed' }

/** What the rules remember between frame events: the email of the last CONNECT_EMAIL. */
export type LoginCacheMemory = { loginEmail: string | undefined }

/**
 * SPEC §4 login cache rules, as a pure function of one frame client event: the changes to
 * make, and what to remember for the next event. `now` is the time a code was sent.
 */
export function loginCacheRules(memory: LoginCacheMemory, event: FrameClientEvent, now: number): { memory: LoginCacheMemory; changes: LoginCacheChange[] } {
  const unchanged = (changes: LoginCacheChange[] = []) => ({ memory, changes })
  if (event.type === 'chainChanged') return unchanged([{ type: 'chainChanged', chainId: event.chainId }])
  if (event.type === 'sessionExpired') return unchanged([{ type: 'connectionEnded' }])
  if (event.type !== 'settled') return unchanged()
  switch (event.event) {
    case 'CONNECT_EMAIL': {
      const next = { loginEmail: event.payload.email }
      if (!event.outcome.ok) return { memory: next, changes: [] }
      // CONNECT: this device's session for the address is live, which is a login.
      const change: LoginCacheChange = event.outcome.value.action === 'CONNECT' ? { type: 'loginSucceeded', login: { email: next.loginEmail } } : { type: 'emailCodeSent', time: now }
      return { memory: next, changes: [change] }
    }
    case 'CONNECT_OTP':
    case 'CONNECT_SOCIAL':
    case 'CONNECT_FARCASTER':
    case 'CONNECT_PASSKEY': {
      if (!event.outcome.ok) return unchanged()
      const { user } = event.outcome.value
      // Only the email code proves the address asked for; other logins name their own.
      const email = user.email ?? (event.event === 'CONNECT_OTP' ? memory.loginEmail : undefined)
      return unchanged([{ type: 'loginSucceeded', login: { email, socialUsername: user.userName, chainId: user.chainId } }])
    }
    case 'GET_USER':
      return unchanged(event.outcome.ok ? [{ type: 'chainChanged', chainId: event.outcome.value.user.chainId }] : [])
    case 'SWITCH_NETWORK':
      return unchanged(event.outcome.ok ? [{ type: 'chainChanged', chainId: event.outcome.value.chainId }] : [])
    case 'UPDATE_EMAIL_SECONDARY_OTP':
      return unchanged(event.outcome.ok ? [{ type: 'emailChanged', email: event.outcome.value.newEmail }] : [])
    case 'SIGN_OUT':
      // Disconnecting clears the cache whether or not the frame could sign out.
      return unchanged([{ type: 'connectionEnded' }])
    case 'IS_CONNECTED':
      // SPEC §4 "a failed or negative connection check", read as the server's answer:
      // only `isConnected: false` says the session is gone. A check that fails (the
      // frame did not load, the server or the network did not answer) says nothing
      // about the session, so the cache stays for the next check (docs/embedded-wallet.md).
      return unchanged(event.outcome.ok && !event.outcome.value.isConnected ? [{ type: 'connectionEnded' }] : [])
    case 'GET_SMART_ACCOUNT_ENABLED_NETWORKS':
      return unchanged([event.outcome.ok ? { type: 'smartAccountNetworksLoaded', networks: event.outcome.value.smartAccountEnabledNetworks } : { type: 'smartAccountNetworksFailed' }])
    default:
      return unchanged()
  }
}

/** Makes the changes on the cache, in order. */
export function applyLoginCacheChanges(cache: LoginCache, changes: readonly LoginCacheChange[]): void {
  for (const change of changes) {
    switch (change.type) {
      case 'emailCodeSent':
        cache.emailCodeSent(change.time)
        break
      case 'loginSucceeded':
        cache.loginSucceeded(change.login)
        break
      case 'chainChanged':
        cache.chainChanged(change.chainId)
        break
      case 'emailChanged':
        cache.emailChanged(change.email)
        break
      case 'connectionEnded':
        cache.connectionEnded()
        break
      case 'smartAccountNetworksLoaded':
        cache.smartAccountNetworksLoaded(change.networks)
        break
      case 'smartAccountNetworksFailed':
        cache.smartAccountNetworksFailed()
        break
    }
  }
}

/**
 * Keeps the SPEC §3 cached login state in step with the frame: each event the frame
 * client reports (a request settled, the chain changed, the session expired) goes
 * through `loginCacheRules`, and the changes are made on the saga context's cache.
 */
export function* loginCacheSaga(holder: EmbeddedHolder) {
  while (!holder.frame) yield take(embeddedActions.frameStatusChanged.type)
  const { client } = holder.frame
  const context = yield* call(getSagaContext)
  const cache = context.loginCache
  if (cache === undefined) return
  // The saga waits on nothing else, so each event is handled as the client reports it,
  // before the promise of the request it ends settles.
  const channel: EventChannel<FrameClientEvent> = eventChannel((emit) => client.subscribe(emit), buffers.expanding(16))
  let memory: LoginCacheMemory = { loginEmail: undefined }
  try {
    while (true) {
      const event = (yield take(channel)) as FrameClientEvent
      const result = loginCacheRules(memory, event, context.now())
      memory = result.memory
      try {
        applyLoginCacheChanges(cache, result.changes)
      } catch (error) {
        context.diagnostics?.log?.record('warn', 'frame', `frame: the login cache could not be updated (${error instanceof Error ? error.message : String(error)})`)
      }
    }
  } finally {
    channel.close()
  }
}
