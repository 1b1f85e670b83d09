/**
 * The local OpenID Connect provider that stands in for Google, GitHub, Apple, Facebook,
 * X and Discord on the local stack: one real `oidc-provider` issuer with six clients
 * (`portico-google`, `portico-github`, …), the authorization code flow with PKCE, and a
 * development login page where the visitor picks a test user (no password).
 *
 * `oidc-provider` is ESM-only, so it is loaded with a real dynamic `import()`: this file
 * runs under tsx (dev/oidc/main.ts, spawned by dev/stack.ts and by the server tests),
 * never inside Jest's CommonJS transform.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEV_OIDC_PROVIDERS, DEV_OIDC_USERS, devOidcClient } from './clients'

export { DEV_OIDC_PROVIDERS, DEV_OIDC_USERS, devOidcClient, type DevOidcProvider } from './clients'

export type StartOidcProviderOptions = {
  /** 0 picks a free port. */
  port?: number
  host?: string
  /** Redirect URIs every client accepts (the Portico server's social callback). */
  redirectUris: readonly string[]
}

export type OidcProviderServer = { issuer: string; close(): Promise<void> }

type ProviderInstance = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string }; params: Record<string, unknown> }>
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: unknown, options?: { mergeWithLastSubmission?: boolean }): Promise<void>
  Grant: new (init: { accountId: string; clientId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
      if (body.length > 4096) reject(new Error('form too large'))
    })
    req.on('end', () => resolve(new URLSearchParams(body)))
    req.on('error', reject)
  })
}

function loginPage(uid: string, clientId: string): string {
  const provider = clientId.replace(/^portico-/, '')
  const buttons = DEV_OIDC_USERS.map((user) => `<button type="submit" name="user" value="${user.id}">${escapeHtml(user.name)} <small>@${escapeHtml(user.username)}</small></button>`).join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev login (${escapeHtml(provider)})</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px system-ui,sans-serif;max-width:360px;margin:40px auto;padding:0 16px}button{display:block;width:100%;margin:8px 0;padding:12px;font:inherit;text-align:left;border:1px solid #bbb;border-radius:8px;background:#fff;cursor:pointer}small{color:#666}</style>
</head><body><h1>Development login</h1><p>Stand-in for <strong>${escapeHtml(provider)}</strong>. Pick a test user:</p>
<form method="post" action="/interaction/${escapeHtml(uid)}">${buttons}
<button type="submit" name="cancel" value="1">Cancel</button></form></body></html>`
}

/**
 * @example
 * const oidc = await startOidcProvider({ port: 0, redirectUris: ['http://127.0.0.1:8787/auth/v1/social/callback'] })
 * oidc.issuer // 'http://127.0.0.1:49152'
 */
export async function startOidcProvider(options: StartOidcProviderOptions): Promise<OidcProviderServer> {
  const host = options.host ?? '127.0.0.1'
  // The issuer must be known before the provider is made, so the port is bound first.
  const route: { handler?: (req: IncomingMessage, res: ServerResponse) => void } = {}
  const server = createServer((req, res) => {
    if (route.handler) route.handler(req, res)
    else res.writeHead(503).end()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, resolve)
  })
  const { port } = server.address() as AddressInfo
  const issuer = `http://${host}:${port}`

  const { default: Provider } = (await import('oidc-provider')) as unknown as { default: new (issuer: string, config: unknown) => ProviderInstance }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const users = new Map<string, (typeof DEV_OIDC_USERS)[number]>(DEV_OIDC_USERS.map((user) => [user.id, user]))
  const provider = new Provider(issuer, {
    clients: DEV_OIDC_PROVIDERS.map((name) => {
      const { clientId, clientSecret } = devOidcClient(name)
      return { client_id: clientId, client_secret: clientSecret, redirect_uris: [...options.redirectUris], grant_types: ['authorization_code'], response_types: ['code'] }
    }),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'dev-1', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    async findAccount(_ctx: unknown, id: string) {
      const user = users.get(id)
      if (!user) return undefined
      return {
        accountId: id,
        claims: async () => ({ sub: id, name: user.name, preferred_username: user.username, email: user.email, email_verified: true }),
      }
    },
  })
  const oidc = provider.callback()

  route.handler = (req, res) => {
    const match = /^\/interaction\/([-\w]+)$/.exec(req.url ?? '')
    if (!match) return oidc(req, res)
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res)
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
          res.end(loginPage(details.uid, String(details.params.client_id)))
          return
        }
        const form = await readForm(req)
        if (form.get('cancel')) {
          await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The visitor cancelled the login' }, { mergeWithLastSubmission: false })
          return
        }
        const accountId = form.get('user') ?? ''
        if (!users.has(accountId)) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('Pick one of the test users')
          return
        }
        // Consent is implied on this development provider: the grant covers what was asked.
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
        grant.addOIDCScope(String(details.params.scope ?? 'openid'))
        const grantId = await grant.save()
        await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false })
      } catch (error) {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' })
        res.end(`Login failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    })()
  }

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
