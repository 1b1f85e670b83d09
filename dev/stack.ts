// The local stack, as one function: used by `npm start` and by the browser tests so
// both run exactly the same thing. Starts the reference server as its own process and
// two local EVM chains (anvil, ids 1 and 10, test token deployed), builds the demo dapp
// with the development injected wallet, and serves it with a strict CSP; a local
// WalletConnect relay and the development WalletConnect wallet page. The reference
// server also serves the secure frame page (built here) on a port of its own, so the
// embedded wallet runs on a different origin from the demo, as it does in production.
import { spawn, type ChildProcess } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { buildSecurePage } from '../secure/build'
import { buildDemo } from './build'
import { startDevChains, type DevChains } from './chain'
import { startRelay } from './relay'
import { buildDevWallet } from './wallets/injected/build'
import { serveWalletConnectWallet } from './wallets/walletconnect/build'
import { contentSecurityPolicy, serveStatic } from './staticServer'

const root = path.resolve(__dirname, '..')

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`reference server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/health`)).ok) return
    } catch {
      // Not listening yet: try again.
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms`)
}

export type StackOptions = {
  /** Ports default to free ones. */
  demoPort?: number
  serverPort?: number
  relayPort?: number
  walletConnectWalletPort?: number
  /** The secure frame page's port (its own origin). */
  securePort?: number
  /** Holds the server's SQLite file; a fresh temp folder by default. */
  dataDir?: string
  outdir?: string
  quiet?: boolean
}

export type Stack = {
  demoUrl: string
  serverUrl: string
  /** The secure frame page's origin (served by the reference server process). */
  secureUrl: string
  /** The local WalletConnect relay (ws://). */
  relayUrl: string
  /** The development WalletConnect wallet page; add `?uri=wc:…` to pair, `&auto=1` to approve. */
  walletConnectWalletUrl: string
  /** The local EVM chains (ids 1 and 10) with the test token deployed on each. */
  chains: DevChains
  stop(): Promise<void>
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const serverPort = options.serverPort ?? (await freePort())
  const serverUrl = `http://127.0.0.1:${serverPort}`
  const dataDir = options.dataDir ?? path.join(os.tmpdir(), `portico-stack-${process.pid}-${serverPort}`)
  const securePort = options.securePort ?? (await freePort())
  const secureUrl = `http://127.0.0.1:${securePort}`
  // The server reads the page's files per request, so it may start before the build ends.
  const secureDir = path.join(dataDir, 'secure-page')
  const server = spawn(process.execPath, [require.resolve('tsx/cli'), path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      SQLITE_FILE: path.join(dataDir, 'portico.sqlite'),
      PORTICO_MASTER_KEY_FILE: path.join(dataDir, 'master.key'),
      SECURE_ORIGIN: secureUrl,
      SECURE_PAGE_DIR: secureDir,
      SECURE_PAGE_PORT: String(securePort),
      LOG_LEVEL: options.quiet ? 'silent' : (process.env.LOG_LEVEL ?? 'info'),
    },
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
  })
  const chainsStarting = startDevChains()
  const relayStarting = startRelay({ port: options.relayPort ?? 0 })
  try {
    const [{ outdir }, chains, relay] = await Promise.all([buildDemo({ outdir: options.outdir }), chainsStarting, relayStarting, waitForHealth(serverUrl, server)])
    const [, , wcWallet] = await Promise.all([
      buildDevWallet({ outdir, config: { rpcUrls: chains.rpcUrls } }),
      buildSecurePage({
        outdir: secureDir,
        apiUrl: serverUrl,
        rpcUrls: Object.fromEntries(Object.entries(chains.rpcUrls).map(([chainId, url]) => [`eip155:${chainId}`, url])),
      }),
      serveWalletConnectWallet({ config: { relayUrl: relay.url, rpcUrls: chains.rpcUrls }, port: options.walletConnectWalletPort ?? 0 }),
    ])
    const endpoints = { blockchainApi: serverUrl, walletListing: serverUrl, relay: relay.url, secureFrame: secureUrl }
    // What the demo page reads at start: service URLs and the local networks.
    const dev = { networks: chains.networks, token: { address: chains.chains[0]!.token.address, symbol: chains.chains[0]!.token.symbol } }
    await writeFile(
      path.join(outdir, 'endpoints.js'),
      `globalThis.PORTICO_ENDPOINTS = ${JSON.stringify(endpoints)}\nglobalThis.PORTICO_DEV = ${JSON.stringify(dev)}\n`,
    )
    const csp = contentSecurityPolicy([serverUrl, secureUrl, relay.url, ...Object.values(chains.rpcUrls)])
    const demo = await serveStatic({ dir: outdir, port: options.demoPort ?? 0, csp })
    return {
      demoUrl: demo.url,
      serverUrl,
      secureUrl,
      relayUrl: relay.url,
      walletConnectWalletUrl: wcWallet.url,
      chains,
      async stop() {
        await demo.close()
        await wcWallet.close()
        await relay.stop()
        await chains.stop()
        server.kill('SIGTERM')
        await new Promise<void>((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', () => resolve())))
      },
    }
  } catch (error) {
    server.kill('SIGTERM')
    await chainsStarting.then((chains) => chains.stop()).catch(() => undefined)
    await relayStarting.then((relay) => relay.stop()).catch(() => undefined)
    throw error
  }
}
