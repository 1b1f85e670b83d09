import type { JSDOM } from 'jsdom'
import { createHttpSecureApi } from '../../secure/api'
import { autoApprover } from '../../secure/approval'
import { createHttpChainRpc } from '../../secure/chainRpc'
import { createSecureFrame, type FrameHost, type SecureFrameOptions } from '../../secure/secureFrame'
import { createSessionStore, type KeyValueStore } from '../../secure/session'
import { createMemoryDeviceShareStore } from '../../secure/custody/deviceShareStore'
import { type DeviceProver } from '../../secure/deviceKey'
import { SECURE_ORIGIN } from '../../server/test/authServer'
import { FRAME_ATTRIBUTE } from '../frame'

// The integration tests' stand-in for the browser between a dapp page (jsdom) and the
// real secure page logic in its iframe. Only the window plumbing is played here; the
// frame client, the secure page, the reference server and the chains are all real.

/** The dapp's origin in the integration tests; the test project allows it. */
export const DAPP_ORIGIN = 'https://shop.example'

/** The browser would send the secure page's Origin; the server answers that origin only. */
export const fromSecureOrigin: typeof fetch = (input, init = {}) => fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), origin: SECURE_ORIGIN } })

/** Polls `find` until it returns something, or rejects naming `what`. */
export async function until<T>(find: () => T | null | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const found = find()
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** The device shares of each secure storage: the same "browser profile" keeps both across reloads. */
const deviceSharesOf = new WeakMap<KeyValueStore, ReturnType<typeof createMemoryDeviceShareStore>>()

export type SecurePageOptions = {
  /** The secure page's own storage (kept across "reloads" by passing the same store). */
  secureStorage: KeyValueStore
  /** The reference server's base URL. */
  apiUrl: string
  /** RPC URL per CAIP-2 network id, for the secure page's reads and sends. */
  rpcUrls: Record<string, string>
  smartAccounts?: SecureFrameOptions['smartAccounts']
  /** The browser's device key, which proves each call (DPoP): pass the same one to keep it across "reloads", dated by the server's clock. */
  prove: DeviceProver
}

/**
 * Connects the newest Portico iframe in `dom` to a real secure page: what the client
 * posts to the iframe reaches the page from the parent (origin DAPP_ORIGIN), and what
 * the page posts to its parent arrives on the dapp's window from the secure origin and
 * the iframe's window. Each side checks the target origin it was given, as the browser
 * would; a misaddressed message is recorded, not delivered. `methods` lists the RPC
 * methods the app asked for, in order.
 */
export async function connectSecurePage(dom: JSDOM, options: SecurePageOptions) {
  const iframe = await until(() => [...dom.window.document.querySelectorAll<HTMLIFrameElement>(`iframe[${FRAME_ATTRIBUTE}]`)].at(-1), 'the iframe')
  const frameWindow = iframe.contentWindow!
  const parent = { name: 'the dapp window' }
  let deliver: ((event: { origin: string; source: unknown; data: unknown }) => void) | undefined
  const misaddressed: string[] = []
  const methods: string[] = []
  jest.spyOn(frameWindow, 'postMessage').mockImplementation(((message: { type?: string; payload?: { method?: string } }, targetOrigin: string) => {
    if (targetOrigin !== SECURE_ORIGIN) return misaddressed.push(targetOrigin)
    if (message.type === '@portico-app/RPC_REQUEST' && message.payload?.method) methods.push(message.payload.method)
    setTimeout(() => deliver?.({ origin: DAPP_ORIGIN, source: parent, data: structuredClone(message) }), 0)
  }) as never)
  const host: FrameHost = {
    postToParent: (message, targetOrigin) => {
      if (targetOrigin !== DAPP_ORIGIN) return void misaddressed.push(targetOrigin)
      setTimeout(() => dom.window.dispatchEvent(new dom.window.MessageEvent('message', { data: structuredClone(message), origin: SECURE_ORIGIN, source: frameWindow as never })), 0)
    },
    isParent: (source) => source === parent,
    listen(listener) {
      deliver = listener
      return () => {
        deliver = undefined
      }
    },
    reload: () => {},
  }
  const deviceShares = deviceSharesOf.get(options.secureStorage) ?? createMemoryDeviceShareStore()
  deviceSharesOf.set(options.secureStorage, deviceShares)
  const page = createSecureFrame({
    host,
    search: new URL(iframe.src).search,
    parentOrigin: DAPP_ORIGIN,
    api: createHttpSecureApi({ baseUrl: options.apiUrl, fetch: fromSecureOrigin, prove: options.prove }),
    rpc: createHttpChainRpc({ rpcUrls: options.rpcUrls }),
    sessions: createSessionStore({ store: options.secureStorage, projectId: new URL(iframe.src).searchParams.get('projectId') ?? '', randomUUID: () => crypto.randomUUID(), now: Date.now }),
    deviceShares: async () => deviceShares,
    createApprover: () => autoApprover,
    randomUUID: () => crypto.randomUUID(),
    ...(options.smartAccounts ? { smartAccounts: options.smartAccounts } : {}),
  })
  if ((await page.start()) !== 'allowed') throw new Error('the secure page refused the dapp origin')
  return { page, misaddressed, methods }
}
