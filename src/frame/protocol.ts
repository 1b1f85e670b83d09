/**
 * The typed message protocol between the app (the dapp's page, `src/frame/client.ts`)
 * and the secure frame (`secure/`, a hidden iframe on its own origin): SPEC §3
 * "Payloads between the app and the iframe" and SPEC §7 "Iframe window messages".
 *
 * Every message is `{ id, type, payload }`:
 * - `id` is a `crypto.randomUUID()`; a reply carries the id of the request it answers
 *   (SPEC §4 "each is matched to its response by a random id");
 * - `type` names the direction: `@portico-app/X` is sent by the app, `@portico-frame/X`
 *   by the frame. Each app event `X` is answered by exactly one `@portico-frame/X_SUCCESS`
 *   or `@portico-frame/X_ERROR` (SPEC §4 "A success or error event ends it");
 * - `payload` has a JSON schema per type (`schemas/definitions.ts`), compiled ahead of
 *   time into `schemas/validators.generated.js`. Both sides validate every message they
 *   send and receive; an invalid one is rejected, never passed on with a warning.
 *
 * docs/frame-protocol.md is the prose version of this file.
 */
import type { EmbeddedAccountType } from '../validation/accountType'
import type { OAuthProvider } from '../config/constants'
import type { ThemeMode } from '../validation/themeMode'
import type { EmbeddedDevice } from '../types/user'
import type { AllowedRpcMethod, JsonValue, RpcParams, RpcResult } from './rpc'

export type { EmbeddedAccountType, OAuthProvider, ThemeMode }

/** Prefix of every message the app sends. */
export const APP_PREFIX = '@portico-app/'
/** Prefix of every message the frame sends. */
export const FRAME_PREFIX = '@portico-frame/'

/** SPEC §7: the app's events, in the SPEC's order (plus the social redirect URI of SPEC §9). */
export const AppEvents = [
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'GET_SOCIAL_REDIRECT_URI',
  'CONNECT_SOCIAL',
  'GET_FARCASTER_URI',
  'CONNECT_FARCASTER',
  'CONNECT_PASSKEY',
  'ADD_PASSKEY',
  'EXPORT_PRIVATE_KEY',
  'MANAGE_SECOND_FACTOR',
  'CHANGE_RECOVERY',
  'GET_DEVICES',
  'REMOVE_DEVICE',
  'GET_USER',
  'GET_CHAIN_ID',
  'SWITCH_NETWORK',
  'RPC_REQUEST',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'SET_PREFERRED_ACCOUNT',
  'SIGN_OUT',
  'IS_CONNECTED',
  'RELOAD',
] as const
export type AppEvent = (typeof AppEvents)[number]

/**
 * Events the frame sends on its own (not replies):
 * - READY: the page has loaded and checked its parent's origin against the project's
 *   allow list; `allowed: false` is the Invalid App Configuration condition (SPEC §6).
 * - ACCOUNT_CHANGED / CHAIN_CHANGED: the wallet's address or chain changed.
 * - SESSION_EXPIRED: the server refused the session (SPEC §8 alert "Session Expired").
 * - APPROVAL_OPEN / APPROVAL_CLOSE: the frame shows (hides) its approval prompt for a
 *   signing request, so the app makes the iframe visible ("hidden until needed").
 */
export const FrameEvents = ['READY', 'ACCOUNT_CHANGED', 'CHAIN_CHANGED', 'SESSION_EXPIRED', 'APPROVAL_OPEN', 'APPROVAL_CLOSE'] as const
export type FrameEvent = (typeof FrameEvents)[number]

/** SPEC §9: these app events wait for the frame without the 20 000 ms load timeout. */
export const EventsWithoutLoadTimeout: readonly AppEvent[] = ['SYNC_THEME', 'SYNC_DAPP_DATA', 'SET_PREFERRED_ACCOUNT']

/** SPEC §9: these app events time out after 30 000 ms ("connect email, device, OTP, social and social redirect URI"). */
export const EventsWithRequestTimeout: readonly AppEvent[] = ['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP', 'CONNECT_SOCIAL', 'GET_SOCIAL_REDIRECT_URI']

/** SPEC §8: an aborted request fails with a message, "except a farcaster URI request", which stays pending. */
export const EventsNotAborted: readonly AppEvent[] = ['GET_FARCASTER_URI']

/** CAIP-2 id (`eip155:1`, `solana:5eyk…`) or an EVM chain id as a number. */
export type FrameChainId = string | number

/** SPEC §4 "Email connect: returns an action of VERIFY_DEVICE, VERIFY_OTP or CONNECT". */
export type EmailConnectAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'
/** SPEC §4 "Email update: returns VERIFY_PRIMARY_OTP or VERIFY_SECONDARY_OTP". */
export type EmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/** SPEC §3 Embedded-wallet User, as the frame reports it. */
export type FrameUser = {
  email?: string | null
  address: string
  chainId: FrameChainId
  accounts?: { address: string; type: EmbeddedAccountType }[]
  userName?: string
  smartAccountDeployed?: boolean
  preferredAccountType?: EmbeddedAccountType
  /**
   * The user's address in each namespace the frame holds a key for: the same user has an
   * EVM address (secp256k1) and a Solana address (ed25519). `address` is the one of the
   * chain in effect; this lists both, so the app connects each namespace's plugin.
   */
  addresses?: FrameUserAddresses
}

/** One device of the signed-in user, as the frame lists them (src/shared/devicesApi.ts). */
export type FrameDevice = EmbeddedDevice

/** The signed-in user's address per namespace (`eip155`: 0x…, `solana`: base58). */
export type FrameUserAddresses = { eip155?: string; solana?: string }

/** SPEC §3 Dapp data: metadata (name, description, url, icons), sdkVersion, sdkType, projectId. */
export type DappData = {
  metadata?: { name: string; description: string; url: string; icons: string[] }
  sdkVersion: string
  sdkType: string
  projectId: string
}

/** SPEC §3 Theme sync: themeMode (light or dark), themeVariables, w3mThemeVariables. */
export type ThemeSync = {
  themeMode: ThemeMode
  themeVariables?: Record<string, string | number>
  w3mThemeVariables?: Record<string, string>
}

/** What the app sends in an RPC_REQUEST; `chainId` defaults to the frame's current chain. */
export type RpcRequestPayload<M extends AllowedRpcMethod = AllowedRpcMethod> = { method: M; params?: RpcParams<M>; chainId?: FrameChainId }

type Empty = Record<string, never>

/** Request payload and success payload of each app event. */
export type AppEventSchema = {
  /** SPEC §3 "Connect-email: email". */
  CONNECT_EMAIL: { request: { email: string }; response: { action: EmailConnectAction } }
  /** The code from the new-device email (the server's device verification). */
  CONNECT_DEVICE: { request: { otp: string }; response: { action: 'VERIFY_OTP' } }
  /** SPEC §3 "OTP: otp". */
  CONNECT_OTP: { request: { otp: string }; response: { user: FrameUser } }
  /** SPEC §3 "Social provider: one of google, github, apple, facebook, x, discord". */
  GET_SOCIAL_REDIRECT_URI: { request: { provider: OAuthProvider }; response: { uri: string } }
  /** SPEC §3 "Social URI: uri". */
  CONNECT_SOCIAL: { request: { uri: string; preferredAccountType?: EmbeddedAccountType; chainId?: FrameChainId }; response: { user: FrameUser } }
  /** SPEC §3 "Farcaster URI: url". */
  GET_FARCASTER_URI: { request: Empty; response: { url: string } }
  CONNECT_FARCASTER: { request: Empty; response: { user: FrameUser } }
  /**
   * "Continue with a passkey" (issue 32): the frame shows its passkey prompt and runs the
   * WebAuthn ceremony after the visitor's click there (sign-up or login), answering as a login.
   */
  CONNECT_PASSKEY: { request: { chainId?: FrameChainId }; response: { user: FrameUser } }
  /** The signed-in visitor adds a passkey to their wallet, in the frame's prompt. */
  ADD_PASSKEY: { request: Empty; response: { credentialId: string } }
  /**
   * "Export private key" (issue 32): the frame shows its export prompt (a step-up, then the
   * key, in the frame only). It answers once the visitor closes it; a cancel before the key
   * was shown is 4001. Nothing about the key is ever in a message.
   */
  EXPORT_PRIVATE_KEY: { request: { namespace?: 'eip155' | 'solana' }; response: Empty }
  /**
   * The second-factor settings (issue 32): the frame shows its own prompt (an authenticator
   * app by QR code and first code, or the passkey as a second factor) and answers once the
   * visitor closes it. Nothing about the factor is ever in a message.
   */
  MANAGE_SECOND_FACTOR: { request: Empty; response: Empty }
  /**
   * "Change recovery" (issue 32): the frame asks for a new recovery password or passkey and
   * seals a new recovery of every wallet this device holds; the old one stops opening them.
   * Answers once saved; a cancel is 4001. Nothing about the factor is ever in a message.
   */
  CHANGE_RECOVERY: { request: Empty; response: Empty }
  /** The signed-in visitor's devices (issue 32): the frame asks the server with its session. */
  GET_DEVICES: { request: Empty; response: { devices: FrameDevice[] } }
  /**
   * Removes one of the visitor's other devices: the frame shows its own confirmation
   * (Cancel → 4001) and then asks the server, which deletes that device's key shares.
   */
  REMOVE_DEVICE: { request: { id: string }; response: { removed: true } }
  GET_USER: { request: { chainId?: FrameChainId; preferredAccountType?: EmbeddedAccountType }; response: { user: FrameUser } }
  GET_CHAIN_ID: { request: Empty; response: { chainId: FrameChainId } }
  /** SPEC §3 "Switch-network: chainId". */
  SWITCH_NETWORK: { request: { chainId: FrameChainId }; response: { chainId: FrameChainId } }
  RPC_REQUEST: { request: RpcRequestPayload; response: { result: JsonValue } }
  UPDATE_EMAIL: { request: { email: string }; response: { action: EmailUpdateAction } }
  UPDATE_EMAIL_PRIMARY_OTP: { request: { otp: string }; response: { action: 'VERIFY_SECONDARY_OTP' } }
  /** SPEC §4 "The secondary step returns newEmail". */
  UPDATE_EMAIL_SECONDARY_OTP: { request: { otp: string }; response: { newEmail: string } }
  SYNC_THEME: { request: ThemeSync; response: Empty }
  SYNC_DAPP_DATA: { request: DappData; response: Empty }
  /** SPEC §3 "Smart-account-enabled networks: list of numbers". */
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { request: Empty; response: { smartAccountEnabledNetworks: number[] } }
  /** SPEC §3 "Preferred account: type". The reply names the type in effect. */
  SET_PREFERRED_ACCOUNT: { request: { type: EmbeddedAccountType }; response: { type: EmbeddedAccountType; address: string } }
  SIGN_OUT: { request: Empty; response: Empty }
  /** SPEC §3 "Is-connected: optional token, returns isConnected". */
  IS_CONNECTED: { request: { token?: string }; response: { isConnected: boolean } }
  RELOAD: { request: Empty; response: Empty }
}

export type AppRequestPayload<E extends AppEvent> = AppEventSchema[E]['request']
export type AppResponsePayload<E extends AppEvent> = AppEventSchema[E]['response']

/** SPEC §7 "an error event carries a message"; `code` is a JSON-RPC / wallet code or a server code. */
export type FrameErrorPayload = {
  message?: string
  code?: number | string
  /** Seconds until a cooldown or rate limit ends (SPEC §5 'Please try again after {n} seconds'). */
  retryAfter?: number
}

export type FrameEventSchema = {
  READY: { version: string; allowed: true } | { version: string; allowed: false; reason: 'origin_not_allowed' | 'invalid_project' }
  ACCOUNT_CHANGED: { address: string; chainId: FrameChainId; type?: EmbeddedAccountType }
  CHAIN_CHANGED: { chainId: FrameChainId }
  SESSION_EXPIRED: Empty
  APPROVAL_OPEN: Empty
  APPROVAL_CLOSE: Empty
}

export type AppMessage<E extends AppEvent = AppEvent> = E extends AppEvent ? { id: string; type: `${typeof APP_PREFIX}${E}`; payload: AppRequestPayload<E> } : never

export type FrameSuccessMessage<E extends AppEvent = AppEvent> = E extends AppEvent ? { id: string; type: `${typeof FRAME_PREFIX}${E}_SUCCESS`; payload: AppResponsePayload<E> } : never
export type FrameErrorMessage<E extends AppEvent = AppEvent> = E extends AppEvent ? { id: string; type: `${typeof FRAME_PREFIX}${E}_ERROR`; payload: FrameErrorPayload } : never
export type FrameEventMessage<F extends FrameEvent = FrameEvent> = F extends FrameEvent ? { id: string; type: `${typeof FRAME_PREFIX}${F}`; payload: FrameEventSchema[F] } : never
/** Everything the frame may send. */
export type FrameMessage = FrameSuccessMessage | FrameErrorMessage | FrameEventMessage

/** Typed RPC result of a request: what `client.rpcRequest(method)` resolves to. */
export type RpcResponse<M extends AllowedRpcMethod> = RpcResult<M>

/** Wire type of an app event. @example appType('CONNECT_EMAIL') // '@portico-app/CONNECT_EMAIL' */
export function appType<E extends AppEvent>(event: E): `${typeof APP_PREFIX}${E}` {
  return `${APP_PREFIX}${event}`
}

/** @example successType('CONNECT_EMAIL') // '@portico-frame/CONNECT_EMAIL_SUCCESS' */
export function successType<E extends AppEvent>(event: E): `${typeof FRAME_PREFIX}${E}_SUCCESS` {
  return `${FRAME_PREFIX}${event}_SUCCESS`
}

/** @example errorType('CONNECT_EMAIL') // '@portico-frame/CONNECT_EMAIL_ERROR' */
export function errorType<E extends AppEvent>(event: E): `${typeof FRAME_PREFIX}${E}_ERROR` {
  return `${FRAME_PREFIX}${event}_ERROR`
}

/** @example frameEventType('READY') // '@portico-frame/READY' */
export function frameEventType<F extends FrameEvent>(event: F): `${typeof FRAME_PREFIX}${F}` {
  return `${FRAME_PREFIX}${event}`
}

const appEventSet = new Set<string>(AppEvents)
const frameEventSet = new Set<string>(FrameEvents)

/** What a frame message's `type` means: a reply to an app event, or one of the frame's own events. */
export type ParsedFrameType = { kind: 'success' | 'error'; event: AppEvent } | { kind: 'event'; event: FrameEvent }

/**
 * @example
 * parseFrameType('@portico-frame/GET_USER_SUCCESS') // { kind: 'success', event: 'GET_USER' }
 * parseFrameType('@portico-frame/READY')            // { kind: 'event', event: 'READY' }
 * parseFrameType('@portico-app/GET_USER')           // undefined
 */
export function parseFrameType(type: unknown): ParsedFrameType | undefined {
  if (typeof type !== 'string' || !type.startsWith(FRAME_PREFIX) || type.length > 100) return undefined
  const name = type.slice(FRAME_PREFIX.length)
  if (frameEventSet.has(name)) return { kind: 'event', event: name as FrameEvent }
  for (const [suffix, kind] of [
    ['_SUCCESS', 'success'],
    ['_ERROR', 'error'],
  ] as const) {
    if (name.endsWith(suffix)) {
      const event = name.slice(0, -suffix.length)
      if (appEventSet.has(event)) return { kind, event: event as AppEvent }
    }
  }
  return undefined
}

/** @example parseAppType('@portico-app/SIGN_OUT') // 'SIGN_OUT' */
export function parseAppType(type: unknown): AppEvent | undefined {
  if (typeof type !== 'string' || !type.startsWith(APP_PREFIX) || type.length > 100) return undefined
  const name = type.slice(APP_PREFIX.length)
  return appEventSet.has(name) ? (name as AppEvent) : undefined
}

/**
 * A fresh message id (SPEC §4 "a random id"): a version-4 UUID from the Web Crypto API.
 * `crypto.randomUUID` exists only in secure contexts, and a dapp tried on a phone over
 * `http://192.168.…` is not one, so the same UUID is built from `getRandomValues` (which
 * every context has) when it is missing.
 *
 * @example
 * newMessageId() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function newMessageId(cryptoSource: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = globalThis.crypto): string {
  if (typeof cryptoSource.randomUUID === 'function') return cryptoSource.randomUUID()
  const bytes = cryptoSource.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40 // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80 // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
