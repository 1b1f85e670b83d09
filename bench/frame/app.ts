// The dapp side of the frame round trip: the frame client, on the page's own origin,
// exposed for the harness to drive (log in, then time requests).
import { createFrameClient, type FrameClient } from '../../src/frame'

type Config = { secureOrigin: string; projectId: string }

declare global {
  interface Window {
    frameBench: {
      client?: FrameClient
      start(config: Config): void
    }
  }
}

window.frameBench = {
  start(config) {
    this.client = createFrameClient({ secureOrigin: config.secureOrigin, projectId: config.projectId, version: 'bench-0.1.0' })
  },
}
