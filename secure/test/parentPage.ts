/**
 * A stand-in dapp page for the browser test: creates the frame client for the secure
 * page named in its query and exposes it (and every message it receives from the
 * secure origin) on `window.portico`, for Playwright to drive.
 */
import { createFrameClient, type FrameClientEvent } from '../../src/frame/client'

const query = new URLSearchParams(location.search)
const secureOrigin = query.get('secure') ?? ''
const received: unknown[] = []
window.addEventListener('message', (event) => {
  if (event.origin === new URL(secureOrigin).origin) received.push(event.data)
})
const events: { type: string; message?: string }[] = []
const client = createFrameClient({ secureOrigin, projectId: query.get('projectId') ?? 'shop', version: 'e2e-1' })
client.subscribe((event: FrameClientEvent) => events.push({ type: event.type, ...('error' in event ? { message: event.error.shortMessage } : {}) }))

declare global {
  interface Window {
    portico: { client: typeof client; events: typeof events; received: typeof received }
  }
}
window.portico = { client, events, received }
