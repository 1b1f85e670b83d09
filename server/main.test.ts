/**
 * `npm run server` as a process: starts from environment variables, prints its
 * URL, serves, and exits 0 on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type TempSqliteFile, tempSqliteFile } from './test/sqlite'

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')

function startMain(env: Record<string, string>): ChildProcess {
  const {
    DATABASE_URL: _ignored,
    PORTICO_PROJECTS: _alsoIgnored,
    PORTICO_MASTER_KEY: _key,
    SMTP_URL: _smtp,
    NODE_ENV: _nodeEnv,
    ...inherited
  } = process.env
  return spawn(tsx, ['server/main.ts'], { cwd: process.cwd(), env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
}

function collect(stream: NodeJS.ReadableStream | null): { text: () => string } {
  let text = ''
  stream?.on('data', (chunk: Buffer) => (text += chunk.toString()))
  return { text: () => text }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
}

async function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('server/main.ts', () => {
  let sqlite: TempSqliteFile
  let child: ChildProcess | undefined
  beforeEach(() => {
    sqlite = tempSqliteFile()
  })
  afterEach(() => {
    if (child?.exitCode === null) child.kill('SIGKILL')
    sqlite.remove()
  })

  it('listens, prints its URL, serves the dev project, and exits 0 on SIGTERM', async () => {
    child = startMain({ PORT: '0', HOST: '127.0.0.1', SQLITE_FILE: sqlite.file, LOG_LEVEL: 'silent', PORTICO_MASTER_KEY_FILE: join(dirname(sqlite.file), 'master.key') })
    const stdout = collect(child.stdout)
    const stderr = collect(child.stderr)
    const url = await waitFor(() => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout.text())?.[1], `the URL (stderr: ${stderr.text()})`)
    expect(stdout.text()).toContain(`SQLite ${sqlite.file}; projects: portico-dev`)

    const response = await fetch(`${url}/getWallets?projectId=portico-dev&entries=1`, { headers: { origin: 'http://localhost:5173' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(existsSync(sqlite.file)).toBe(true)

    child.kill('SIGTERM')
    expect(await exited(child)).toBe(0)
    expect(stdout.text()).toContain('SIGTERM received, closing')
  }, 30_000)

  it('serves the embedded-wallet API to the secure origin, with a development key file and mailbox', async () => {
    const keyFile = join(dirname(sqlite.file), 'master.key')
    child = startMain({
      PORT: '0', HOST: '127.0.0.1', SQLITE_FILE: sqlite.file, LOG_LEVEL: 'silent',
      PORTICO_MASTER_KEY_FILE: keyFile, SECURE_ORIGIN: 'http://127.0.0.1:8788', NODE_ENV: 'development',
    })
    const stdout = collect(child.stdout)
    const stderr = collect(child.stderr)
    const url = await waitFor(() => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout.text())?.[1], `the URL (stderr: ${stderr.text()})`)
    expect(stderr.text()).toContain(`DEVELOPMENT MASTER KEY created in ${keyFile}`)
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(stdout.text()).toContain('answers the secure page at http://127.0.0.1:8788')

    const headers = { 'content-type': 'application/json', origin: 'http://127.0.0.1:8788' }
    const started = await fetch(`${url}/auth/v1/email/start`, {
      method: 'POST', headers, body: JSON.stringify({ projectId: 'portico-dev', email: 'dev@example.com', deviceId: 'main-test-device-01' }),
    })
    expect(await started.json()).toEqual({ action: 'VERIFY_OTP' })
    const mail = (await (await fetch(`${url}/dev/mailbox/latest?to=dev@example.com`)).json()) as { code: string }
    expect(stdout.text()).toContain(`[dev mailbox] login code for dev@example.com: ${mail.code}`)
    const verified = await fetch(`${url}/auth/v1/email/verify`, {
      method: 'POST', headers, body: JSON.stringify({ projectId: 'portico-dev', email: 'dev@example.com', deviceId: 'main-test-device-01', otp: mail.code }),
    })
    expect(verified.status).toBe(200)

    child.kill('SIGTERM')
    expect(await exited(child)).toBe(0)
  }, 30_000)

  it('serves the secure frame page on its own port', async () => {
    const dir = join(dirname(sqlite.file), 'secure-page')
    mkdirSync(dir)
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>secure</title>')
    child = startMain({
      PORT: '0', HOST: '127.0.0.1', SQLITE_FILE: sqlite.file, LOG_LEVEL: 'silent', SECURE_PAGE_DIR: dir, SECURE_PAGE_PORT: '0',
      PORTICO_MASTER_KEY_FILE: join(dirname(sqlite.file), 'master.key'),
    })
    const stdout = collect(child.stdout)
    const stderr = collect(child.stderr)
    const pageUrl = await waitFor(() => /secure frame page at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout.text())?.[1], `the page URL (stderr: ${stderr.text()})`)
    const page = await fetch(`${pageUrl}/?projectId=portico-dev`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>secure</title>')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect((await fetch(`${pageUrl}/../master.key`)).status).toBe(404)
    expect((await fetch(`${pageUrl}/`, { method: 'POST' })).status).toBe(405)

    child.kill('SIGTERM')
    expect(await exited(child)).toBe(0)
  }, 30_000)

  it.each([
    [{}, 'PORTICO_MASTER_KEY must be set when NODE_ENV=production'],
    [{ PORTICO_MASTER_KEY: 'A'.repeat(43) + '=' }, 'SMTP_URL must be set when NODE_ENV=production'],
    [{ PORTICO_MASTER_KEY: 'A'.repeat(43) + '=', DEV_MAILBOX: '1', SMTP_URL: 'smtp://mail:25' }, 'DEV_MAILBOX cannot be on when NODE_ENV=production'],
  ])('refuses to start in production with %j', async (env, message) => {
    child = startMain({ ...env, NODE_ENV: 'production', SQLITE_FILE: sqlite.file, PORTICO_MASTER_KEY_FILE: join(dirname(sqlite.file), 'master.key') })
    const stderr = collect(child.stderr)
    expect(await exited(child)).toBe(1)
    expect(stderr.text()).toContain(`Portico server failed to start: ${message}`)
    expect(existsSync(join(dirname(sqlite.file), 'master.key'))).toBe(false)
  }, 30_000)

  it('refuses to start on a bad variable, naming it', async () => {
    child = startMain({ PORT: 'eighty', SQLITE_FILE: sqlite.file })
    const stderr = collect(child.stderr)
    expect(await exited(child)).toBe(1)
    expect(stderr.text()).toContain("Portico server failed to start: PORT must be an integer from 0 to 65535, not 'eighty'")
  }, 30_000)
})
