import type { JSDOM } from 'jsdom'
import { createFrameClient, createFrameProvider, type AppEvent, type FrameClient } from '../frame'
import type { AppMessage } from '../frame/protocol'
import type { EmbeddedFrame } from '../sagas/context'

// The saga tests' embedded frame: the REAL frame client and provider in a jsdom page,
// with the iframe's postMessage recorded instead of delivered. The test plays the secure
// page: it reads what the client posted and answers with `send`, as the frame would.

/** The secure page's origin in the saga tests. */
export const SECURE_ORIGIN = 'https://secure.portico.test'

/** One message the client posted to the iframe, with the origin it was addressed to. */
export type Posted = { message: AppMessage; targetOrigin: string }

/**
 * `frame` is the SagaContext's loader (counted in `loads`, created once); `onCleanup`
 * receives the teardown to run after the test.
 */
export function scriptedFrame(dom: JSDOM, onCleanup: (run: () => void) => void) {
  const posted: Posted[] = []
  const loads = { count: 0 }
  let created: EmbeddedFrame | undefined
  const watched = new WeakSet<Window>()
  /** The iframe's window now (the client makes a new iframe after a failed load), recording what is posted to it. */
  const frameWindow = (): Window | undefined => {
    const current = dom.window.document.querySelector('iframe')?.contentWindow ?? undefined
    if (current && !watched.has(current)) {
      watched.add(current)
      jest.spyOn(current, 'postMessage').mockImplementation(((message: AppMessage, targetOrigin: string) => {
        posted.push({ message, targetOrigin })
      }) as never)
    }
    return current
  }
  const frame = async (): Promise<EmbeddedFrame> => {
    loads.count++
    if (created) return created
    const client: FrameClient = createFrameClient({ secureOrigin: SECURE_ORIGIN, projectId: 'shop', version: 'test-1', document: dom.window.document })
    frameWindow()
    created = { client, provider: createFrameProvider({ client }) }
    onCleanup(() => {
      created?.provider.destroy()
      created?.client.destroy()
    })
    return created
  }
  /** Delivers `data` to the dapp's window as the secure page's iframe would. */
  const send = (data: unknown) => dom.window.dispatchEvent(new dom.window.MessageEvent('message', { data, origin: SECURE_ORIGIN, source: frameWindow() as never }))
  const ofType = (event: AppEvent) => posted.filter((p) => p.message.type === `@portico-app/${event}`)
  const lastPosted = (event: AppEvent) => {
    const found = ofType(event).at(-1)
    if (!found) throw new Error(`nothing posted for ${event}`)
    return found
  }
  return { frame, posted, loads, send, ofType, lastPosted, client: () => created?.client }
}
