import type { IncomingMessage } from 'node:http'

/**
 * A request body as text, for the dev stand-ins' small node:http servers. A body over
 * `maxBytes` destroys the request, which rejects the promise (callers answer 413).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) req.destroy(new Error('request body too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}
