/**
 * The secure frame page on its own origin, served by the reference server process on
 * a second port (SECURE_PAGE_DIR, SECURE_PAGE_PORT): the embedded wallet's keys and
 * session live in that origin, never in the dapp's. The folder is what
 * `secure/build.ts` produces; the page carries its own CSP in a meta tag.
 *
 * No `frame-ancestors` restriction on purpose: a dapp on an origin that is not on its
 * project's allow list must still load the page, so that the page can tell it
 * "Invalid App Configuration" (SPEC §4) instead of leaving a blank, silent frame. The
 * page answers nothing else to such a parent, and its approval prompt ignores clicks
 * for a moment after it appears, so being framed by anyone exposes nothing.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createStaticHandler } from './staticFiles'

export type SecurePageServerOptions = {
  dir: string
  port: number
  host: string
}

export type SecurePageServer = { url: string; close(): Promise<void> }

export async function startSecurePageServer(options: SecurePageServerOptions): Promise<SecurePageServer> {
  const handle = createStaticHandler({
    dir: options.dir,
    headers: { 'referrer-policy': 'no-referrer' },
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
