import { buffers, eventChannel, type EventChannel } from 'redux-saga'
import { all, call as callEffect, cancelled, fork, put, take } from 'redux-saga/effects'
import { call, select } from './effects'
import { SDK_TYPE, SDK_VERSION } from '../config/defaults'
import type { FrameClient, FrameClientEvent } from '../frame'
import type { ThemeSync } from '../frame/protocol'
import { FrameLoadError, FrameNotSetError } from '../frame/errors'
import type { PorticoState } from '../store/rootReducer'
import { alertsActions } from '../store/slices/alerts'
import { embeddedActions } from '../store/slices/embedded'
import { getSagaContext, type EmbeddedFrame } from './context'
import { lazyState } from '../store/lazyState'
import { ConnectorNotFoundError } from '../errors'
import type { EmbeddedWallet, NamespacePlugin } from '../plugins/types'
import type { ConnectorInfo } from '../types/connector'
import type { EmbeddedFrameUser } from '../types/embeddedTransport'
import type { CaipNetwork } from '../types/network'

/**
 * What the embedded-wallet sagas share while Portico runs: the live frame (once loaded),
 * the wallet each namespace's plugin built over it (`embedded.createWallet`) and the
 * detach function per namespace it is attached to. Never in the store.
 */
export type EmbeddedHolder = {
  frame: EmbeddedFrame | undefined
  wallets: Map<string, EmbeddedWallet>
  attached: Map<string, () => void>
}

export const createEmbeddedHolder = (): EmbeddedHolder => ({ frame: undefined, wallets: new Map(), attached: new Map() })

/**
 * The plugin's wallet over the frame for its namespace (built once per frame) and, after
 * `setUser`, attached to the plugin as `info`'s connector in place of any earlier one.
 */
export async function attachEmbeddedWallet(
  holder: EmbeddedHolder,
  frame: EmbeddedFrame,
  plugin: NamespacePlugin,
  parameters: { info: ConnectorInfo; networks: readonly CaipNetwork[]; user: EmbeddedFrameUser },
) {
  const { embedded, connectors, namespace } = plugin
  if (!embedded || !connectors?.attach) throw new ConnectorNotFoundError({ details: `The ${namespace} plugin takes no embedded wallet` })
  let wallet = holder.wallets.get(namespace)
  if (!wallet) {
    wallet = await (await embedded.load()).createWallet({ transport: frame.transport, networks: parameters.networks, name: parameters.info.name })
    holder.wallets.set(namespace, wallet)
  }
  wallet.setUser(parameters.user)
  holder.attached.get(namespace)?.()
  holder.attached.set(namespace, connectors.attach({ info: parameters.info, provider: wallet.provider }))
}

/**
 * The frame, loaded on first use through the saga context (the `src/frame` chunk and the
 * hidden iframe are created then, not before). The first load marks the frame 'loading',
 * which starts `frameWatcherSaga`. A chunk that cannot load is SPEC §8's "Network Error -
 * Could not load embedded wallet".
 */
export function* loadFrame(holder: EmbeddedHolder): Generator<unknown, EmbeddedFrame, unknown> {
  if (holder.frame) return holder.frame
  const context = yield* call(getSagaContext)
  if (!context.frame) throw new FrameNotSetError({ details: 'The embedded wallet needs a browser window, a projectId and email or socials enabled' })
  let frame: EmbeddedFrame
  try {
    frame = yield* call(context.frame)
  } catch (error) {
    yield put(embeddedActions.frameStatusChanged('failed'))
    yield put(alertsActions.alertRaised('embeddedWalletLoadFailed'))
    throw new FrameLoadError({ cause: error, details: 'The embedded wallet code could not be loaded' })
  }
  // Two sagas may have asked at once; the loader hands both the same frame.
  if (!holder.frame) {
    holder.frame = frame
    yield put(embeddedActions.frameStatusChanged(frame.client.status() === 'ready' ? 'ready' : 'loading'))
  }
  return holder.frame
}

/**
 * Calls the frame with an AbortSignal that fires when the calling saga is cancelled
 * (a newer submit, the modal closed): SPEC §8 "the pending request is aborted".
 */
export function* callFrame<T>(run: (signal: AbortSignal) => Promise<T>): Generator<unknown, T, unknown> {
  const controller = new AbortController()
  try {
    return yield* call(run, controller.signal)
  } finally {
    if ((yield cancelled()) as boolean) controller.abort()
  }
}

/**
 * Mirrors the frame into the store once it exists (SPEC §4 iframe lifecycle: created,
 * then ready; the client waits the 500 ms after READY before it reports `ready`) and
 * turns its reports into the SPEC §8 alerts: iframe_load_failed, iframe_request_timeout,
 * Invalid App Configuration / Invalid Project ID, Session Expired. When ready, the
 * dapp's data and theme are synced to the frame.
 */
export function* frameWatcherSaga(holder: EmbeddedHolder) {
  while (!holder.frame) yield take(embeddedActions.frameStatusChanged.type)
  const { client } = holder.frame
  const channel: EventChannel<FrameClientEvent> = eventChannel((emit) => client.subscribe(emit), buffers.expanding(16))
  try {
    // READY may have come (and gone) before this subscription.
    if (client.status() === 'ready') yield* onReady(client)
    while (true) {
      const event = (yield take(channel)) as FrameClientEvent
      switch (event.type) {
        case 'ready':
          yield* onReady(client)
          break
        case 'invalidAppConfiguration':
          yield put(embeddedActions.frameStatusChanged('failed'))
          yield put(alertsActions.alertRaised(event.error.reason === 'invalid_project' ? 'invalidProjectId' : 'invalidAppConfiguration'))
          break
        case 'loadFailed':
          yield put(embeddedActions.frameStatusChanged('failed'))
          yield put(alertsActions.alertRaised('embeddedWalletLoadFailed'))
          break
        case 'notLoaded':
          // Nothing was asked yet, so no alert: the status says it, and the next request
          // (or the browser coming back online) makes the frame again.
          yield put(embeddedActions.frameStatusChanged('failed'))
          break
        case 'requestTimedOut':
          yield put(alertsActions.alertRaised('embeddedWalletRequestTimedOut'))
          break
        case 'sessionExpired':
          // The provider reports the disconnect to the plugin's watcher, which resets the account.
          yield put(alertsActions.alertRaised('sessionExpired'))
          break
        default:
          // accountChanged / chainChanged reach the store through the provider's events;
          // approvalOpen / approvalClose are handled by the client (it shows the iframe).
          break
      }
    }
  } finally {
    channel.close()
  }
}

/** Run inline (`yield*`) so the sync is forked by the watcher itself, which it must not wait for. */
function* onReady(client: FrameClient): Generator<unknown, void, unknown> {
  const state = yield* select()
  if (lazyState(state, 'embedded').frameStatus !== 'ready') yield put(embeddedActions.frameStatusChanged('ready'))
  yield fork(syncFrame, client)
}

/** SPEC §3 dapp data and theme sync; best effort (the frame works without them). */
function* syncFrame(client: FrameClient) {
  const context = yield* call(getSagaContext)
  const state = yield* select()
  const { metadata, projectId } = context.config
  try {
    yield all([
      callEffect(client.syncDappData, {
        ...(metadata.name ? { metadata: { name: metadata.name, description: metadata.description, url: metadata.url, icons: [...metadata.icons] } } : {}),
        sdkVersion: SDK_VERSION,
        sdkType: SDK_TYPE,
        projectId: projectId ?? '',
      }),
      callEffect(client.syncTheme, frameTheme(state)),
    ])
  } catch {
    // Theme and dapp name are cosmetic in the frame; a refusal changes nothing here.
  }
}

/** The frame protocol's rule for a theme variable (frame/schemas/definitions.ts SYNC_THEME). */
const FRAME_VARIABLE_NAME = /^--[a-z0-9-]{1,64}$/

/**
 * SPEC §3 theme sync payload: the mode and the dapp's `themeVariables`, so the secure
 * page's prompt looks like the modal. A variable the protocol would refuse (a name or
 * value it does not allow) is left out rather than losing the whole sync.
 */
export function frameTheme(state: PorticoState): ThemeSync {
  const themeVariables: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(state.options.themeVariables)) {
    if (!FRAME_VARIABLE_NAME.test(name)) continue
    if (typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.length <= 256) themeVariables[name] = value
  }
  return { themeMode: state.options.themeMode, themeVariables }
}
