/**
 * Checks that a deployed secure page runs exactly the code this source tree builds.
 * It reads the deployment's config.js (the only file that differs between deployments:
 * the server and RPC URLs), builds the page from this checkout with that config, and
 * compares every file index.html loads, byte for byte through their hashes. With SRI on
 * each of them, a matching index.html means the browser can run nothing else.
 *
 *   npx tsx secure/verifyDeployment.ts https://wallet.example.com
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildSecurePage } from './build'
import { readSecureConfig } from './config'
import { PAGE_FILES, pageHash, sri } from './pageIntegrity'

export type DeploymentCheck = {
  /** True when every file matches this checkout's build. */
  matches: boolean
  /** The deployed index.html's sha256, hex (compare with a published value). */
  page: string
  /** What differs, one sentence per file. */
  mismatches: string[]
}

const CONFIG_SCRIPT = /^globalThis\.PORTICO_SECURE_CONFIG = (\{.*\})\n?$/s

/**
 * @example
 * const check = await verifyDeployment('http://127.0.0.1:8788')
 * if (!check.matches) console.error(check.mismatches.join('\n'))
 */
export async function verifyDeployment(pageUrl: string, { fetch: fetchImpl = globalThis.fetch }: { fetch?: typeof fetch } = {}): Promise<DeploymentCheck> {
  const base = new URL(pageUrl.endsWith('/') ? pageUrl : `${pageUrl}/`)
  const get = async (file: string): Promise<Buffer> => {
    const response = await fetchImpl(new URL(file, base), { cache: 'no-store', redirect: 'error' })
    if (!response.ok) throw new Error(`${new URL(file, base).href} answered ${response.status}`)
    return Buffer.from(await response.arrayBuffer())
  }
  const deployed = Object.fromEntries(await Promise.all(['index.html', ...PAGE_FILES].map(async (file) => [file, await get(file)] as const))) as Record<string, Buffer>
  const match = CONFIG_SCRIPT.exec(deployed['config.js']!.toString('utf8'))
  if (match === null) throw new Error('config.js is not the one secure/build.ts writes (globalThis.PORTICO_SECURE_CONFIG = {…})')
  const config = readSecureConfig(JSON.parse(match[1]!))

  const workdir = await mkdtemp(path.join(tmpdir(), 'portico-secure-verify-'))
  try {
    const built = await buildSecurePage({ outdir: workdir, ...config })
    const mismatches: string[] = []
    for (const file of ['index.html', ...PAGE_FILES]) {
      const expected = sri(await readFile(path.join(built.outdir, file)))
      const actual = sri(deployed[file]!)
      if (expected !== actual) mismatches.push(`${file}: deployed ${actual}, this source builds ${expected}`)
    }
    return { matches: mismatches.length === 0, page: pageHash(deployed['index.html']!), mismatches }
  } finally {
    await rm(workdir, { recursive: true, force: true })
  }
}

if (require.main === module) {
  const url = process.argv[2]
  if (url === undefined) {
    console.error('usage: npx tsx secure/verifyDeployment.ts <secure page URL>')
    process.exitCode = 2
  } else {
    verifyDeployment(url).then(
      ({ matches, page, mismatches }) => {
        if (matches) console.log(`The page at ${url} is what this source builds. Page hash (sha256 of index.html): ${page}`)
        else console.error(`The page at ${url} is NOT what this source builds:\n${mismatches.join('\n')}`)
        process.exitCode = matches ? 0 : 1
      },
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error)
        process.exitCode = 2
      },
    )
  }
}
