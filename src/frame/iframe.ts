/**
 * The hidden iframe (SPEC §2): "inserted with a fixed position and stays hidden until
 * needed. Its address is built from projectId, chainId (default eip155:1), version and
 * a logger flag."
 */
import { DEFAULT_CHAIN_ID, Layout } from '../config/constants'
import { ConfigError } from '../errors/config'
import type { FrameChainId } from './protocol'
import { PROJECT_ID_PATTERN } from './schemas/patterns'

export type SecureFrameUrlParameters = {
  /** The secure page's origin, or its full URL when it is not served at `/`. */
  secureOrigin: string
  projectId: string
  chainId?: FrameChainId | undefined
  version: string
  enableLogger: boolean
}

/** Marks the iframe so tests, e2e drivers and CSS can find it. */
export const FRAME_ATTRIBUTE = 'data-portico-secure-frame'

const projectIdShape = new RegExp(PROJECT_ID_PATTERN)

/**
 * The secure page's URL and exact origin. Throws ConfigError for anything but an
 * http(s) URL without credentials, or a project id the server would refuse.
 *
 * @example
 * buildSecureFrameUrl({ secureOrigin: 'https://secure.example', projectId: 'shop', version: 'react-0.1.0', enableLogger: false })
 * // { origin: 'https://secure.example',
 * //   url: 'https://secure.example/?projectId=shop&chainId=eip155%3A1&version=react-0.1.0&enableLogger=false' }
 */
export function buildSecureFrameUrl({ secureOrigin, projectId, chainId = DEFAULT_CHAIN_ID, version, enableLogger }: SecureFrameUrlParameters): {
  url: string
  origin: string
} {
  let url: URL
  try {
    url = new URL(secureOrigin)
  } catch (cause) {
    throw new ConfigError('Invalid secure frame URL', { details: `endpoints.secureFrame must be an absolute http(s) URL, got '${secureOrigin.slice(0, 80)}'`, cause })
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') {
    throw new ConfigError('Invalid secure frame URL', { details: 'endpoints.secureFrame must be an http(s) URL without credentials' })
  }
  if (!projectIdShape.test(projectId)) {
    throw new ConfigError('Invalid project id for the embedded wallet', { details: 'A project id is 1 to 128 letters, digits, - or _' })
  }
  url.hash = ''
  url.search = ''
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('chainId', typeof chainId === 'number' ? `eip155:${chainId}` : chainId)
  url.searchParams.set('version', version)
  url.searchParams.set('enableLogger', String(enableLogger))
  return { url: url.href, origin: url.origin }
}

/** Where the iframe sits while it shows the secure page's approval prompt. */
const VISIBLE_STYLE: Partial<CSSStyleDeclaration> = {
  display: 'block',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: `${Layout.modalWidthPx}px`,
  maxWidth: '100vw',
  height: '600px',
  maxHeight: '100vh',
}

/** Marks the backdrop that dims the dapp while the frame shows a prompt. */
export const FRAME_BACKDROP_ATTRIBUTE = 'data-portico-secure-frame-backdrop'

/**
 * The dim layer behind a visible frame: the approval prompt is a dialog, so the dapp
 * behind it is covered (as the modal's own backdrop does) and takes no clicks while
 * the visitor decides. Same colour as the modal's light backdrop; it sits just under
 * the frame, over the modal.
 */
const BACKDROP_STYLE: Partial<CSSStyleDeclaration> = {
  position: 'fixed',
  inset: '0',
  display: 'none',
  background: 'rgba(16, 18, 24, 0.45)',
  zIndex: String(Layout.zIndex + 1),
}

const backdrops = new WeakMap<HTMLIFrameElement, HTMLElement>()

/**
 * Creates the iframe, hidden, and appends it to `document.body`, after its backdrop.
 *
 * `referrerPolicy = 'origin'` makes the browser tell the secure page this page's origin
 * (and nothing of its path), whatever the dapp's own Referrer-Policy, so the page can
 * check its parent before it says anything (see secure/parentOrigin.ts).
 */
export function createSecureFrameElement(document: Document, url: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe')
  iframe.setAttribute(FRAME_ATTRIBUTE, '')
  iframe.title = 'Embedded wallet'
  iframe.referrerPolicy = 'origin'
  // Passkeys (secure/passkeyLogin.ts): WebAuthn in a cross-origin frame needs the
  // embedder's permission; so does the export prompt's Copy (secure/exportPrompt.ts), which
  // writes the key to the clipboard from the frame. Given for the frame's own origin only
  // (no allowlist = its src). Writing only: the frame never reads the clipboard.
  iframe.setAttribute('allow', 'publickey-credentials-get; publickey-credentials-create; clipboard-write')
  iframe.src = url
  Object.assign(iframe.style, {
    position: 'fixed',
    display: 'none',
    border: '0',
    colorScheme: 'normal',
    background: 'transparent',
    zIndex: String(Layout.zIndex + 1),
  } satisfies Partial<CSSStyleDeclaration>)
  iframe.setAttribute('aria-hidden', 'true')
  iframe.tabIndex = -1
  const backdrop = document.createElement('div')
  backdrop.setAttribute(FRAME_BACKDROP_ATTRIBUTE, '')
  Object.assign(backdrop.style, BACKDROP_STYLE)
  // Earlier in the document at the same z-index: under the frame, over everything else.
  document.body.append(backdrop, iframe)
  backdrops.set(iframe, backdrop)
  return iframe
}

/** Removes the iframe and its backdrop. */
export function removeSecureFrameElement(iframe: HTMLIFrameElement): void {
  backdrops.get(iframe)?.remove()
  iframe.remove()
}

/** Shows or hides the iframe ("hidden until needed") and its backdrop. */
export function setSecureFrameVisible(iframe: HTMLIFrameElement, visible: boolean): void {
  const backdrop = backdrops.get(iframe)
  if (backdrop) backdrop.style.display = visible ? 'block' : 'none'
  if (visible) {
    Object.assign(iframe.style, VISIBLE_STYLE)
    // The visible height on a phone, without the browser's toolbars (so Approve is never
    // under Safari's bottom bar); a browser without `dvh` ignores it and keeps 100vh.
    iframe.style.maxHeight = '100dvh'
    iframe.removeAttribute('aria-hidden')
    iframe.tabIndex = 0
  } else {
    iframe.style.display = 'none'
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
  }
}
