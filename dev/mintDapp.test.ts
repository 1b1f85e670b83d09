/**
 * docs/testing-your-dapp.md, run: the example dapp (examples/mint-dapp) outside the
 * workspace, installed from the packed package as a developer installs it, built and
 * served by its own scripts, with the kit (dev/kit.ts) started for its origin. Its own
 * browser test (`npm test`: node --test over mint.test.mjs, Playwright through
 * `portico/testing/playwright`) mints through the injected dev wallet and through the
 * embedded wallet and through the kit's WalletConnect wallet page (issue 29).
 *
 * It drives a browser, but through the dapp's own test process, not the e2e project's
 * pages: it runs in the node project, beside the browser tests, so the two halves of
 * `npm test` take about the same time.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { freePort } from './freePort'
import { npmInstall, npmPack, outsideEnv, run } from './npmPack'

jest.setTimeout(900_000)

const root = path.resolve(__dirname, '..')
const tmp = mkdtempSync(path.join(os.tmpdir(), 'portico-mint-dapp-'))
const dapp = path.join(tmp, 'dapp')
const children: ChildProcess[] = []

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(-child.pid!, 'SIGINT')
    await exited
  }
  rmSync(tmp, { recursive: true, force: true })
})

/** Starts `args` in its own process group (stopped as Ctrl+C would); resolves once a stdout line matches `ready`. */
function start(args: string[], cwd: string, ready: RegExp, env: NodeJS.ProcessEnv = outsideEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => ready.test(line) && resolve(child))
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${stderr}`)))
  })
}

it('the example dapp, installed from the packed package and started with the kit, passes its own Playwright test: a mint with the injected dev wallet, one with the embedded wallet and one over WalletConnect', async () => {
  mkdirSync(path.join(tmp, 'pack'))
  const { tarball } = npmPack(root, path.join(tmp, 'pack'))
  cpSync(path.join(root, 'examples/mint-dapp'), dapp, { recursive: true, filter: (file) => !/[/\\](node_modules|build|portico-dev\.json)$/.test(file) })
  const pkg = JSON.parse(readFileSync(path.join(dapp, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  pkg.dependencies.portico = `file:${tarball}`
  writeFileSync(path.join(dapp, 'package.json'), JSON.stringify(pkg, null, 2))
  npmInstall(dapp)
  run('npm', ['run', 'build'], dapp)

  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  await start(['--import', 'tsx', path.join(root, 'dev/kit.ts'), '--json', '--origin', origin, '--out', path.join(dapp, 'public/portico-dev.json')], root, /^\{/, process.env)
  await start(['serve.mjs'], dapp, /^Mint dapp on/, { ...outsideEnv, PORT: String(port) })

  let report: string
  try {
    report = execFileSync('npm', ['test'], { cwd: dapp, env: { ...outsideEnv, DAPP_URL: origin }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 5 * 60_000, killSignal: 'SIGKILL' })
  } catch (error) {
    throw new Error(`the dapp's npm test failed:\n${String((error as { stdout?: unknown }).stdout)}\n${String((error as { stderr?: unknown }).stderr)}`, { cause: error })
  }
  expect(report).toMatch(/# pass 3\b/)
  expect(report).toMatch(/# fail 0\b/)
})
