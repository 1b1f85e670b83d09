// "Test what users install" (issue 14): the tarball `npm pack` makes (the `prepack` script
// builds dist/ first), installed from the npm registry into a fresh dapp outside the repo,
// the way a dapp installs it: first without wagmi, then with it; then (issue 20) EVM-only
// with its package count, and with every namespace's peers.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build } from 'esbuild'
import { countPackages } from '../bench/packages'
import { browserEsm } from './esbuildOptions'
import { ALL_NAMESPACE_PEERS, EVM_ONLY_PEERS, NamespaceInstalls } from './namespacePeers'
import { npmInstall, npmPack, run } from './npmPack'

jest.setTimeout(10 * 60_000)

const root = path.resolve(__dirname, '..')
const tsc = require.resolve('typescript/bin/tsc')
const WAGMI_PACKAGES = ['wagmi', '@wagmi/core', '@tanstack/react-query']

/** Runs an ES module in the dapp; its stdout, or the error's message when it exits non-zero. */
function node(cwd: string, source: string): string {
  try {
    return run(process.execPath, ['--input-type=module', '-e', source], cwd)
  } catch (error) {
    return String((error as { stderr?: unknown }).stderr || (error as Error).message)
  }
}

/** A fresh dapp folder: an ES module package.json and nothing installed. */
function newDapp(dir: string) {
  mkdirSync(dir)
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'dapp', version: '1.0.0', private: true, type: 'module' }, null, 2))
}

/**
 * Bundles `source` in the dapp as its bundler would for the browser, lazy chunks
 * included: a dynamic import of a package the dapp did not install fails the build, though
 * Node would only fail on the call. Returns esbuild's errors (empty when it built).
 */
async function bundleErrors(cwd: string, source: string): Promise<string[]> {
  try {
    await build({ ...browserEsm, sourcemap: false, logLevel: 'silent', absWorkingDir: cwd, stdin: { contents: source, resolveDir: cwd, loader: 'tsx' }, outdir: path.join(cwd, 'out') })
    return []
  } catch (error) {
    return ((error as { errors?: { text: string }[] }).errors ?? [{ text: String(error) }]).map((e) => e.text)
  }
}

/** The packages the declaration files reachable from `entries` (relative imports followed) import. */
function declaredPackages(entries: readonly string[]): Set<string> {
  const packages = new Set<string>()
  const seen = new Set<string>()
  const queue = [...entries]
  while (queue.length > 0) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'([^']+)'/g)) {
      if (!specifier!.startsWith('.'))
        packages.add(
          specifier!
            .split('/')
            .slice(0, specifier!.startsWith('@') ? 2 : 1)
            .join('/'),
        )
      else {
        // './x' is x.d.ts or, for a folder, x/index.d.ts.
        const target = path.resolve(path.dirname(file), specifier!.replace(/\.(m?js|d\.ts)$/, ''))
        queue.push(existsSync(`${target}.d.ts`) ? `${target}.d.ts` : path.join(target, 'index.d.ts'))
      }
    }
  }
  return packages
}

/** Every installed copy of a package below `dir`/node_modules, nested ones included, as paths. */
function installedCopies(dir: string, name: string): string[] {
  const found: string[] = []
  const walk = (modules: string) => {
    let entries: string[]
    try {
      entries = readdirSync(modules)
    } catch {
      return
    }
    for (const entry of entries) {
      const packages = entry.startsWith('@') ? readdirSync(path.join(modules, entry)).map((inner) => `${entry}/${inner}`) : [entry]
      for (const pkg of packages) {
        if (pkg === name) found.push(path.relative(dir, path.join(modules, pkg)))
        walk(path.join(modules, pkg, 'node_modules'))
      }
    }
  }
  walk(path.join(dir, 'node_modules'))
  return found
}

describe('the packed package, installed in a dapp', () => {
  const started = Date.now()
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'portico-packed-'))
  const packDir = path.join(tmp, 'pack')
  const app = path.join(tmp, 'dapp')
  let tarball = ''
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))

  it('npm pack builds dist/ afresh and packs dist/ and README.md, with every entry package.json names', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      files: string[]
      scripts: Record<string, string>
      main: string
      module: string
      types: string
      exports: Record<string, string | Record<string, string>>
    }
    expect(pkg.files).toEqual(expect.arrayContaining(['dist', 'README.md']))
    expect(pkg.scripts.prepack).toBe('tsx dev/buildLib.ts')

    mkdirSync(packDir)
    const { tarball: packedTarball, files: packed } = npmPack(root, packDir)
    tarball = packedTarball
    expect(statSync(path.join(root, 'dist', 'index.mjs')).mtimeMs).toBeGreaterThanOrEqual(started - 1000)

    expect(packed.filter((file) => !file.startsWith('dist/') && file !== 'README.md' && file !== 'package.json')).toEqual([])
    expect(packed.filter((file) => /\.test\.|__snapshots__/.test(file))).toEqual([])
    // A source map whose sources are not in the tarball sends an editor's go-to-definition
    // and a bundler's map loader to files the dapp does not have.
    const unshipped = packed
      .filter((file) => file.endsWith('.map'))
      .flatMap((file) => {
        const map = JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { sources: string[]; sourcesContent?: unknown[] }
        if (map.sourcesContent?.length === map.sources.length) return []
        return map.sources.map((source) => path.posix.join(path.posix.dirname(file), source)).filter((source) => !packed.includes(source))
      })
    expect(unshipped).toEqual([])
    const targets = [pkg.main, pkg.module, pkg.types, ...Object.values(pkg.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))]
    expect(targets.map((target) => target.replace(/^\.\//, '')).filter((target) => !packed.includes(target))).toEqual([])
  })

  it('an EVM-only dapp (react, react-dom, viem) installs at most 150 packages, none of Solana or Bitcoin, and its bundle resolves', async () => {
    const evm = path.join(tmp, 'evm')
    newDapp(evm)
    npmInstall(evm, tarball, ...EVM_ONLY_PEERS)
    // Counted as the bench counts (bench/packages.ts): the closure of the dapp's direct dependencies.
    expect(countPackages(evm, ['portico', ...EVM_ONLY_PEERS]).count).toBeLessThanOrEqual(150)
    expect([...NamespaceInstalls.solana.peers, ...NamespaceInstalls.bip122.peers].flatMap((name) => installedCopies(evm, name))).toEqual([])
    const errors = await bundleErrors(
      evm,
      `import { createPortico, eip155 } from 'portico'
import { ConnectButton, PorticoProvider } from 'portico/react'
import 'portico/styles.css'
console.log(createPortico({ projectId: 'x', plugins: [eip155()] }), ConnectButton, PorticoProvider)
`,
    )
    expect(errors).toEqual([])
    // Nor do its types name them (under skipLibCheck, as most dapps set it, a type from a
    // package that is not installed would silently become any).
    const dist = path.join(evm, 'node_modules/portico/dist')
    const declared = declaredPackages([path.join(dist, 'index.d.ts'), path.join(dist, 'react/index.d.ts')])
    expect([...NamespaceInstalls.solana.peers, ...NamespaceInstalls.bip122.peers, '@wallet-standard/base'].filter((name) => declared.has(name))).toEqual([])
  })

  it('a dapp on every namespace adds the Solana and Bitcoin peers: portico/solana and portico/bitcoin bundle and run', async () => {
    const all = path.join(tmp, 'all')
    newDapp(all)
    npmInstall(all, tarball, ...ALL_NAMESPACE_PEERS)
    const source = `import { createPortico, eip155 } from 'portico'
import { bip122, bitcoin, isBitcoinAddress } from 'portico/bitcoin'
import { PorticoWalletAdapter, solana, solanaMainnet, isSolanaAddress } from 'portico/solana'
const portico = createPortico({ projectId: 'x', devtools: false, plugins: [eip155(), solana(), bip122()], networks: [solanaMainnet, bitcoin] }, { storage: null })
const result = {
  networks: portico.getState().network.networks.map((n) => n.caipNetworkId),
  bitcoin: isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'),
  solana: isSolanaAddress('So11111111111111111111111111111111111111112'),
  adapter: typeof PorticoWalletAdapter,
}
portico.destroy()
process.stdout.write(JSON.stringify(result))
`
    expect(await bundleErrors(all, source)).toEqual([])
    writeFileSync(path.join(all, 'check.mjs'), source)
    expect(JSON.parse(run(process.execPath, ['check.mjs'], all))).toEqual({
      networks: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'bip122:000000000019d6689c085ae165831e93'],
      bitcoin: true,
      solana: true,
      adapter: 'function',
    })
    // Importing portico/solana and portico/bitcoin types getProvider('solana') and getProvider('bip122').
    writeFileSync(
      path.join(all, 'app.ts'),
      `import { createPortico } from 'portico'
import { solana } from 'portico/solana'
import { bip122 } from 'portico/bitcoin'

const portico = createPortico({ projectId: 'x', plugins: [solana(), bip122()] })
export const wallet: { readonly name: string } = portico.getProvider('solana')
export const signPsbt = portico.getProvider('bip122').signPsbt
// @ts-expect-error the EIP-1193 provider has no Wallet Standard name
export const notAWallet: { readonly name: string } = portico.getProvider('eip155')
`,
    )
    const compilerOptions = { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true, skipLibCheck: true, types: [], lib: ['es2023', 'dom'] }
    writeFileSync(path.join(all, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.ts'] }))
    let output = ''
    try {
      run(process.execPath, [tsc, '-p', 'tsconfig.json'], all)
    } catch (error) {
      output = String((error as { stdout?: unknown }).stdout)
    }
    expect(output).toBe('')
  })

  it('installs without wagmi: none of the optional peers comes along, and portico runs in Node', () => {
    newDapp(app)
    npmInstall(app, tarball, ...EVM_ONLY_PEERS)

    expect(WAGMI_PACKAGES.flatMap((name) => installedCopies(app, name))).toEqual([])
    const script = `import('portico').then((m) => {
      const p = m.createPortico({ projectId: 'x', devtools: false }, { storage: null })
      process.stdout.write(p.getState().network.activeCaipNetworkId)
      p.destroy()
    })`
    expect(node(app, script)).toBe('eip155:1')
  })

  it('installs wagmi, viem and @tanstack/react-query beside it, with one copy of viem', () => {
    npmInstall(app, 'wagmi', 'viem', '@tanstack/react-query')
    // viem is a peer of portico and of wagmi: both use the dapp's own copy, so wagmi and
    // Portico's provider share one viem. Two copies would mean two sets of error classes
    // (instanceof fails across them) and twice the bytes.
    expect(installedCopies(app, 'viem')).toEqual(['node_modules/viem'])
  })

  // npm puts @wagmi/core inside node_modules/wagmi/node_modules, where portico could not
  // import it; portico/wagmi imports only its types, so it runs with wagmi alone.
  it('with wagmi alone (its @wagmi/core nested out of reach), porticoConnector works in createConfig', () => {
    writeFileSync(
      path.join(app, 'check.mjs'),
      `import { createPortico } from 'portico'
import { porticoConnector } from 'portico/wagmi'
import { createConfig, http } from 'wagmi'
import { mainnet } from 'wagmi/chains'

const portico = createPortico({ projectId: 'x', devtools: false }, { storage: null })
const config = createConfig({
  chains: [mainnet],
  connectors: [porticoConnector({ portico })],
  transports: { [mainnet.id]: http() },
  multiInjectedProviderDiscovery: false,
})
const connector = config.connectors[0]
const result = {
  connectors: config.connectors.length,
  id: connector.id,
  authorized: await connector.isAuthorized(),
  chainId: await connector.getChainId(),
  accounts: await portico.getProvider('eip155', { allowDisconnected: true }).request({ method: 'eth_accounts' }),
}
portico.destroy()
process.stdout.write(JSON.stringify(result))
`,
    )
    const out = run(process.execPath, ['check.mjs'], app)
    expect(JSON.parse(out)).toEqual({ connectors: 1, id: 'portico', authorized: false, chainId: 1, accounts: [] })
  })

  it('with @wagmi/core a dependency of the dapp too (as docs/wagmi.md says for TypeScript), the published types resolve: portico/wagmi in createConfig type-checks (bundler and nodenext resolution)', () => {
    npmInstall(app, '@wagmi/core')
    expect(installedCopies(app, 'viem')).toEqual(['node_modules/viem'])
    writeFileSync(
      path.join(app, 'app.ts'),
      `import { createPortico } from 'portico'
import { porticoConnector } from 'portico/wagmi'
import { createConfig, http, type Connector } from 'wagmi'
import { mainnet } from 'wagmi/chains'

const portico = createPortico({ projectId: 'x' })
export const config = createConfig({
  chains: [mainnet],
  connectors: [porticoConnector({ portico })],
  transports: { [mainnet.id]: http() },
})
export const connector: Connector | undefined = config.connectors[0]
// Typed, not any: under skipLibCheck an import a .d.ts cannot resolve silently becomes any,
// and then these directives go unused, which is an error.
// @ts-expect-error a number is no connector
export const notAConnector: ReturnType<typeof porticoConnector> = 5
// @ts-expect-error the connector needs a Portico instance
porticoConnector({})
// @ts-expect-error projectId is a string
createPortico({ projectId: 1 })
`,
    )
    for (const [module, moduleResolution] of [
      ['esnext', 'bundler'],
      ['nodenext', 'nodenext'],
    ] as const) {
      // skipLibCheck as dapps set it: wagmi's own declarations do not check without @types/react.
      const compilerOptions = { target: 'es2022', module, moduleResolution, strict: true, noEmit: true, skipLibCheck: true, types: [], lib: ['es2023', 'dom'] }
      writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.ts'] }))
      let output = ''
      try {
        run(process.execPath, [tsc, '-p', 'tsconfig.json'], app)
      } catch (error) {
        output = `${moduleResolution}: ${String((error as { stdout?: unknown }).stdout)}`
      }
      expect(output).toBe('')
    }
  })
})
