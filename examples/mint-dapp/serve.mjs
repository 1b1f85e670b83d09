// Serves public/ on PORT (3000 by default), as any static host would.
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import path from 'node:path'

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' }
const root = path.resolve('public')
const port = Number(process.env.PORT ?? 3000)
createServer(async (request, response) => {
  const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
  const file = path.join(root, pathname === '/' ? 'index.html' : pathname)
  if (!file.startsWith(root + path.sep)) return response.writeHead(403).end()
  try {
    const body = await readFile(file)
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body)
  } catch {
    response.writeHead(404).end()
  }
}).listen(port, '127.0.0.1', () => console.log(`Mint dapp on http://127.0.0.1:${port}`))
