/**
 * Serves the files of one folder over node:http: GET and HEAD only, no directory
 * listing, no path escaping the folder, `index.html` for a folder. Used for the secure
 * frame page (server/securePage.ts) and by the development servers in dev/.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
}

export type StaticHandlerOptions = {
  dir: string
  /** Sent with every file (CSP, cache policy...). */
  headers?: Readonly<Record<string, string>> | undefined
}

/** A request handler for `http.createServer`. Files are read per request, so a rebuild shows at once. */
export function createStaticHandler({ dir, headers = {} }: StaticHandlerOptions) {
  const root = path.resolve(dir)
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method not allowed')
      return
    }
    try {
      const url = new URL(req.url ?? '/', 'http://localhost')
      let file = path.resolve(root, '.' + decodeURIComponent(url.pathname))
      if (file !== root && !file.startsWith(root + path.sep)) {
        res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden')
        return
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'index.html')
      const body = await readFile(file)
      res.writeHead(200, {
        'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
        ...headers,
      })
      res.end(req.method === 'HEAD' ? undefined : body)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    }
  }
}
