/**
 * The reference server as an operator runs it: its own Node process of
 * server/main.ts (through tsx, as `npm run server` does), configured only by
 * environment variables. Several of these on one DATABASE_URL are several instances.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'

export interface ServerProcess {
  /** Where it listens, as it printed it, e.g. http://127.0.0.1:41234. */
  url: string
  /** The one-time code the development mailbox last printed for `email` (DEV_MAILBOX on). */
  codeFor(email: string, purpose?: string): string
  /** Everything it printed so far, stdout then stderr. */
  output(): string
  /** False once the process has exited, for whatever reason. */
  running(): boolean
  /** SIGTERM, then waits for the exit (SIGKILL after 10 s). Safe to call twice. */
  stop(): Promise<void>
}

/** Variables of the caller's environment that would change the server's configuration. */
const SERVER_VARIABLES = /^(DATABASE_URL|SQLITE_FILE|PORTICO_.*|SMTP_URL|NODE_ENV|SECURE_ORIGIN|DEV_MAILBOX|TRUST_PROXY|PORT|HOST)$/

/** What to run: a command, its arguments and the folder it runs in. */
export interface ServerProgram {
  command: string
  args: string[]
  cwd: string
}

/** server/main.ts from the repository, through tsx (what `npm run server` runs). */
const fromSource = (): ServerProgram => ({ command: join(process.cwd(), 'node_modules', '.bin', 'tsx'), args: ['server/main.ts'], cwd: process.cwd() })

/**
 * `program` defaults to server/main.ts from source; the packed-package test passes the
 * installed `portico-server` bin instead.
 *
 * @example
 * const a = await startServerProcess({ DATABASE_URL: url, PORT: '0', HOST: '127.0.0.1', PORTICO_MASTER_KEY: key })
 * await fetch(`${a.url}/ready`)
 * await a.stop()
 */
export async function startServerProcess(
  env: Record<string, string>,
  { startTimeoutMs = 60_000, program = fromSource() }: { startTimeoutMs?: number; program?: ServerProgram } = {},
): Promise<ServerProcess> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SERVER_VARIABLES.test(name)))
  const child: ChildProcess = spawn(program.command, program.args, {
    cwd: program.cwd,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())))
  const output = () => `${stdout}${stderr}`

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(killer)
    }
  }

  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    const url = /listening on (http:\/\/[^\s]+) \(/.exec(stdout)?.[1]
    if (url !== undefined) {
      return {
        url,
        output,
        stop,
        running: () => child.exitCode === null && child.signalCode === null,
        codeFor(email, purpose = 'login') {
          const line = `[dev mailbox] ${purpose} code for ${email}: `
          const at = stdout.lastIndexOf(line)
          if (at < 0) throw new Error(`${url} mailed no ${purpose} code to ${email}`)
          return stdout
            .slice(at + line.length)
            .split('\n', 1)[0]!
            .trim()
        },
      }
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`${[program.command, ...program.args].join(' ')} did not start (exit code ${child.exitCode ?? 'none'}):\n${output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Environment for `instances` development processes sharing one PostgreSQL database:
 * give every process the same object (it holds one master key: each instance must open
 * the wallet keys and sessions the others made). The development mailbox prints codes
 * (ServerProcess.codeFor); loopback is the trusted proxy, so callers may play visitors
 * by X-Forwarded-For; chain 1 is configured (SIWE names it) at a port nothing answers,
 * which keeps the indexer idle and is enough for an account's own signatures.
 *
 * @example
 * const env = sharedInstanceEnv({ databaseUrl, instances: 2, project: { id: 'shop', allowedOrigins: ['https://shop.example'] }, secureOrigin: 'https://secure.shop.example' })
 * const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)])
 */
export function sharedInstanceEnv(options: {
  databaseUrl: string
  instances: number
  project: { id: string; allowedOrigins: string[]; analyticsEnabled?: boolean }
  secureOrigin: string
}): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    PORTICO_INSTANCES: String(options.instances),
    NODE_ENV: 'development',
    DEV_MAILBOX: '1',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PORTICO_MASTER_KEY: randomBytes(32).toString('base64'),
    PORTICO_PROJECTS: JSON.stringify([options.project]),
    SECURE_ORIGIN: options.secureOrigin,
    TRUST_PROXY: '127.0.0.1',
    CHAIN_RPC_URLS: '{"eip155:1":"http://127.0.0.1:9"}',
    SOLANA_RPC_URLS: '{}',
  }
}
