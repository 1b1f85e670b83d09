/**
 * The examples as a developer installs them before Portico is on the npm registry, from
 * the packed packages, outside the workspace (issue 29). One pack serves them all: the
 * three packages are packed into `release/` of a temp folder laid out as the repository
 * is, and each example is copied to `examples/<name>` beside it, so their package.json's
 * `file:../../release/…` dependencies resolve as in a clone.
 *
 * - examples/mint-dapp (docs/testing-your-dapp.md): installed, built and served by its own
 *   scripts, the kit started with `npx portico-dev` from its folder; its own browser test
 *   (`npm test`: node --test over mint.test.mjs, Playwright through
 *   `portico/testing/playwright`) mints through the injected dev wallet, the embedded
 *   wallet and the kit's WalletConnect wallet page.
 * - examples/nextjs, examples/plain-html, examples/cosmos-plugin: the commands of each
 *   README, as written there; the block that packs is the one `npm run release:check`
 *   stands for here, and the page a last `npm start` serves is fetched.
 *
 * It drives a browser, but through the dapp's own test process, not the e2e project's
 * pages: it runs in the node project, beside the browser tests, so the two halves of
 * `npm test` take about the same time.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { freePort } from './freePort'
import { npmInstallWithin, run, withLocalSqlitePrebuild } from './npmPack'
import { packAll } from './releaseCheck'

jest.setTimeout(900_000)

const root = path.resolve(__dirname, '..')
const tmp = mkdtempSync(path.join(os.tmpdir(), 'portico-examples-'))
const children: ChildProcess[] = []
/** What the examples' commands run with: better-sqlite3 from a local prebuild, not compiled (see withLocalSqlitePrebuild). */
let exampleEnv: NodeJS.ProcessEnv

beforeAll(() => {
  const started = Date.now()
  packAll(path.join(tmp, 'release'))
  console.log(`packed the three packages in ${secondsSince(started)} s`)
  const prebuilds = path.join(tmp, 'prebuilds')
  mkdirSync(prebuilds)
  exampleEnv = withLocalSqlitePrebuild(prebuilds)
}, 900_000)

/** Seconds since `started`, for the logs. */
const secondsSince = (started: number) => Math.round((Date.now() - started) / 1000)

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(-child.pid!, 'SIGINT')
    await exited
  }
  rmSync(tmp, { recursive: true, force: true })
})

/** Copies examples/`name` beside the packed packages, without what a build or an install left. */
function copyExample(name: string): string {
  const dir = path.join(tmp, 'examples', name)
  cpSync(path.join(root, 'examples', name), dir, { recursive: true, filter: (file) => !/[/\\](node_modules|build|dist|\.next|portico|portico-dev\.json|next-env\.d\.ts)$/.test(file) })
  return dir
}

/** Starts `command` in its own process group (stopped as Ctrl+C would); resolves once a stdout line matches `ready`. */
function start(command: string, args: string[], cwd: string, ready: RegExp, env: NodeJS.ProcessEnv = exampleEnv): Promise<ChildProcess> {
  // stdin stays open: esbuild's server stops when it closes.
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] })
  children.push(child)
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => (ready.test(line) ? resolve(child) : (output += `${line}\n`)))
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)))
  })
}

describe('examples/mint-dapp', () => {
  it('installed from the packed packages and started with `npx portico-dev` from its own folder, passes its own Playwright test: a mint with the injected dev wallet, one with the embedded wallet and one over WalletConnect', async () => {
    const dapp = copyExample('mint-dapp')
    const started = Date.now()
    // better-sqlite3 (the kit's server) comes from the local prebuild; when it cannot, it
    // compiles from source: minutes, not seconds.
    npmInstallWithin({ timeoutMs: 10 * 60_000, env: exampleEnv }, dapp)
    const version = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as { version: string }).version
    if (version(dapp) === version(root)) {
      expect(existsSync(path.join(dapp, 'node_modules', 'better-sqlite3', 'build', 'Makefile'))).toBe(false) // not compiled: the prebuild was used
    }
    console.log(`examples/mint-dapp: installed in ${secondsSince(started)} s`)
    run('npm', ['run', 'build'], dapp, undefined, exampleEnv)

    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    // The kit from the dapp's folder: the installed bin, no tsx and no source of this repository.
    await start('npx', ['portico-dev', '--json', '--origin', origin, '--out', path.join(dapp, 'public/portico-dev.json')], dapp, /^\{/)
    await start(process.execPath, ['serve.mjs'], dapp, /^Mint dapp on/, { ...exampleEnv, PORT: String(port) })

    let report: string
    try {
      report = execFileSync('npm', ['test'], { cwd: dapp, env: { ...exampleEnv, DAPP_URL: origin }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 5 * 60_000, killSignal: 'SIGKILL' })
    } catch (error) {
      throw new Error(`the dapp's npm test failed:\n${String((error as { stdout?: unknown }).stdout)}\n${String((error as { stderr?: unknown }).stderr)}`, { cause: error })
    }
    expect(report).toMatch(/# pass 3\b/)
    expect(report).toMatch(/# fail 0\b/)
  })
})

/** The block every example's README starts its install with: what `packAll` does here. */
const PACK_BLOCK = [
  '# In the repository root, once: Portico is not on the npm registry yet, so build and',
  '# pack it into release/ (release/portico/portico-0.1.0.tgz; docs/releasing.md).',
  'npm install',
  'npm run release:check -- --no-tests',
].join('\n')

/**
 * The README's install section (the heading `heading`): its first `sh` block, which must
 * be {@link PACK_BLOCK}, and the commands of its second, which must start with
 * `cd examples/<name>` (left out of what is returned).
 */
function readmeCommands(readme: string, heading: string, name: string): { pack: string; commands: string[] } {
  const section = readme.split(/^## /m).find((part) => part.startsWith(`${heading}\n`))
  if (!section) throw new Error(`no "## ${heading}" section`)
  const blocks = [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!.trimEnd())
  if (blocks.length !== 2) throw new Error(`"## ${heading}" holds ${blocks.length} sh blocks, not 2 (the pack, then the example's commands)`)
  const lines = blocks[1]!.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'))
  if (lines[0] !== `cd examples/${name}`) throw new Error(`the example's block starts with '${lines[0]}', not 'cd examples/${name}'`)
  return { pack: blocks[0]!, commands: lines.slice(1) }
}

/** Fetches `url` until it answers 200 (a server just started); its body. */
async function fetchWhenUp(url: string, timeoutMs = 60_000): Promise<string> {
  const started = Date.now()
  for (;;) {
    try {
      const response = await fetch(url)
      if (response.ok) return await response.text()
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe("the examples' README commands, from a copy beside the packed packages", () => {
  const examples = [
    { name: 'plain-html', heading: 'Run it', page: '/', expected: '<portico-connect-button', alsoServes: '/portico/portico.js' },
    { name: 'cosmos-plugin', heading: 'Install and check it' },
    { name: 'nextjs', heading: 'Run it', page: '/', expected: 'Portico on Next.js' },
  ] as const

  it.each(examples)('examples/$name', async (example) => {
    const { pack, commands } = readmeCommands(readFileSync(path.join(root, 'examples', example.name, 'README.md'), 'utf8'), example.heading, example.name)
    expect(pack).toBe(PACK_BLOCK)
    const dir = copyExample(example.name)
    const port = await freePort()
    const env = { ...exampleEnv, PORT: String(port) }
    const serves = 'page' in example && commands.at(-1)!.endsWith('npm start')
    const started = Date.now()
    for (const command of serves ? commands.slice(0, -1) : commands) {
      execFileSync('sh', ['-c', command], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 5 * 60_000, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 })
    }
    if ('page' in example) {
      expect(serves).toBe(true)
      await start('sh', ['-c', commands.at(-1)!], dir, /./, env)
      expect(await fetchWhenUp(`http://127.0.0.1:${port}${example.page}`)).toContain(example.expected)
      if ('alsoServes' in example) expect((await fetch(`http://127.0.0.1:${port}${example.alsoServes}`)).status).toBe(200)
    }
    console.log(`examples/${example.name}: its README's commands in ${secondsSince(started)} s`)
  })
})
