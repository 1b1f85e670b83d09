/**
 * Drives a frame client in jsdom: the iframe's window stands in for the secure page,
 * every postMessage to it is recorded, and messages "from the frame" are dispatched
 * with the origin and source window a test chooses.
 */
import { createFrameClient, type CreateFrameClientParameters, type FrameClient, type FrameClientEvent } from '../client'
import { FRAME_ATTRIBUTE } from '../iframe'
import { errorType, frameEventType, successType, type AppEvent, type AppMessage, type AppResponsePayload, type FrameErrorPayload } from '../protocol'

export const SECURE_ORIGIN = 'https://secure.portico.test'

export type Posted = { message: AppMessage; targetOrigin: string }

export type Harness = {
  client: FrameClient
  iframe: HTMLIFrameElement
  frameWindow: Window
  posted: Posted[]
  events: FrameClientEvent[]
  /** Dispatches a message event on the app's window, from the frame unless told otherwise. */
  send(data: unknown, from?: { origin?: string; source?: Window | null }): void
  /** READY from the frame, then the 500 ms wait. */
  ready(): Promise<void>
  /** The last message posted for `event` (throws when none). */
  lastPosted(event: AppEvent): Posted
  succeed<E extends AppEvent>(event: E, payload: AppResponsePayload<E>, id?: string): void
  fail(event: AppEvent, payload: FrameErrorPayload, id?: string): void
  /** Lets promise chains and timers due now run. */
  flush(ms?: number): Promise<void>
}

export function createHarness(parameters: Partial<CreateFrameClientParameters> = {}): Harness {
  const client = createFrameClient({ secureOrigin: SECURE_ORIGIN, projectId: 'shop', version: 'test-1.0.0', ...parameters })
  const iframe = document.querySelector<HTMLIFrameElement>(`iframe[${FRAME_ATTRIBUTE}]`)!
  const frameWindow = iframe.contentWindow!
  const posted: Posted[] = []
  jest.spyOn(frameWindow, 'postMessage').mockImplementation(((message: AppMessage, targetOrigin: string) => {
    posted.push({ message, targetOrigin })
  }) as never)
  const events: FrameClientEvent[] = []
  client.subscribe((event) => events.push(event))
  const send: Harness['send'] = (data, { origin = SECURE_ORIGIN, source = frameWindow } = {}) => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
  }
  const flush = async (ms = 0) => {
    await jest.advanceTimersByTimeAsync(ms)
  }
  const lastPosted = (event: AppEvent) => {
    const found = [...posted].reverse().find((entry) => entry.message.type === `@portico-app/${event}`)
    if (!found) throw new Error(`nothing posted for ${event}`)
    return found
  }
  return {
    client,
    iframe,
    frameWindow,
    posted,
    events,
    send,
    flush,
    async ready() {
      send({ id: crypto.randomUUID(), type: frameEventType('READY'), payload: { version: '1', allowed: true } })
      await flush(500)
    },
    lastPosted,
    succeed(event, payload, id = lastPosted(event).message.id) {
      send({ id, type: successType(event), payload })
    },
    fail(event, payload, id = lastPosted(event).message.id) {
      send({ id, type: errorType(event), payload })
    },
  }
}

/** Settles `promise` into a value so a test can look at a rejection without racing it. */
export function outcome<T>(promise: Promise<T>): { current: { status: 'pending' } | { status: 'resolved'; value: T } | { status: 'rejected'; error: unknown } } {
  const box: { current: { status: 'pending' } | { status: 'resolved'; value: T } | { status: 'rejected'; error: unknown } } = { current: { status: 'pending' } }
  promise.then(
    (value) => (box.current = { status: 'resolved', value }),
    (error: unknown) => (box.current = { status: 'rejected', error }),
  )
  return box
}
