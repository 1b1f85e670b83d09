/**
 * A stand-in for Farcaster's AuthKit relay (relay.farcaster.xyz) on the local stack, with
 * the same API shape the reference server uses, plus the "Farcaster app" side:
 *
 * | Route | |
 * |---|---|
 * | `POST /v1/channel { siweUri, domain, nonce? }` | 201 `{ channelToken, url, nonce }` |
 * | `GET /v1/channel/status` (Bearer channelToken) | 202 `{ state: 'pending', … }` or 200 `{ state: 'completed', message, signature, fid, username, custody, … }` |
 * | `POST /v1/channel/authenticate` (Bearer) `{ message, signature, fid, username }` | 201, what a Farcaster app calls |
 * | `GET /~/siwf?channelToken=` | the dev approve page (the `url` of a channel) |
 * | `POST /~/siwf/approve` | signs a Sign In With Farcaster message with the dev custody key and completes the channel |
 *
 * The dev account's custody key is fixed (below); the server is told its custody address
 * with FARCASTER_DEV_CUSTODY, as it would read it from the IdRegistry in production.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

/** The development Farcaster account (a fixed test key: never hold value with it). */
export const DEV_FARCASTER_ACCOUNT = {
  fid: 1001,
  username: 'portico-dev',
  displayName: 'Portico Dev',
  custodyKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' as const,
}

/** FARCASTER_DEV_CUSTODY for the reference server: the dev account's fid → custody address. */
export function devFarcasterCustody(): Record<string, string> {
  return { [String(DEV_FARCASTER_ACCOUNT.fid)]: privateKeyToAccount(DEV_FARCASTER_ACCOUNT.custodyKey).address }
}

type Channel = {
  siweUri: string
  domain: string
  nonce: string
  url: string
  createdAt: number
  completed?: { message: string; signature: string; fid: number; username: string; displayName?: string; custody?: string }
}

export type FarcasterRelay = { url: string; stop(): Promise<void> }

const CHANNEL_TTL_MS = 10 * 60_000
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
      if (body.length > 16_384) reject(new Error('body too large'))
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

/**
 * @example
 * const relay = await startFarcasterRelay({ port: 0 })
 * // server: FARCASTER_RELAY_URL=relay.url, FARCASTER_DEV_CUSTODY=JSON.stringify(devFarcasterCustody())
 */
export async function startFarcasterRelay(options: { port?: number; host?: string } = {}): Promise<FarcasterRelay> {
  const host = options.host ?? '127.0.0.1'
  const channels = new Map<string, Channel>()
  const custody = privateKeyToAccount(DEV_FARCASTER_ACCOUNT.custodyKey)
  let base = ''

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' })
    res.end(JSON.stringify(body))
  }
  const html = (res: ServerResponse, status: number, title: string, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'" })
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:15px system-ui,sans-serif;max-width:380px;margin:40px auto;padding:0 16px}button{padding:10px 18px;font:inherit;border-radius:8px;border:0;background:#7c65c1;color:#fff;cursor:pointer}code{word-break:break-all}</style></head><body>${body}</body></html>`)
  }
  const channelOf = (req: IncomingMessage, token?: string | null): [string, Channel] | undefined => {
    const bearer = token ?? /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
    const channel = bearer ? channels.get(bearer) : undefined
    if (!bearer || !channel || Date.now() - channel.createdAt > CHANNEL_TTL_MS) return undefined
    return [bearer, channel]
  }
  const statusBody = (channel: Channel) => ({
    state: channel.completed ? 'completed' : 'pending',
    nonce: channel.nonce,
    url: channel.url,
    ...(channel.completed ?? {}),
  })

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base)
      try {
        if (req.method === 'POST' && url.pathname === '/v1/channel') {
          const body = JSON.parse((await readBody(req)) || '{}') as { siweUri?: unknown; domain?: unknown; nonce?: unknown }
          if (typeof body.siweUri !== 'string' || typeof body.domain !== 'string') return json(res, 400, { error: 'siweUri and domain are required' })
          const nonce = typeof body.nonce === 'string' && /^[a-zA-Z0-9]{8,}$/.test(body.nonce) ? body.nonce : randomBytes(12).toString('hex')
          const channelToken = randomBytes(16).toString('hex')
          const link = `${base}/~/siwf?${new URLSearchParams({ channelToken, nonce, siweUri: body.siweUri, domain: body.domain })}`
          channels.set(channelToken, { siweUri: body.siweUri, domain: body.domain, nonce, url: link, createdAt: Date.now() })
          return json(res, 201, { channelToken, url: link, nonce })
        }
        if (req.method === 'GET' && url.pathname === '/v1/channel/status') {
          const found = channelOf(req)
          if (!found) return json(res, 401, { error: 'Unauthorized' })
          return json(res, found[1].completed ? 200 : 202, statusBody(found[1]))
        }
        if (req.method === 'POST' && url.pathname === '/v1/channel/authenticate') {
          const found = channelOf(req)
          if (!found) return json(res, 401, { error: 'Unauthorized' })
          const body = JSON.parse(await readBody(req)) as { message?: unknown; signature?: unknown; fid?: unknown; username?: unknown }
          if (typeof body.message !== 'string' || typeof body.signature !== 'string' || typeof body.fid !== 'number') return json(res, 400, { error: 'message, signature and fid are required' })
          found[1].completed = { message: body.message, signature: body.signature, fid: body.fid, username: typeof body.username === 'string' ? body.username : '' }
          return json(res, 201, statusBody(found[1]))
        }
        if (req.method === 'GET' && url.pathname === '/~/siwf') {
          const found = channelOf(req, url.searchParams.get('channelToken'))
          if (!found) return html(res, 404, 'Unknown request', '<h1>Unknown sign-in request</h1><p>It may have expired.</p>')
          const [token, channel] = found
          if (channel.completed) return html(res, 200, 'Approved', '<h1>Approved</h1><p>You can go back to the app.</p>')
          return html(
            res,
            200,
            'Sign in with Farcaster',
            `<h1>Sign in with Farcaster</h1><p>Development stand-in for the Farcaster app.</p>
<p><strong>${escapeHtml(channel.domain)}</strong> asks you to sign in as <strong>@${escapeHtml(DEV_FARCASTER_ACCOUNT.username)}</strong> (fid ${DEV_FARCASTER_ACCOUNT.fid}).</p>
<form method="post" action="/~/siwf/approve"><input type="hidden" name="channelToken" value="${escapeHtml(token)}"><button type="submit">Approve</button></form>`,
          )
        }
        if (req.method === 'POST' && url.pathname === '/~/siwf/approve') {
          const form = new URLSearchParams(await readBody(req))
          const found = channelOf(req, form.get('channelToken'))
          if (!found) return html(res, 404, 'Unknown request', '<h1>Unknown sign-in request</h1>')
          const [, channel] = found
          const message = createSiweMessage({
            domain: channel.domain,
            address: custody.address,
            statement: 'Farcaster Auth',
            uri: channel.siweUri,
            version: '1',
            chainId: 10,
            nonce: channel.nonce,
            issuedAt: new Date(),
            resources: [`farcaster://fid/${DEV_FARCASTER_ACCOUNT.fid}`],
          })
          const signature = await custody.signMessage({ message })
          channel.completed = {
            message,
            signature,
            fid: DEV_FARCASTER_ACCOUNT.fid,
            username: DEV_FARCASTER_ACCOUNT.username,
            displayName: DEV_FARCASTER_ACCOUNT.displayName,
            custody: custody.address,
          }
          return html(res, 200, 'Approved', '<h1>Approved</h1><p>You can go back to the app.</p>')
        }
        json(res, 404, { error: 'Not Found' })
      } catch (error) {
        json(res, 400, { error: error instanceof Error ? error.message : 'Bad Request' })
      }
    })()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, resolve)
  })
  base = `http://${host}:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
