/**
 * Entry of the secure page (bundled by `buildSecurePage` into main.js): wires
 * `createSecureFrame` to the real window, the server's API, the chain RPC, the page's
 * own storage and the approval prompt.
 */
import type { ThemeSync } from '../src/frame/protocol'
import { createSmartAccounts } from './accountType'
import { createHttpSecureApi } from './api'
import { createMemoryDeviceShareStore, openDeviceShareStore } from './custody/deviceShareStore'
import { autoApprover, createDomApprover } from './approval'
import { createHttpChainRpc } from './chainRpc'
import { readSecureConfig } from './config'
import { detectParentOrigin } from './parentOrigin'
import { browserSupportsWebAuthn } from '@simplewebauthn/browser'
import { createPasskeyFlows, webAuthnClient } from './passkeyLogin'
import { popupCeremonies, POPUP_QUERY, POPUP_TEXT, runPasskeyPopup, showPopupPrompt, type PopupEvent, type PopupWindow } from './passkeyPopup'
import { browserPasskeyCeremonies, withPopupFallback } from './passkeyPrf'
import { createPasskeyPrompt } from './passkeyPrompt'
import { createRecoveryPrompts } from './recoveryPrompt'
import { createExportPrompts } from './exportPrompt'
import { createStepUpPrompts } from './stepUpPrompt'
import { createMfaPrompts } from './mfaPrompt'
import { createSecureFrame, type FrameHost } from './secureFrame'
import { createMemoryStore, createSessionStore, type KeyValueStore } from './session'

declare global {
  var PORTICO_SECURE_CONFIG: unknown
}

const statusLine = () => document.getElementById('status')

function showStatus(text: string) {
  const line = statusLine()
  if (line) line.textContent = text
}

/** Theme sync (SPEC §3): the mode and Portico's own CSS variables, set through the CSSOM only. */
function applyTheme(theme: ThemeSync) {
  const root = document.documentElement
  root.dataset.theme = theme.themeMode
  for (const [name, value] of Object.entries(theme.themeVariables ?? {})) {
    if (name.startsWith('--portico-') && !/url\s*\(/i.test(String(value))) root.style.setProperty(name, String(value))
  }
}

function ownStorage(): KeyValueStore {
  try {
    const store = window.localStorage
    store.getItem('portico.secure.probe')
    return store
  } catch {
    return createMemoryStore()
  }
}

function listenToMessages(listener: (event: PopupEvent) => void): () => void {
  const onMessage = (event: MessageEvent) => listener({ origin: event.origin, source: event.source, data: event.data })
  window.addEventListener('message', onMessage)
  return () => window.removeEventListener('message', onMessage)
}

/** The page opened as the passkey popup (passkeyPopup.ts): runs one ceremony for the frame that opened it. */
function popupMain() {
  const opener = window.opener as Window | null
  const running = runPasskeyPopup(
    { origin: location.origin, opener, listen: listenToMessages, ask: (start) => showPopupPrompt(document, start), done: () => window.close() },
    browserPasskeyCeremonies(navigator.credentials),
  )
  if (!running) showStatus(POPUP_TEXT.notOpened)
}

/** The passkey ceremonies (login, adding one, the recovery's): in the frame, or in the popup where the browser refuses them here. */
function passkeyCeremonies(framed: boolean) {
  if (!browserSupportsWebAuthn()) return undefined
  const popup = popupCeremonies({
    origin: location.origin,
    open: (url) => window.open(url, 'portico-passkey', 'popup,width=480,height=640') as PopupWindow | null,
    listen: listenToMessages,
  })
  return withPopupFallback(browserPasskeyCeremonies(navigator.credentials), popup, { framed })
}

function main() {
  if (new URLSearchParams(location.search).get(POPUP_QUERY) === '1') {
    popupMain()
    return
  }
  let config
  try {
    config = readSecureConfig(globalThis.PORTICO_SECURE_CONFIG)
  } catch (error) {
    showStatus(`The embedded wallet is not configured: ${(error as Error).message}`)
    return
  }
  const query = new URLSearchParams(location.search)
  const logger = query.get('enableLogger') === 'true' ? { debug: (message: string, details?: unknown) => console.debug(`[portico secure] ${message}`, details ?? '') } : undefined
  const framed = window.parent !== window
  const host: FrameHost = {
    postToParent: framed ? (message, targetOrigin) => window.parent.postMessage(message, targetOrigin) : undefined,
    isParent: (source) => source === window.parent,
    listen(listener) {
      const onMessage = (event: MessageEvent) => listener({ origin: event.origin, source: event.source, data: event.data })
      window.addEventListener('message', onMessage)
      return () => window.removeEventListener('message', onMessage)
    },
    reload: () => location.reload(),
  }
  const storage = ownStorage()
  const ceremonies = passkeyCeremonies(framed)
  const api = createHttpSecureApi({ baseUrl: config.apiUrl })
  const frame = createSecureFrame({
    host,
    search: location.search,
    parentOrigin: detectParentOrigin({ ancestorOrigins: location.ancestorOrigins, referrer: document.referrer }),
    api,
    rpc: createHttpChainRpc({ rpcUrls: config.rpcUrls }),
    sessions: createSessionStore({ store: storage, projectId: query.get('projectId') ?? '', randomUUID: () => crypto.randomUUID(), now: Date.now }),
    // Storage blocked (as for the session, ownStorage): shares last for this page only.
    deviceShares: () =>
      openDeviceShareStore().catch((error: unknown) => {
        logger?.debug('secure: IndexedDB is not available here; key shares are kept for this page only', error)
        return createMemoryDeviceShareStore()
      }),
    createApprover: (notify) => (config.requireApproval ? createDomApprover(document, { onOpen: notify.open, onClose: notify.close }) : autoApprover),
    ui: { showStatus, applyTheme },
    logger,
    randomUUID: () => crypto.randomUUID(),
    passkeys: (notify) =>
      createPasskeyFlows({ api, prompt: createPasskeyPrompt(document, { onOpen: notify.open, onClose: notify.close }), ...(ceremonies === undefined ? {} : { webauthn: webAuthnClient(ceremonies) }) }),
    recoveryPrompts: (notify) => createRecoveryPrompts(document, { onOpen: notify.open, onClose: notify.close }),
    exportPrompts: (notify) => createExportPrompts(document, { onOpen: notify.open, onClose: notify.close }),
    stepUpPrompts: (notify) => createStepUpPrompts(document, { onOpen: notify.open, onClose: notify.close }),
    mfaPrompts: (notify) => createMfaPrompts(document, { onOpen: notify.open, onClose: notify.close }),
    confirmDeviceRemoval: (notify) => createDomApprover(document, { onOpen: notify.open, onClose: notify.close }),
    recoveryCeremonies: ceremonies,
    smartAccounts: createSmartAccounts({ apiUrl: config.apiUrl, projectId: query.get('projectId') ?? '', rpcUrls: config.rpcUrls, store: storage }),
  })
  void frame.start().then((status) => {
    document.documentElement.dataset.status = status
    logger?.debug(`status: ${status}`)
  })
}

main()
