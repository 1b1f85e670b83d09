// Finds the anvil binary that the @foundry-rs/anvil npm package installs. The package's
// own `bin.mjs` wrapper spawns the platform binary as a child; we spawn the binary
// directly so that `stop()` signals the node itself, not a wrapper that might outlive it.
import { existsSync } from 'node:fs'
import path from 'node:path'

const platformPackages: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
}

/**
 * The absolute path of the anvil executable for this platform, or of `ANVIL_BIN` when
 * set (for a foundryup-installed anvil).
 *
 * @example
 * spawn(anvilBinaryPath(), ['--port', '0'])
 */
export function anvilBinaryPath(): string {
  const fromEnv = process.env.ANVIL_BIN
  if (fromEnv) return fromEnv
  const key = `${process.platform}-${process.arch}`
  const pkg = platformPackages[key]
  if (!pkg) throw new Error(`anvil: no @foundry-rs/anvil binary package for ${key}; set ANVIL_BIN`)
  let dir: string
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`))
  } catch (cause) {
    throw new Error(`anvil: ${pkg} is not installed (npm install installs it with @foundry-rs/anvil)`, { cause })
  }
  const binary = path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  if (!existsSync(binary)) throw new Error(`anvil: ${binary} is missing`)
  return binary
}
