// "Test what users install" for the two packages of the workspace (issue 17): `npm pack`
// of the library (the root) and of portico-server (server/, whose prepack builds
// dist/main.js), each installed from the npm registry into a fresh folder outside the
// repository. The library must bring no server dependency; the server's bin must run the
// compiled JavaScript against a real PostgreSQL.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { npmInstall, npmPack } from '../dev/npmPack'
import { registerFrameWallets } from './test/frameWallet'
import { type PostgresInstance, startPostgres } from './test/postgres'
import { type ServerProcess, startServerProcess } from './test/serverProcess'
import { createTestDevice, withProof } from './test/dpop'

jest.setTimeout(10 * 60_000)

const root = path.resolve(__dirname, '..')
const SECURE = 'https://secure.shop.example'

interface Manifest {
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  bin?: Record<string, string>
}
const manifest = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest
const rootManifest = manifest(root)
const serverManifest = manifest(__dirname)
const runtimeDependencies = (pkg: Manifest) => Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })
/** What the library needs at run time: its dependencies and its peers (viem is a peer). */
const libraryRuntime = [...runtimeDependencies(rootManifest), ...Object.keys(rootManifest.peerDependencies ?? {})]
/** What only the server needs at run time (viem and ajv are the library's too). */
const serverOnly = runtimeDependencies(serverManifest).filter((name) => !libraryRuntime.includes(name))

function freshFolder(parent: string, name: string): string {
  const dir = path.join(parent, name)
  mkdirSync(dir)
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true }, null, 2))
  return dir
}

describe('the workspace manifests', () => {
  it('the root lists no server dependency in any dependency field, and the workspace holds server/ and kit/ (portico-dev)', () => {
    expect(serverOnly).toEqual(expect.arrayContaining(['fastify', '@fastify/cors', 'kysely', 'pg', 'better-sqlite3', 'nodemailer']))
    const rootAll = Object.keys({ ...rootManifest.dependencies, ...rootManifest.optionalDependencies, ...rootManifest.devDependencies })
    expect(serverOnly.filter((name) => rootAll.includes(name))).toEqual([])
    // '.' too: Changesets versions only workspace packages, and the library is the root one (docs/releasing.md).
    expect((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces).toEqual(['.', 'server', 'kit'])
  })
})

describe('the packed packages, installed outside the repository', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'portico-server-packed-'))
  let pg: PostgresInstance | undefined
  const servers: ServerProcess[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await pg?.stop()
    rmSync(tmp, { recursive: true, force: true })
  })

  // No prepack here: what npm installs with the library depends only on its package.json,
  // and dev/packedPackage.test.ts checks the built dist/ it ships.
  it('installing the library tarball installs none of the server-only packages', () => {
    mkdirSync(path.join(tmp, 'pack-lib'))
    const { tarball } = npmPack(root, path.join(tmp, 'pack-lib'), '--ignore-scripts')
    const dapp = freshFolder(tmp, 'dapp')
    npmInstall(dapp, '--ignore-scripts', tarball)
    expect(existsSync(path.join(dapp, 'node_modules', 'portico', 'package.json'))).toBe(true)
    expect(serverOnly.filter((name) => existsSync(path.join(dapp, 'node_modules', name)))).toEqual([])
  })

  let installed = ''
  it('npm pack of server/ builds dist/main.js and ships only the compiled server, the default data and the README', () => {
    mkdirSync(path.join(tmp, 'pack-server'))
    const started = Date.now()
    const { tarball, files } = npmPack(__dirname, path.join(tmp, 'pack-server'))
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'dist/main.js', 'data/wallets.json', 'data/images.json']))
    expect(files.filter((file) => !/^(dist\/|data\/[^/]+\.json$|README\.md$|package\.json$)/.test(file))).toEqual([])
    expect(files.filter((file) => file.endsWith('.ts'))).toEqual([])
    expect(serverManifest.bin).toEqual({ 'portico-server': 'dist/main.js' })
    const built = path.join(__dirname, 'dist', 'main.js')
    expect(statSync(built).mtimeMs).toBeGreaterThanOrEqual(started - 1000)
    expect(readFileSync(built, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)

    // --omit=optional: a PostgreSQL deployment needs no native SQLite build (no C++ toolchain).
    installed = freshFolder(tmp, 'operator')
    npmInstall(installed, '--omit=optional', tarball)
    expect(existsSync(path.join(installed, 'node_modules', '.bin', 'portico-server'))).toBe(true)
    expect(existsSync(path.join(installed, 'node_modules', 'fastify'))).toBe(true)
    expect(existsSync(path.join(installed, 'node_modules', 'better-sqlite3'))).toBe(false)
    expect(Date.now() - started).toBeLessThan(4 * 60_000)
  })

  const bin = () => ({ command: path.join(installed, 'node_modules', '.bin', 'portico-server'), args: [], cwd: installed })
  const baseEnv = () => ({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'development',
    DEV_MAILBOX: '1',
    PORTICO_MASTER_KEY: randomBytes(32).toString('base64'),
    PORTICO_PROJECTS: JSON.stringify([{ id: 'shop', allowedOrigins: ['https://shop.example'] }]),
    SECURE_ORIGIN: SECURE,
  })

  it('the installed portico-server serves health, the shipped wallet listing and an email login on PostgreSQL', async () => {
    pg = await startPostgres()
    const server = await startServerProcess({ ...baseEnv(), DATABASE_URL: await pg.createDatabase() }, { program: bin() })
    servers.push(server)
    expect(server.output()).toMatch(/PostgreSQL 127\.0\.0\.1:\d+\/test_/)

    // The secure page's device key: its calls carry a proof of it (DPoP).
    const device = await createTestDevice(Date.now)
    const get = async (route: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.url}${route}`, { headers: await withProof(device, 'GET', `${server.url}${route}`, headers) })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    const post = async (route: string, body: unknown) => {
      const response = await fetch(`${server.url}${route}`, {
        method: 'POST',
        headers: await withProof(device, 'POST', `${server.url}${route}`, { origin: SECURE, 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    expect(await get('/health')).toEqual({ status: 200, body: { status: 'ok' } })
    expect((await get('/ready')).status).toBe(200)
    // The default listing is bundled from server/data/wallets.json into dist/main.js.
    const wallets = await get('/getWallets?projectId=shop&entries=1')
    expect(wallets).toMatchObject({ status: 200, body: { data: [{ id: 'metamask', name: 'MetaMask' }] } })

    // Writes: a one-time code stored in PostgreSQL, then a user and session, then the wallet the frame registers.
    const email = `packed-${randomBytes(4).toString('hex')}@shop.example`
    const deviceId = randomBytes(16).toString('base64url')
    expect(await post('/auth/v1/email/start', { projectId: 'shop', email, deviceId })).toEqual({ status: 200, body: { action: 'VERIFY_OTP' } })
    const verified = await post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp: server.codeFor(email) })
    expect(verified.status).toBe(200)
    const { session } = verified.body as { session: { token: string } }
    const withSession = { origin: SECURE, authorization: `Bearer ${session.token}`, 'x-portico-device': deviceId, 'content-type': 'application/json' }
    const [evm] = await registerFrameWallets(async (route, body) => {
      const url = `${server.url}${route}?projectId=shop`
      const response = await fetch(url, { method: 'POST', headers: await withProof(device, 'POST', url, withSession), body: JSON.stringify(body) })
      return { status: response.status, headers: response.headers, body: await response.json(), text: '' }
    })
    const me = await get('/auth/v1/me?projectId=shop', { origin: SECURE, authorization: `Bearer ${session.token}`, 'x-portico-device': deviceId })
    expect(me).toMatchObject({ status: 200, body: { user: { address: evm!.address, email } } })

    await server.stop()
    expect(server.output()).toContain('SIGTERM received, closing')
  })

  it('without DATABASE_URL and without the optional better-sqlite3, it refuses to start and says what to install', async () => {
    await expect(startServerProcess(baseEnv(), { program: bin() })).rejects.toThrow(
      'SQLite needs the better-sqlite3 package, which is not installed (npm install better-sqlite3); or set DATABASE_URL to use PostgreSQL',
    )
  })
})
