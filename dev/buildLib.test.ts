import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildLib, checkClientEntries, checkProductionEntries, PRODUCTION_ENTRIES } from './buildLib'

jest.setTimeout(120_000)

// The publishable package: what `package.json` "exports" points at must exist and load as ESM.
describe('library build', () => {
  // Inside the repo, so the externals resolve from node_modules as they would for a dapp.
  const cache = path.resolve(__dirname, '..', 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const outdir = mkdtempSync(path.join(cache, 'portico-dist-'))
  afterAll(() => rmSync(outdir, { recursive: true, force: true }))

  it('emits ESM entries, declarations and the stylesheet, and the entry runs in Node', async () => {
    await buildLib(outdir)
    for (const file of [
      'index.mjs',
      'index.d.ts',
      'react/index.mjs',
      'react/index.d.ts',
      'wagmi/index.mjs',
      'wagmi/index.d.ts',
      'solana/index.mjs',
      'solana/index.d.ts',
      'webComponent/index.mjs',
      'webComponent/index.d.ts',
      'styles.css',
    ]) {
      expect(existsSync(path.join(outdir, file))).toBe(true)
    }
    const script = `import(${JSON.stringify(path.join(outdir, 'index.mjs'))}).then((m) => {
      const p = m.createPortico({ projectId: 'x', devtools: false }, { storage: null })
      process.stdout.write(p.getState().network.activeCaipNetworkId)
      p.destroy()
    })`
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '..'), encoding: 'utf8' })).toBe('eip155:1')
    // portico/react is a client module for Next.js's server components; portico is not
    // (a server component calls its cookieToInitialState).
    expect(readFileSync(path.join(outdir, 'react/index.mjs'), 'utf8')).toMatch(/^"use client";/)
    expect(readFileSync(path.join(outdir, 'index.mjs'), 'utf8')).not.toMatch(/use client/)
  })

  it('refuses a client entry that lost its directive', async () => {
    const broken = mkdtempSync(path.join(cache, 'portico-dist-'))
    try {
      mkdirSync(path.join(broken, 'react'))
      writeFileSync(path.join(broken, 'react/index.mjs'), 'export { PorticoProvider } from "../chunks/x.mjs"\n')
      await expect(checkClientEntries(broken)).rejects.toThrow("dist/react/index.mjs does not start with 'use client'")
    } finally {
      rmSync(broken, { recursive: true, force: true })
    }
  })

  it('portico/web-component imports on a server (no HTMLElement there) and defines its elements only when asked', () => {
    const script = `import(${JSON.stringify(path.join(outdir, 'webComponent/index.mjs'))}).then((m) => {
      process.stdout.write([typeof m.mountPortico, typeof m.definePorticoElements, Object.keys(m.PORTICO_ELEMENTS).join(',')].join(' '))
    })`
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '..'), encoding: 'utf8' })).toBe(
      'function function portico-connect-button,portico-account-button,portico-network-button',
    )
  })

  it('portico/testing announces the EVM dev wallet (EIP-6963) and sets window.ethereum; no production entry or chunk it loads holds dev-wallet code', async () => {
    expect((await checkProductionEntries(outdir)).files).toBeGreaterThan(PRODUCTION_ENTRIES.length)
    for (const file of ['testing/index.mjs', 'testing/index.d.ts', 'testing/playwright.mjs', 'testing/playwright.d.ts']) expect(existsSync(path.join(outdir, file))).toBe(true)
    expect(readFileSync(path.join(outdir, 'testing/dev-wallets.js'), 'utf8')).toContain('Portico Dev Wallet')
    const script = `import(${JSON.stringify(path.join(outdir, 'testing/index.mjs'))}).then(async (m) => {
      const page = new EventTarget()
      const names = []
      page.addEventListener('eip6963:announceProvider', (event) => names.push(event.detail.info.name))
      const wallets = await m.installDevWallets({ ...m.devWalletsFromKit({ chains: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:9' }] }), window: page })
      process.stdout.write([names.join(','), wallets.evm.address, page.ethereum === wallets.evm.provider].join(' '))
      wallets.uninstall()
    })`
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.resolve(__dirname, '..'), encoding: 'utf8' })).toBe(
      'Portico Dev Wallet 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 true',
    )
  })

  it('refuses a production chunk that holds dev-wallet code, however deep it is loaded', async () => {
    const broken = mkdtempSync(path.join(cache, 'portico-dist-'))
    try {
      for (const entry of PRODUCTION_ENTRIES) {
        mkdirSync(path.dirname(path.join(broken, entry)), { recursive: true })
        writeFileSync(path.join(broken, entry), 'export const x = 1\n')
      }
      mkdirSync(path.join(broken, 'chunks'))
      writeFileSync(path.join(broken, 'wagmi/index.mjs'), 'export const load = () => import("../chunks/a.mjs")\n')
      writeFileSync(path.join(broken, 'chunks/a.mjs'), 'export * from "./b.mjs"\n')
      writeFileSync(path.join(broken, 'chunks/b.mjs'), 'export const name = "Portico Dev Wallet"\n')
      await expect(checkProductionEntries(broken)).rejects.toThrow("chunks/b.mjs (reached from a production entry) holds development-wallet code ('Portico Dev Wallet')")
    } finally {
      rmSync(broken, { recursive: true, force: true })
    }
  })
})
