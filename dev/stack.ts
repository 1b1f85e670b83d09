// The local stack, as one function: used by `npm start` and by the browser tests so
// both run exactly the same thing. Starts the reference server as its own process and
// two local EVM chains (anvil, ids 1 and 10, test token deployed) each with its ERC-4337
// bundler (Alto, its own process: dev/chain/alto.ts), builds the demo dapp
// with the development injected wallet, and serves it with a strict CSP; a local
// WalletConnect relay and the development WalletConnect wallet page. The reference
// server also serves the secure frame page (built here) on a port of its own, so the
// embedded wallet runs on a different origin from the demo, as it does in production.
// The Solana RPC (LiteSVM) and Esplora stand-ins run in this process; the demo gets
// their URLs and the Solana and Bitcoin dev wallets, funded at start.
//
// Nothing runs half-dead (docs/self-hosting.md, "npm start"): the child processes are
// watched. The reference server keeps its state in its SQLite file, so when it dies it
// is reported by name and started again (at most 3 times a minute; a clean exit, code 0,
// was asked for and stops the stack instead). A chain, the OIDC provider or a bundler
// that dies would come back without its deployed contracts, clients or pending user
// operations, so the whole stack stops with a message naming it (`halted`). The in-process services end
// only with this process.
import { spawn, type ChildProcess } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { deployAccountAbstraction } from './chain/accountAbstraction'
import { DEV_SPONSOR_KEY, VERIFYING_PAYMASTER_ADDRESS, deployVerifyingPaymaster } from './chain/paymaster'
import { altoUrl, startLocalAlto, type LocalAlto } from './chain/alto'
import { devAccounts, DEV_PRIVATE_KEYS } from './chain/devAccounts'
import { deployPool } from './chain/pool'
import { startDevChains, type DevChains } from './chain'
import { startEsplora, type Esplora } from './esplora'
import { devFarcasterCustody, startFarcasterRelay, type FarcasterRelay } from './farcaster/relay'
import { devSocialProvidersEnv, spawnOidcProvider, type SpawnedOidcProvider } from './oidc/spawn'
import { startRelay } from './relay'
import { DEV_TEST_TOKEN_AMOUNT, solanaLocalnet, startSolanaRpc, TEST_SPL_TOKEN, type SolanaRpc } from './solana'
import { bitcoinRegtest } from '../src/plugins/bip122/networks'
import { BitcoinDevWallet } from './wallets/bitcoin/wallet'
import { DEV_BITCOIN_ORDINALS_KEY_HEX, DEV_BITCOIN_PAYMENT_KEY_HEX, DEV_SOLANA_SEED_HEX, fromHex } from './wallets/devKeys'
import { createSolanaDevWallet } from './wallets/solana/wallet'
import { serveWalletConnectWalletPage } from './wallets/walletconnect/serve'
import { sourceAssets, type StackAssets } from './stackAssets'
import { contentSecurityPolicy, serveStatic } from './staticServer'
import { describeExit, processExit, type ProcessExit } from './processExit'
import { freePort } from './freePort'
import { DEV_PROJECT_ID, devProject } from '../server/projects'
import { DEV_SPONSORSHIP_POLICY, type SponsorshipPolicy } from '../server/accountAbstraction/sponsorshipPolicy'

export { freePort }

const root = path.resolve(__dirname, '..')

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`reference server ${describeExit({ code: child.exitCode, signal: child.signalCode })}`)
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
  solanaRpcPort?: number
  esploraPort?: number
  /** The secure frame page's port (its own origin). */
  securePort?: number
  /**
   * The secure page's host name in its origin (it listens on 127.0.0.1 either way).
   * Default 127.0.0.1; 'localhost' for passkeys, whose relying party must be a domain.
   */
  secureHost?: '127.0.0.1' | 'localhost'
  /** The local OpenID Connect provider's port (social login stand-in). */
  oidcPort?: number
  /** The Farcaster relay stand-in's port. */
  farcasterRelayPort?: number
  /** Holds the server's SQLite file; a fresh temp folder by default. */
  dataDir?: string
  /**
   * Where the demo is built and served from: the stack's own folder by default (`dataDir`/demo).
   * Never a folder another stack serves: the build empties it, and the stack writes its own
   * endpoints (server, relay, chains) into it, so two stacks on one folder (a browser test
   * beside dev/stack.test.ts) send one's pages to the other's services.
   */
  outdir?: string
  quiet?: boolean
  /** Where the stack reports a service that died, its restart, or why it stopped. Default console.error. */
  report?: (line: string) => void
  /**
   * The browser origins the reference server's development project allows (a dapp's own
   * page, `portico-dev --origin`), beside the stack's own demo page. Default: any
   * `http://localhost:*` and `http://127.0.0.1:*` page.
   */
  origins?: readonly string[]
  /**
   * Changes to the development project's gas sponsorship policy (DEV_SPONSORSHIP_POLICY),
   * e.g. `{ perUserPerDayOperations: 1 }` to see the daily limit refuse.
   */
  sponsorship?: Partial<SponsorshipPolicy>
  /**
   * Where the server, the OIDC stand-in and the pages come from: built from this
   * repository's sources by default; the `portico-dev` package's prebuilt copies
   * (dev/stackAssets.ts).
   */
  assets?: StackAssets
}

/** A child process of the stack, by the name its messages use. */
export type StackService = { name: string; pid: number }

/** The reference server is started again at most this many times in {@link SERVER_RESTART_WINDOW_MS}. */
export const SERVER_RESTARTS = 3
export const SERVER_RESTART_WINDOW_MS = 60_000

export type Stack = {
  demoUrl: string
  /** The folder the demo is served from, with this stack's endpoints and dev wallets written in. */
  demoDir: string
  serverUrl: string
  /** The reference server's SQLite file (portico.sqlite) and master key (master.key) live here. */
  dataDir: string
  /** The secure frame page's origin (served by the reference server process). */
  secureUrl: string
  /** The local WalletConnect relay (ws://). */
  relayUrl: string
  /**
   * A relay outage as the dapp and the wallet meet it: `stop()` takes the relay away
   * (every socket closes, stored messages are dropped), `start()` brings a fresh one back
   * on the same port.
   */
  relay: { stop(): Promise<void>; start(): Promise<void> }
  /** The origins the reference server's development project (`portico-dev`) allows. */
  allowedOrigins: string[]
  /** Each chain's ETH/PTT constant-product pool (the swap stand-in), by CAIP-2 id. */
  pools: Record<string, string>
  /** The development WalletConnect wallet page; add `?uri=wc:…` to pair, `&auto=1` to approve. */
  walletConnectWalletUrl: string
  /** The local EVM chains (ids 1 and 10) with the test token deployed on each. */
  chains: DevChains
  /** Each chain's bundler (Alto) by CAIP-2 id, e.g. { 'eip155:1': 'http://127.0.0.1:41234/rpc' }; the server forwards to these. */
  bundlerUrls: Record<string, string>
  /** The Solana RPC stand-in (LiteSVM); the dev wallet's account holds 10 SOL and 1 000 PTT (TEST_SPL_TOKEN) at start. */
  solana: SolanaRpc
  /** The Esplora stand-in (regtest); the dev wallet's payment address holds 0.01 BTC at start. */
  esplora: Esplora
  /** The addresses of the demo's Solana and Bitcoin dev wallets. */
  devWallets: { solana: string; bitcoin: { payment: string; ordinals: string } }
  /** The local OpenID Connect provider standing in for the six social providers (dev/oidc). */
  oidcIssuer: string
  /** The Farcaster AuthKit relay stand-in (dev/farcaster). */
  farcasterRelayUrl: string
  /** The child processes running now (the server's pid changes when it is restarted). */
  services(): StackService[]
  /**
   * Resolves with the message when the stack stopped itself because a service died
   * (every other service is stopped by then); never on a stop() asked for.
   */
  halted: Promise<string>
  stop(): Promise<void>
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const serverPort = options.serverPort ?? (await freePort())
  const serverUrl = `http://127.0.0.1:${serverPort}`
  const dataDir = options.dataDir ?? path.join(os.tmpdir(), `portico-stack-${process.pid}-${serverPort}`)
  const securePort = options.securePort ?? (await freePort())
  const secureUrl = `http://${options.secureHost ?? '127.0.0.1'}:${securePort}`
  // The server reads the page's files per request, so it may start before the build ends.
  const secureDir = path.join(dataDir, 'secure-page')
  const demoPort = options.demoPort || (await freePort())
  // The server's own development project (any local page) unless the dapp's origins are given.
  const allowedOrigins = options.origins ? [...options.origins, `http://127.0.0.1:${demoPort}`] : devProject({ analyticsEnabled: true }).allowedOrigins
  const chainsStarting = startDevChains()
  const relayStarting = startRelay({ port: options.relayPort ?? 0 })
  const solanaStarting = startSolanaRpc({ port: options.solanaRpcPort ?? 0 })
  const esploraStarting = startEsplora({ port: options.esploraPort ?? 0 })
  const assets = options.assets ?? sourceAssets
  const outdir = options.outdir ?? path.join(dataDir, 'demo')
  const demoBuilding = assets.demo(outdir)
  // Social login: the local OpenID Connect provider (its own process: oidc-provider is ESM-only),
  // whose clients accept the server's callback; Farcaster: the relay stand-in.
  const oidcStarting = spawnOidcProvider({ program: assets.oidcProgram, port: options.oidcPort ?? 0, redirectUris: [`${serverUrl}/auth/v1/social/callback`] })
  const farcasterStarting = startFarcasterRelay({ port: options.farcasterRelayPort ?? 0 })
  let server: ChildProcess | undefined
  let bundlersStarting: Promise<LocalAlto[]> | undefined
  const report = options.report ?? ((line: string) => console.error(line))
  try {
    // The server indexes and reads the local chains, so it starts once they answer.
    // The server reads SOL balances from the Solana stand-in too, so that one is up first as well.
    const [chains, oidc, farcaster, solanaRpc] = await Promise.all([chainsStarting, oidcStarting, farcasterStarting, solanaStarting])
    const caipRpcUrls = Object.fromEntries(chains.chains.map((chain) => [`eip155:${chain.chainId}`, chain.rpcUrl]))
    // A constant-product ETH/PTT pool on each chain, so a quote is an on-chain price and a swap a real transaction.
    const pools = await Promise.all(chains.chains.map((chain) => deployPool(chain.rpcUrl, chain.token.address)))
    const poolAddresses = Object.fromEntries(chains.chains.map((chain, i) => [`eip155:${chain.chainId}`, pools[i]!.address]))
    // ERC-4337 on each chain (EntryPoint v0.7, the smart-account factory): the embedded wallet's smart accounts (docs/smart-accounts.md).
    await Promise.all(chains.chains.map((chain) => deployAccountAbstraction(chain.rpcUrl)))
    // Gas sponsorship: the VerifyingPaymaster and its EntryPoint deposit; the server signs for it with the development sponsor key.
    await Promise.all(chains.chains.map((chain) => deployVerifyingPaymaster(chain.rpcUrl)))
    // The bundler of each chain: Alto, its own process (dev/chain/alto.ts); the server forwards to it.
    // Alto takes seconds to start (it deploys its simulation contracts): on ports chosen now, it
    // starts while the server does, and the stack waits for both.
    const altoPorts = await Promise.all(chains.chains.map(() => freePort()))
    bundlersStarting = Promise.all(chains.chains.map((chain, i) => startLocalAlto({ rpcUrl: chain.rpcUrl, port: altoPorts[i], verbose: !options.quiet })))
    // Awaited below; until then a failure must not count as unhandled (it fails the start there).
    bundlersStarting.catch(() => undefined)
    const bundlerUrls = Object.fromEntries(chains.chains.map((chain, i) => [`eip155:${chain.chainId}`, altoUrl(altoPorts[i]!)]))
    // The local onramp test provider pays purchases from the last development account.
    const onrampFunder = devAccounts[DEV_PRIVATE_KEYS.length - 1]!
    const serverEnv = {
      ...process.env,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      SQLITE_FILE: path.join(dataDir, 'portico.sqlite'),
      PORTICO_MASTER_KEY_FILE: path.join(dataDir, 'master.key'),
      SECURE_ORIGIN: secureUrl,
      SECURE_PAGE_DIR: secureDir,
      SECURE_PAGE_PORT: String(securePort),
      CHAIN_RPC_URLS: JSON.stringify(caipRpcUrls),
      SOLANA_RPC_URLS: JSON.stringify({ [solanaLocalnet(solanaRpc.url).caipNetworkId]: solanaRpc.url }),
      SOLANA_TOKENS: JSON.stringify({ [solanaLocalnet(solanaRpc.url).caipNetworkId]: [{ mint: TEST_SPL_TOKEN.mint, name: TEST_SPL_TOKEN.name, symbol: TEST_SPL_TOKEN.symbol }] }),
      CHAIN_TOKENS: JSON.stringify(Object.fromEntries(chains.chains.map((chain) => [`eip155:${chain.chainId}`, [chain.token.address]]))),
      INDEXER_POLL_MS: '250',
      SOCIAL_PROVIDERS: devSocialProvidersEnv(oidc.issuer),
      SOCIAL_CALLBACK_URL: `${serverUrl}/auth/v1/social/callback`,
      FARCASTER_RELAY_URL: farcaster.url,
      FARCASTER_DEV_CUSTODY: JSON.stringify(devFarcasterCustody()),
      SWAP_POOLS: JSON.stringify(poolAddresses),
      ONRAMP_TEST_PROVIDER_KEY: onrampFunder.privateKey,
      ONRAMP_SENDERS: JSON.stringify({ test: [onrampFunder.address] }),
      BUNDLER_URLS: JSON.stringify(bundlerUrls),
      PAYMASTER_ADDRESS: VERIFYING_PAYMASTER_ADDRESS,
      PAYMASTER_SIGNER_KEY: DEV_SPONSOR_KEY,
      // The developer's own origins (the kit's --origin) or sponsorship policy: the development project with them.
      ...(options.origins || options.sponsorship
        ? { PORTICO_PROJECTS: JSON.stringify([{ id: DEV_PROJECT_ID, allowedOrigins, analyticsEnabled: true, sponsorship: policyJson({ ...DEV_SPONSORSHIP_POLICY, ...options.sponsorship }) }]) }
        : {}),
      LOG_LEVEL: options.quiet ? 'silent' : (process.env.LOG_LEVEL ?? 'info'),
    }
    // One process (tsx as a loader, not its CLI, which would run the server in a child
    // of its own): the pid watched and signalled is the server's.
    const spawnServer = () =>
      spawn(process.execPath, [...assets.serverProgram], {
        cwd: root,
        env: serverEnv,
        stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
      })
    server = spawnServer()
    const [solana, esplora, , firstRelay, bundlers] = await Promise.all([solanaStarting, esploraStarting, demoBuilding, relayStarting, bundlersStarting, waitForHealth(serverUrl, server)])
    // The relay may be stopped and started again (a relay outage, `relay.stop()` / `relay.start()`).
    let relay = firstRelay
    const [, , wcWallet] = await Promise.all([
      assets.evmDevWallet(outdir, { rpcUrls: chains.rpcUrls }),
      // The Solana stand-in too: the embedded wallet sends SOL itself (solana_signAndSendTransaction).
      assets.securePage(secureDir, { apiUrl: serverUrl, rpcUrls: { ...caipRpcUrls, [solanaLocalnet(solana.url).caipNetworkId]: solana.url } }),
      serveWalletConnectWalletPage({
        build: (dir, config) => assets.walletConnectWallet(dir, config),
        config: {
          relayUrl: relay.url,
          rpcUrls: chains.rpcUrls,
          solana: { rpcUrl: solana.url, chains: [solanaLocalnet(solana.url).caipNetworkId] },
          bitcoin: { esploraUrl: esplora.url, chains: [bitcoinRegtest.caipNetworkId] },
        },
        port: options.walletConnectWalletPort ?? 0,
      }),
    ])
    const [devWallets] = await Promise.all([fundChainDevWallets(solana, esplora), assets.chainDevWallets(outdir, { solana: { rpcUrl: solana.url }, bitcoin: { esploraUrl: esplora.url } })])
    const endpoints = { blockchainApi: serverUrl, walletListing: serverUrl, relay: relay.url, secureFrame: secureUrl }
    // What the demo page reads at start: service URLs and the local networks.
    const dev = {
      networks: chains.networks,
      token: { address: chains.chains[0]!.token.address, symbol: chains.chains[0]!.token.symbol },
      // Same address on every local chain (deployed in the same order); anyone may mint.
      nft: { address: chains.chains[0]!.nft.address },
      // The test SPL token too, for the demo's wallet-adapter panel (demo/SolanaTransfers.tsx).
      solana: { rpcUrl: solana.url, network: solanaLocalnet(solana.url), token: { mint: TEST_SPL_TOKEN.mint, decimals: TEST_SPL_TOKEN.decimals, symbol: TEST_SPL_TOKEN.symbol } },
      bitcoin: { esploraUrl: esplora.url, network: bitcoinRegtest },
    }
    await writeFile(path.join(outdir, 'endpoints.js'), `globalThis.PORTICO_ENDPOINTS = ${JSON.stringify(endpoints)}\nglobalThis.PORTICO_DEV = ${JSON.stringify(dev)}\n`)
    const csp = contentSecurityPolicy([serverUrl, secureUrl, relay.url, ...Object.values(chains.rpcUrls), solana.url, esplora.url])
    const demo = await serveStatic({ dir: outdir, port: demoPort, csp })

    let stopping = false
    let resolveHalted: (message: string) => void = () => {}
    const halted = new Promise<string>((resolve) => (resolveHalted = resolve))
    // Once: a stack that halted itself is stopped again by its owner's stop().
    let stopped: Promise<void> | undefined
    const stop = () =>
      (stopped ??= (async () => {
        stopping = true
        await demo.close()
        await wcWallet.close()
        await relay.stop()
        await Promise.all(bundlers.map((bundler) => bundler.stop()))
        await chains.stop()
        await solana.stop()
        await esplora.stop()
        await stopProcess(server)
        await oidc.stop()
        await farcaster.stop()
      })())
    /** A service died that cannot come back as it was: say which, stop everything else. */
    const halt = async (message: string) => {
      if (stopping) return
      report(`Portico stack: ${message}; stopping the whole stack. Run npm start again.`)
      await stop().catch((error: unknown) => report(`Portico stack: error while stopping: ${String(error)}`))
      resolveHalted(message)
    }
    const watch = (name: string, exited: Promise<ProcessExit>, pid: number) =>
      void exited.then((exit) => {
        if (!stopping) void halt(`the ${name} (pid ${pid}) ${describeExit(exit)}; a new one would lack what was set up at start`)
      })
    for (const chain of chains.chains) watch(`local chain eip155:${chain.chainId} (anvil)`, chain.exited, chain.pid)
    chains.chains.forEach((chain, i) => watch(`bundler of eip155:${chain.chainId} (Alto)`, bundlers[i]!.exited, bundlers[i]!.pid))
    watch('OpenID Connect provider', oidc.exited, oidc.pid)

    // The server: reported and started again, unless it keeps dying.
    const restarts: number[] = []
    const watchServer = (child: ChildProcess) =>
      void processExit(child).then(async (exit) => {
        if (stopping) return
        // A clean exit was asked for (a signal to the server alone, or Ctrl+C reaching it
        // first): the operator wants it gone, and the stack without it is half-dead.
        if (exit.code === 0) return halt(`the reference server (pid ${child.pid}) ${describeExit(exit)}`)
        const now = Date.now()
        restarts.push(now)
        while (restarts[0]! < now - SERVER_RESTART_WINDOW_MS) restarts.shift()
        if (restarts.length > SERVER_RESTARTS) {
          return halt(`the reference server (pid ${child.pid}) ${describeExit(exit)}, the ${restarts.length}th time within ${SERVER_RESTART_WINDOW_MS / 1000} s`)
        }
        report(`Portico stack: the reference server (pid ${child.pid}) ${describeExit(exit)}; restarting it (${restarts.length} of ${SERVER_RESTARTS} within ${SERVER_RESTART_WINDOW_MS / 1000} s)`)
        server = spawnServer()
        watchServer(server)
        try {
          await waitForHealth(serverUrl, server)
          report(`Portico stack: the reference server is back at ${serverUrl} (pid ${server.pid})`)
        } catch (error) {
          // Its own exit is watched above; a server that neither answers nor exits is stopped here.
          if (server.exitCode === null && server.signalCode === null) await halt(`the restarted reference server did not answer: ${(error as Error).message}`)
        }
      })
    watchServer(server)

    return {
      demoUrl: demo.url,
      demoDir: outdir,
      serverUrl,
      dataDir,
      secureUrl,
      relayUrl: relay.url,
      relay: {
        stop: () => relay.stop(),
        async start() {
          relay = await startRelay({ port: relay.port })
        },
      },
      walletConnectWalletUrl: wcWallet.url,
      chains,
      bundlerUrls,
      allowedOrigins,
      pools: poolAddresses,
      solana,
      esplora,
      devWallets,
      oidcIssuer: oidc.issuer,
      farcasterRelayUrl: farcaster.url,
      services: () => [
        ...(server?.pid !== undefined && server.exitCode === null && server.signalCode === null ? [{ name: 'reference server', pid: server.pid }] : []),
        ...chains.chains.map((chain) => ({ name: `local chain eip155:${chain.chainId} (anvil)`, pid: chain.pid })),
        ...chains.chains.map((chain, i) => ({ name: `bundler of eip155:${chain.chainId} (Alto)`, pid: bundlers[i]!.pid })),
        { name: 'OpenID Connect provider', pid: oidc.pid },
      ],
      halted,
      stop,
    }
  } catch (error) {
    await stopProcess(server)
    await bundlersStarting?.then((bundlers) => Promise.all(bundlers.map((bundler) => bundler.stop()))).catch(() => undefined)
    await demoBuilding.catch(() => undefined)
    await chainsStarting.then((chains) => chains.stop()).catch(() => undefined)
    await relayStarting.then((relay) => relay.stop()).catch(() => undefined)
    await solanaStarting.then((solana) => solana.stop()).catch(() => undefined)
    await esploraStarting.then((esplora) => esplora.stop()).catch(() => undefined)
    await oidcStarting.then((oidc: SpawnedOidcProvider) => oidc.stop()).catch(() => undefined)
    await farcasterStarting.then((farcaster: FarcasterRelay) => farcaster.stop()).catch(() => undefined)
    throw error
  }
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  await exited
}

/** What the demo's Solana and Bitcoin dev wallets hold at start. */
export const DEV_SOLANA_LAMPORTS = 10_000_000_000n
export const DEV_BITCOIN_SATS = 1_000_000

/**
 * Funds the demo's Solana and Bitcoin dev wallets (fixed keys, dev/wallets/devKeys.ts)
 * on the stand-ins and returns their addresses.
 */
async function fundChainDevWallets(solana: SolanaRpc, esplora: Esplora) {
  const solanaWallet = await createSolanaDevWallet({ rpcUrl: solana.url, seeds: [fromHex(DEV_SOLANA_SEED_HEX)], chains: ['solana:localnet'] })
  const solanaAddress = solanaWallet.dev.addresses()[0]!
  solana.airdrop(solanaAddress, DEV_SOLANA_LAMPORTS)
  await solana.mintTestToken(solanaAddress, DEV_TEST_TOKEN_AMOUNT)
  const bitcoinWallet = new BitcoinDevWallet({ esploraUrl: esplora.url, paymentKey: fromHex(DEV_BITCOIN_PAYMENT_KEY_HEX), ordinalsKey: fromHex(DEV_BITCOIN_ORDINALS_KEY_HEX) })
  const bitcoin = bitcoinWallet.dev.addresses()
  esplora.fund(bitcoin.payment, DEV_BITCOIN_SATS)
  return { solana: solanaAddress, bitcoin }
}

/** A sponsorship policy as PORTICO_PROJECTS writes it: wei as decimal strings. */
function policyJson(policy: SponsorshipPolicy): Record<string, unknown> {
  return { ...policy, perUserPerDayWei: String(policy.perUserPerDayWei), perProjectPerDayWei: String(policy.perProjectPerDayWei) }
}
