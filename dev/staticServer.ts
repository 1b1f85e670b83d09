// A small static file server for the demo dapp, with the strict Content-Security-Policy
// a careful dapp would send: no inline scripts or styles, no eval. The modal must work
// under it (issue 4), so the demo is always served this way.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

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
  const root = path.resolve(dir)
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost')
      let file = path.resolve(root, '.' + decodeURIComponent(url.pathname))
      if (!file.startsWith(root)) {
        res.writeHead(403).end('Forbidden')
        return
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'index.html')
      const body = await readFile(file)
      res.writeHead(200, {
        'content-type': types[path.extname(file)] ?? 'application/octet-stream',
        'content-security-policy': csp,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      })
      res.end(body)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    }
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
