/**
 * The secure frame page on its own origin, served by the reference server process on
 * a second port (SECURE_PAGE_DIR, SECURE_PAGE_PORT): the embedded wallet's keys and
 * session live in that origin, never in the dapp's. The folder is what
 * `secure/build.ts` produces; the page carries its own CSP in a meta tag, and this
 * server adds what only a header can say: which parents may frame it.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createStaticHandler } from './staticFiles'

export type SecurePageServerOptions = {
  dir: string
  port: number
  host: string
  /**
   * Origins allowed to frame the page (`frame-ancestors`): the union of the projects'
   * allow lists, wildcards included. The page itself still checks its parent against
   * the project's list before it answers anything.
   */
  frameAncestors: readonly string[]
}

export type SecurePageServer = { url: string; close(): Promise<void> }

/** The `frame-ancestors` directive for the given origin patterns; none → framing refused. */
export function frameAncestorsPolicy(origins: readonly string[]): string {
  return `frame-ancestors ${origins.length > 0 ? [...new Set(origins)].join(' ') : "'none'"}`
}

export async function startSecurePageServer(options: SecurePageServerOptions): Promise<SecurePageServer> {
  const handle = createStaticHandler({
    dir: options.dir,
    headers: { 'content-security-policy': frameAncestorsPolicy(options.frameAncestors), 'referrer-policy': 'no-referrer' },
  })
  const server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
