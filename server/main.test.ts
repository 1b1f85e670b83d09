/**
 * `npm run server` as a process: starts from environment variables, prints its
 * URL, serves, and exits 0 on SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type PostgresInstance, startPostgres } from './test/postgres'
import { type TempSqliteFile, tempSqliteFile } from './test/sqlite'
import { createTestDevice } from './test/dpop'

/** Production settings an operator would give (docs/self-hosting.md, "Production"); each test adds the database. */
function productionEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORTICO_MASTER_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: 'smtps://portico:secret@mail.shop.example:465',
    PORTICO_PROJECTS: '[{"id":"shop","allowedOrigins":["https://shop.example"]}]',
    SECURE_ORIGIN: 'https://secure.shop.example',
  }
}

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')

function startMain(env: Record<string, string>): ChildProcess {
  const {
    DATABASE_URL: _ignored,
    PORTICO_PROJECTS: _alsoIgnored,
    PORTICO_MASTER_KEY: _key,
    SMTP_URL: _smtp,
    NODE_ENV: _nodeEnv,
    PORTICO_ENV: _porticoEnv,
    PORTICO_INSTANCES: _instances,
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
    // Written right after the URL, on the other stream: wait for it rather than race it.
    await waitFor(() => (stderr.text().includes('Portico server: development mode: development settings are allowed. Set NODE_ENV=production') ? true : undefined), 'the development-mode note')

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
      PORT: '0',
      HOST: '127.0.0.1',
      SQLITE_FILE: sqlite.file,
      LOG_LEVEL: 'silent',
      PORTICO_MASTER_KEY_FILE: keyFile,
      SECURE_ORIGIN: 'http://127.0.0.1:8788',
      NODE_ENV: 'development',
    })
    const stdout = collect(child.stdout)
    const stderr = collect(child.stderr)
    const url = await waitFor(() => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout.text())?.[1], `the URL (stderr: ${stderr.text()})`)
    expect(stderr.text()).toContain(`DEVELOPMENT MASTER KEY created in ${keyFile}`)
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(stdout.text()).toContain('answers the secure page at http://127.0.0.1:8788')

    const headers = { 'content-type': 'application/json', origin: 'http://127.0.0.1:8788' }
    const started = await fetch(`${url}/auth/v1/email/start`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ projectId: 'portico-dev', email: 'dev@example.com', deviceId: 'main-test-device-01' }),
    })
    expect(await started.json()).toEqual({ action: 'VERIFY_OTP' })
    const mail = (await (await fetch(`${url}/dev/mailbox/latest?to=dev@example.com`)).json()) as { code: string }
    expect(stdout.text()).toContain(`[dev mailbox] login code for dev@example.com: ${mail.code}`)
    // The login proves the secure page's device key (DPoP); the session is bound to it.
    const device = await createTestDevice(Date.now)
    const verified = await fetch(`${url}/auth/v1/email/verify`, {
      method: 'POST',
      headers: { ...headers, dpop: await device.prove({ method: 'POST', url: `${url}/auth/v1/email/verify` }) },
      body: JSON.stringify({ projectId: 'portico-dev', email: 'dev@example.com', deviceId: 'main-test-device-01', otp: mail.code }),
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
      PORT: '0',
      HOST: '127.0.0.1',
      SQLITE_FILE: sqlite.file,
      LOG_LEVEL: 'silent',
      SECURE_PAGE_DIR: dir,
      SECURE_PAGE_PORT: '0',
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

  it('refuses to start in production with development settings, naming each, and writes no key file', async () => {
    child = startMain({ NODE_ENV: 'production', DEV_MAILBOX: '1', SQLITE_FILE: sqlite.file, PORTICO_MASTER_KEY_FILE: join(dirname(sqlite.file), 'master.key') })
    const stderr = collect(child.stderr)
    expect(await exited(child)).toBe(1)
    expect(stderr.text()).toContain(
      [
        'Portico server failed to start: NODE_ENV=production refuses development settings; change these 5:',
        '  - PORTICO_MASTER_KEY must be set: the development key file (PORTICO_MASTER_KEY_FILE) is never used in production',
        '  - DEV_MAILBOX cannot be on: it shows one-time codes to anyone who asks',
        '  - SMTP_URL must be set: one-time codes are sent by email',
        '  - PORTICO_PROJECTS must be set:',
      ].join('\n'),
    )
    expect(stderr.text()).toContain('  - SECURE_ORIGIN must be set: the default http://127.0.0.1:8788 is the development secure page')
    expect(existsSync(join(dirname(sqlite.file), 'master.key'))).toBe(false)
    expect(existsSync(sqlite.file)).toBe(false)
  }, 30_000)

  it('refuses SQLite when PORTICO_INSTANCES says several processes share the database', async () => {
    child = startMain({ ...productionEnv(), PORTICO_INSTANCES: '2', SQLITE_FILE: sqlite.file })
    const stderr = collect(child.stderr)
    expect(await exited(child)).toBe(1)
    expect(stderr.text()).toContain('Portico server failed to start: NODE_ENV=production refuses development settings; change this one:\n  - DATABASE_URL must be set when PORTICO_INSTANCES=2')
  }, 30_000)

  describe('on PostgreSQL', () => {
    let pg: PostgresInstance
    beforeAll(async () => {
      pg = await startPostgres()
    }, 60_000)
    afterAll(() => pg?.stop())

    it('starts in production with a correct configuration of two instances, and is ready', async () => {
      child = startMain({ ...productionEnv(), PORTICO_INSTANCES: '2', DATABASE_URL: await pg.createDatabase(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' })
      const stdout = collect(child.stdout)
      const stderr = collect(child.stderr)
      const url = await waitFor(() => /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout.text())?.[1], `the URL (stderr: ${stderr.text()})`)
      expect(stdout.text()).toContain('PostgreSQL')
      expect(stderr.text()).not.toContain('DEVELOPMENT MASTER KEY')
      expect(stderr.text()).not.toContain('development mode')
      expect((await fetch(`${url}/ready`)).status).toBe(200)
      expect((await fetch(`${url}/dev/mailbox/latest?to=a@b.co`)).status).toBe(404)
      const origins = await fetch(`${url}/projects/v1/origins?projectId=shop`)
      expect(await origins.json()).toEqual({ allowedOrigins: ['https://shop.example'] })
      child.kill('SIGTERM')
      expect(await exited(child)).toBe(0)
    }, 60_000)
  })

  it('refuses to start on a bad variable, naming it', async () => {
    child = startMain({ PORT: 'eighty', SQLITE_FILE: sqlite.file })
    const stderr = collect(child.stderr)
    expect(await exited(child)).toBe(1)
    expect(stderr.text()).toContain("Portico server failed to start: PORT must be an integer from 0 to 65535, not 'eighty'")
  }, 30_000)
})
