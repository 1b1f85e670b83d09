// What the "test what users install" tests share (dev/packedPackage.test.ts,
// server/packedServer.test.ts): running npm outside the repository's own npm context,
// and `npm pack` with the list of files it packed.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** The environment without the npm_* variables of an enclosing `npm test`: they describe this repository. */
export const outsideEnv: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'NODE_ENV'))

/**
 * Runs a command to completion; its stdout (throws with stderr on a non-zero exit). Past
 * `timeoutMs` it is killed outright: an npm install once stalled here with a network
 * request that never ended, and went on after SIGTERM.
 */
export function run(command: string, args: readonly string[], cwd: string, timeoutMs = 5 * 60_000, env: NodeJS.ProcessEnv = outsideEnv): string {
  return execFileSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 })
}

/**
 * `npm install` in `cwd`. It talks to the registry, which may stall: an attempt that has
 * not ended in 3 minutes (a normal one takes under one) is killed and tried once more.
 */
export const npmInstall = (cwd: string, ...args: string[]): string => npmInstallWithin({ timeoutMs: 3 * 60_000 }, cwd, ...args)

/**
 * {@link npmInstall} with another limit per attempt: an install that compiles a native
 * module (better-sqlite3 from source, which `portico-dev` brings through the server) takes
 * minutes on a loaded machine, and an attempt killed halfway leaves it unbuilt, since the
 * second attempt finds it installed and does not run its install script again.
 */
export function npmInstallWithin({ timeoutMs, env = outsideEnv }: { timeoutMs: number; env?: NodeJS.ProcessEnv }, cwd: string, ...args: string[]): string {
  const install = () => run('npm', ['install', '--no-audit', '--no-fund', ...args], cwd, timeoutMs, env)
  try {
    return install()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ETIMEDOUT') throw error
    return install()
  }
}

/**
 * {@link outsideEnv} plus a local prebuild of better-sqlite3 for the installs that bring
 * it (the kit's server): a tarball made in `dir` from the repository's own installed, built
 * better-sqlite3, named as prebuild-install looks for it. This machine has no internet but
 * the npm registry, so prebuild-install cannot download the prebuilt binary a developer
 * gets, and better-sqlite3 would compile from source (3–4 minutes on a loaded machine);
 * the repository's binary is the same one, built for this Node. The name carries the
 * repository's version and this Node's ABI: an install that resolves another version finds
 * no file of its name and compiles as before. Without a built binary here it is the plain
 * {@link outsideEnv}.
 */
export function withLocalSqlitePrebuild(dir: string): NodeJS.ProcessEnv {
  const installed = path.join(__dirname, '..', 'node_modules', 'better-sqlite3')
  const binary = 'build/Release/better_sqlite3.node'
  if (!existsSync(path.join(installed, binary))) return outsideEnv
  const { version } = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { version: string }
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`
  execFileSync('tar', ['-czf', path.join(dir, name), '-C', installed, binary])
  // prebuild-install reads npm_config_<package>_local_prebuilds (npm warns that it does not know it).
  return { ...outsideEnv, npm_config_better_sqlite3_local_prebuilds: dir }
}

export interface Packed {
  /** Path of the .tgz in the destination folder. */
  tarball: string
  /** The files it holds, relative to the package folder (package.json included). */
  files: string[]
}

/**
 * `npm pack` of the package in `dir` into the empty folder `destination` (its `prepack`
 * script runs first unless `--ignore-scripts` is among `args`).
 */
export function npmPack(dir: string, destination: string, ...args: string[]): Packed {
  // The prepack script's output comes first on stdout, then npm's JSON report.
  const out = run('npm', ['pack', '--json', '--pack-destination', destination, ...args], dir)
  const report = JSON.parse(out.slice(out.search(/^\[/m))) as { filename: string; files: { path: string }[] }[]
  const tarball = path.join(
    destination,
    readdirSync(destination).find((file) => file.endsWith('.tgz'))!,
  )
  if (path.basename(tarball) !== report[0]!.filename) throw new Error(`npm pack reported ${report[0]!.filename} but wrote ${tarball}`)
  return { tarball, files: report[0]!.files.map((file) => file.path) }
}
