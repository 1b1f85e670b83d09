/**
 * The passkey popup (issue 32, docs/security.md "Passkeys in a frame, and the popup"): where
 * a browser refuses WebAuthn in the cross-origin frame, the frame opens the secure page
 * itself in a popup (`?passkeyPopup=1`), which runs the ceremony (the recovery's PRF
 * assertion, a new passkey, or a login assertion) from the visitor's click there, on the
 * secure origin, and answers the frame.
 *
 * Both sides speak only to their own origin: every postMessage names the secure origin as
 * its target (never '*'), and every message read must come from that origin AND from the
 * expected window (the popup from its opener; the frame from the popup it opened), with
 * the exact shape below. A popup opened by any other page (a dapp opening the URL itself)
 * never hears a request: its opener is not on the secure origin, so its READY is not
 * delivered and nothing it is sent passes the origin check.
 */
import { fromBase64, toBase64 } from './custody/bytes'
import { passkeyCancelled, PasskeyErrorCodes, type PrfAnswer, type PasskeyCeremonies } from './passkeyPrf'
import { ReplyError } from './replyError'

export const POPUP_QUERY = 'passkeyPopup'
export const PopupMessages = { ready: 'PORTICO_PASSKEY_POPUP_READY', request: 'PORTICO_PASSKEY_POPUP_REQUEST', result: 'PORTICO_PASSKEY_POPUP_RESULT' } as const

type RequestBody = { ceremony: 'assert-prf'; credentialIds: string[]; prfInput: string } | { ceremony: 'register' | 'authenticate'; options: Record<string, unknown> }
type ResultBody = { ok: true; credentialId: string; prfOutput?: string } | { ok: true; response: Record<string, unknown> } | { ok: false; error: string }
type PopupRequest = { type: typeof PopupMessages.request; id: string } & RequestBody
type PopupResult = { type: typeof PopupMessages.result; id: string } & ResultBody

/** A message event as both sides see it. */
export type PopupEvent = { origin: string; source: unknown; data: unknown }

const MAX_CREDENTIALS = 32
const MAX_JSON_CHARS = 16_384
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1400}$/
const ID = /^[A-Za-z0-9-]{1,64}$/
const ERROR_NAME = /^[A-Za-z]{1,40}$/

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const smallJson = (value: unknown) => {
  try {
    return JSON.stringify(value).length <= MAX_JSON_CHARS
  } catch {
    return false
  }
}
const isBase64 = (value: unknown, maxBytes: number) => {
  if (typeof value !== 'string') return false
  try {
    return fromBase64(value).length <= maxBytes
  } catch {
    return false
  }
}

/** The request's exact shape, or undefined. */
export function readPopupRequest(data: unknown): PopupRequest | undefined {
  if (!isRecord(data) || data.type !== PopupMessages.request || typeof data.id !== 'string' || !ID.test(data.id)) return undefined
  if (data.ceremony === 'assert-prf') {
    const { credentialIds, prfInput } = data
    if (!Array.isArray(credentialIds) || credentialIds.length === 0 || credentialIds.length > MAX_CREDENTIALS) return undefined
    if (!credentialIds.every((id) => typeof id === 'string' && CREDENTIAL_ID.test(id)) || !isBase64(prfInput, 256)) return undefined
    return { type: data.type, id: data.id, ceremony: 'assert-prf', credentialIds: credentialIds as string[], prfInput: prfInput as string }
  }
  if ((data.ceremony === 'register' || data.ceremony === 'authenticate') && isRecord(data.options) && smallJson(data.options)) {
    return { type: data.type, id: data.id, ceremony: data.ceremony, options: data.options }
  }
  return undefined
}

/** The result's exact shape for request `id`, or undefined. */
export function readPopupResult(data: unknown, id: string): PopupResult | undefined {
  if (!isRecord(data) || data.type !== PopupMessages.result || data.id !== id) return undefined
  if (data.ok === false) return typeof data.error === 'string' && ERROR_NAME.test(data.error) ? { type: data.type, id, ok: false, error: data.error } : undefined
  if (data.ok !== true) return undefined
  if (typeof data.credentialId === 'string' && CREDENTIAL_ID.test(data.credentialId)) {
    if (data.prfOutput !== undefined && !isBase64(data.prfOutput, 64)) return undefined
    return { type: data.type, id, ok: true, credentialId: data.credentialId, ...(typeof data.prfOutput === 'string' ? { prfOutput: data.prfOutput } : {}) }
  }
  if (isRecord(data.response) && smallJson(data.response)) return { type: data.type, id, ok: true, response: data.response }
  return undefined
}

export type PopupWindow = { postMessage(message: unknown, targetOrigin: string): void; readonly closed: boolean; close(): void }

export type PopupOpener = {
  /** The secure origin: this page's own. */
  origin: string
  /** `window.open` of the secure page in popup mode; null when the browser blocked it. */
  open(url: string): PopupWindow | null
  listen(listener: (event: PopupEvent) => void): () => void
  /** How often to look whether the visitor closed the popup. */
  pollMs?: number
}

/**
 * The frame's side: each ceremony opens the popup, sends it the request once it is ready,
 * and waits for its result (or for the visitor to close it: cancelled).
 *
 * @example
 * const popup = popupCeremonies({ origin: location.origin, open: (url) => window.open(url, 'portico-passkey', 'popup,width=480,height=600'), listen })
 */
export function popupCeremonies({ origin, open, listen, pollMs = 500 }: PopupOpener): PasskeyCeremonies {
  function run(request: RequestBody): Promise<PopupResult & { ok: true }> {
    const id = crypto.randomUUID()
    const popup = open(`${origin}/?${POPUP_QUERY}=1`)
    if (popup === null) return Promise.reject(new ReplyError('The browser blocked the passkey window: allow pop-ups for this site and try again', PasskeyErrorCodes.popupBlocked))
    return new Promise((resolve, reject) => {
      const stop = () => {
        unlisten()
        clearInterval(watch)
      }
      const unlisten = listen((event) => {
        if (event.origin !== origin || event.source !== popup) return
        if (isRecord(event.data) && event.data.type === PopupMessages.ready) {
          popup.postMessage({ type: PopupMessages.request, id, ...request }, origin)
          return
        }
        const result = readPopupResult(event.data, id)
        if (result === undefined) return
        stop()
        if (result.ok) resolve(result)
        else reject(Object.assign(new Error(`The passkey window's ceremony failed: ${result.error}`), { name: result.error }))
      })
      const watch = setInterval(() => {
        if (!popup.closed) return
        stop()
        reject(passkeyCancelled())
      }, pollMs)
    })
  }
  async function ceremony(kind: 'register' | 'authenticate', options: Record<string, unknown>): Promise<Record<string, unknown>> {
    const result = await run({ ceremony: kind, options })
    if (!('response' in result)) throw passkeyCancelled()
    return result.response
  }
  return {
    async assertPrf({ credentialIds, prfInput }) {
      const result = await run({ ceremony: 'assert-prf', credentialIds, prfInput: toBase64(prfInput) })
      if (!('credentialId' in result)) throw passkeyCancelled()
      return { credentialId: result.credentialId, prfOutput: result.prfOutput === undefined ? undefined : fromBase64(result.prfOutput) }
    },
    register: (options) => ceremony('register', options),
    authenticate: (options) => ceremony('authenticate', options),
  }
}

export type PopupPage = {
  origin: string
  /** `window.opener`: null when the page was not opened as a popup. */
  opener: { postMessage(message: unknown, targetOrigin: string): void } | null
  listen(listener: (event: PopupEvent) => void): () => void
  /** Shows the request and calls `start` from the visitor's click (a ceremony needs it). */
  ask(start: () => void): void
  /** The ceremony is over: the page closes itself. */
  done(): void
}

/**
 * The popup's side: says READY to its opener (on the secure origin only), takes one request
 * from it, runs the ceremony from the visitor's click, answers, and closes.
 *
 * @example
 * runPasskeyPopup({ origin: location.origin, opener: window.opener, listen, ask: showButton, done: () => window.close() }, browserPasskeyCeremonies(navigator.credentials))
 */
export function runPasskeyPopup(page: PopupPage, ceremonies: PasskeyCeremonies): boolean {
  const opener = page.opener
  if (opener === null) return false
  let taken = false
  const unlisten = page.listen((event) => {
    if (taken || event.origin !== page.origin || event.source !== opener) return
    const request = readPopupRequest(event.data)
    if (request === undefined) return
    taken = true
    unlisten()
    const answer = (result: ResultBody) => {
      opener.postMessage({ type: PopupMessages.result, id: request.id, ...result }, page.origin)
      page.done()
    }
    page.ask(() => {
      const ceremony: Promise<ResultBody> =
        request.ceremony === 'assert-prf'
          ? ceremonies.assertPrf({ credentialIds: request.credentialIds, prfInput: fromBase64(request.prfInput) }).then((found: PrfAnswer) => ({
              ok: true as const,
              credentialId: found.credentialId,
              ...(found.prfOutput === undefined ? {} : { prfOutput: toBase64(found.prfOutput) }),
            }))
          : ceremonies[request.ceremony](request.options).then((response) => ({ ok: true as const, response }))
      ceremony.then(answer, (error: unknown) => {
        const name = (error as { name?: unknown } | null)?.name
        answer({ ok: false, error: typeof name === 'string' && ERROR_NAME.test(name) ? name : 'UnknownError' })
      })
    })
  })
  opener.postMessage({ type: PopupMessages.ready }, page.origin)
  return true
}

export const POPUP_TEXT = {
  title: 'Use your passkey',
  body: 'The wallet asked for your passkey. This browser lets the wallet use passkeys only in a window of its own: continue here, then this window closes.',
  start: 'Continue with my passkey',
  waiting: 'Follow your browser’s passkey prompt.',
  notOpened: 'This window only answers the wallet that opened it. You can close it.',
} as const

/**
 * The popup's page in the secure page's document: a title, a line and the button whose click
 * starts the ceremony.
 *
 * @example
 * runPasskeyPopup({ ..., ask: (start) => showPopupPrompt(document, start) }, ceremonies)
 */
export function showPopupPrompt(document: Document, start: () => void): void {
  const section = document.createElement('section')
  section.className = 'approval passkey-popup'
  section.setAttribute('role', 'dialog')
  section.setAttribute('aria-labelledby', 'passkey-popup-title')
  const title = document.createElement('h1')
  title.id = 'passkey-popup-title'
  title.textContent = POPUP_TEXT.title
  const body = document.createElement('p')
  body.textContent = POPUP_TEXT.body
  const notice = document.createElement('p')
  notice.className = 'approval-notice'
  notice.setAttribute('role', 'status')
  const actions = document.createElement('div')
  actions.className = 'approval-actions'
  const button = document.createElement('button')
  button.type = 'button'
  button.dataset.action = 'approve'
  button.textContent = POPUP_TEXT.start
  button.addEventListener(
    'click',
    () => {
      button.disabled = true
      notice.textContent = POPUP_TEXT.waiting
      start()
    },
    { once: true },
  )
  actions.append(button)
  section.append(title, body, notice, actions)
  document.body.append(section)
}
