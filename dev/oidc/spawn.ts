/**
 * Starts dev/oidc/main.ts as a child process (under tsx) and waits for its issuer line.
 * Used by dev/stack.ts and by the server tests, which run under Jest's CommonJS
 * transform and so cannot load the ESM-only `oidc-provider` in process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { type ProcessExit, processExit } from '../processExit'
import { DEV_OIDC_PROVIDERS, devOidcClient, type DevOidcProvider } from './clients'

export { DEV_OIDC_PROVIDERS, devOidcClient, type DevOidcProvider }

export type SpawnedOidcProvider = {
  issuer: string
  stop(): Promise<void>
  /** The process (tsx, which runs the provider in a child of its own and exits with it). */
  pid: number
  /** Resolves when the process exits, stopped or not. */
  exited: Promise<ProcessExit>
}

/**
 * @example
 * const oidc = await spawnOidcProvider({ redirectUris: [`${serverUrl}/auth/v1/social/callback`] })
 */
export async function spawnOidcProvider(options: {
  port?: number
  redirectUris: readonly string[]
  timeoutMs?: number
  /** The node arguments that run dev/oidc/main.ts: under tsx by default; its built copy in the `portico-dev` package. */
  program?: readonly string[]
}): Promise<SpawnedOidcProvider> {
  const child: ChildProcess = spawn(process.execPath, [...(options.program ?? [require.resolve('tsx/cli'), path.join(__dirname, 'main.ts')])], {
    env: { ...process.env, OIDC_PORT: String(options.port ?? 0), OIDC_REDIRECT_URIS: options.redirectUris.join(',') },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    await exited
  }
  try {
    const issuer = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the dev OIDC provider did not start in time')), options.timeoutMs ?? 30_000)
      const lines = createInterface({ input: child.stdout! })
      // The provider's own warnings may come first: the issuer is the first JSON line.
      lines.on('line', (line) => {
        if (!line.startsWith('{"issuer"')) return
        clearTimeout(timer)
        lines.close()
        child.stdout!.resume()
        resolve((JSON.parse(line) as { issuer: string }).issuer)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the dev OIDC provider exited with code ${code}`))
      })
    })
    return { issuer, stop, pid: child.pid!, exited: processExit(child) }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The server's SOCIAL_PROVIDERS value for the dev provider: the six providers on one issuer. */
export function devSocialProvidersEnv(issuer: string): string {
  return JSON.stringify(Object.fromEntries(DEV_OIDC_PROVIDERS.map((name) => [name, { issuer, ...devOidcClient(name) }])))
}
