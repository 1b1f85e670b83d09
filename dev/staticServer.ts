// A small static file server for the demo dapp, with the strict Content-Security-Policy
// a careful dapp would send: no inline scripts or styles, no eval. The modal must work
// under it (issue 4), so the demo is always served this way.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createStaticHandler } from '../server/staticFiles'
import { closeServer } from './closeServer'

export function contentSecurityPolicy(services: readonly string[] = []): string {
  const hosts = services.join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob: ${hosts}`,
    `connect-src 'self' ${hosts}`,
    `frame-src ${hosts || "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ')
}

/** Serves `dir` on 127.0.0.1:`port` (0 = any free port). Resolves with the URL and a close function. */
export async function serveStatic({ dir, port = 0, csp = contentSecurityPolicy() }: { dir: string; port?: number; csp?: string }) {
  const handle = createStaticHandler({ dir, headers: { 'content-security-policy': csp } })
  const server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${address.port}/`, close: () => closeServer(server) }
}
