/**
 * Runs the local OpenID Connect provider as its own process (tsx, because
 * `oidc-provider` is ESM-only): `OIDC_PORT` (0 = free), `OIDC_REDIRECT_URIS` (comma
 * separated). Prints one JSON line `{"issuer":"http://127.0.0.1:…"}` when it listens;
 * SIGTERM closes it.
 *
 *   OIDC_REDIRECT_URIS=http://127.0.0.1:8787/auth/v1/social/callback npx tsx dev/oidc/main.ts
 */
import { startOidcProvider } from './provider'

async function main() {
  const redirectUris = (process.env.OIDC_REDIRECT_URIS ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean)
  if (redirectUris.length === 0) throw new Error('OIDC_REDIRECT_URIS must list the callback URLs the clients accept')
  const oidc = await startOidcProvider({ port: Number(process.env.OIDC_PORT ?? 0), redirectUris })
  process.stdout.write(`${JSON.stringify({ issuer: oidc.issuer })}\n`)
  const stop = () => void oidc.close().then(() => process.exit(0))
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((error: unknown) => {
  console.error(`dev OIDC provider failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
