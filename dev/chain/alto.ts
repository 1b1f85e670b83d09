// The ERC-4337 bundler of a local chain: Pimlico's Alto (`@pimlico/alto`, GPL-3.0, a
// devDependency), run as its own process against the chain's anvil, as an operator runs
// it beside their server (docs/self-hosting.md, "Bundler"). Nothing of Alto is bundled
// into the library or the server: they talk to it over JSON-RPC only.
//
// Alto needs EntryPoint v0.7 at its canonical address (dev/chain/accountAbstraction.ts)
// and deploys its own simulation contracts at start through the CREATE2 deployer. It
// runs with `--safe-mode false`: safe mode enforces the ERC-7562 storage and opcode
// rules by tracing validation with geth's `debug_traceCall` JavaScript tracer, which
// anvil does not implement; the EntryPoint's own checks (signature, nonce, prefund, fees)
// still run on every user operation.
//
// It serves only its `v2` API: on `v1` (Alto's default) it skips the checks of the
// operation's gas price and preVerificationGas, so an operation priced below what its
// bundle costs is sent and the executor pays the difference (issue 28's probe: a tip of 0
// at the base fee landed and cost the executor ~0.00026 ETH).
import { spawn } from 'node:child_process'
import path from 'node:path'
import { keccak256, parseEther, stringToHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Address } from 'viem/account-abstraction'
import { freePort } from '../freePort'
import { type ProcessExit, processExit } from '../processExit'
import { DEV_PRIVATE_KEYS } from './devAccounts'
import { localClients } from './localClients'
import { deployAccountAbstraction } from './accountAbstraction'
import { deployVerifyingPaymaster } from './paymaster'
import { once, startLocalChain, terminate, type LocalChain } from './localChain'

/**
 * Alto's keys on the local chains: fixed, derived from public strings, so they hold
 * nothing anywhere else. Apart from the development accounts, so no test or dev wallet
 * that sends from those races Alto for a nonce. The executor signs and pays for the
 * bundles (the user operations' fees pay it back); the utility account refills it.
 */
export const ALTO_EXECUTOR_KEY: Hex = /* @__PURE__ */ keccak256(stringToHex('portico/dev/alto/executor'))
export const ALTO_UTILITY_KEY: Hex = /* @__PURE__ */ keccak256(stringToHex('portico/dev/alto/utility'))

/** What each of Alto's accounts is given at start, from the first development account. */
export const ALTO_ACCOUNT_FUNDING = parseEther('100')

export type LocalAltoOptions = {
  /** The chain's RPC URL (anvil on 127.0.0.1, with the EntryPoint deployed). */
  rpcUrl: string
  /** TCP port; a free one by default. Alto listens on every interface (it has no host option). */
  port?: number | undefined
  /** Pays Alto's accounts their {@link ALTO_ACCOUNT_FUNDING}; the first development key by default. */
  funderKey?: Hex | undefined
  /** How long to wait for Alto to answer. Default 60 s (it deploys its simulation contracts first). */
  startupTimeoutMs?: number | undefined
  /** Forward Alto's log (warnings and errors) to this process's stderr. */
  verbose?: boolean | undefined
}

export type LocalAlto = {
  /** Alto's JSON-RPC endpoint, e.g. http://127.0.0.1:4337/rpc. */
  url: string
  /** The executor account that sends the bundles. */
  executor: Address
  pid: number
  /** Resolves when Alto's process exits, stopped or not. */
  exited: Promise<ProcessExit>
  /** Stops Alto and waits for it to exit. Safe to call more than once. */
  stop(): Promise<void>
}

/** Alto's command-line entry in node_modules (`bin.alto` of @pimlico/alto). */
export function altoCliPath(): string {
  return path.join(require.resolve('@pimlico/alto'), '..', 'cli', 'alto.js')
}

/**
 * Funds Alto's accounts, starts Alto on the chain and resolves once it answers
 * `eth_supportedEntryPoints` with EntryPoint v0.7.
 *
 * @example
 * const chain = await startLocalChain({ chainId: 1 })
 * await deployAccountAbstraction(chain.rpcUrl)
 * const alto = await startLocalAlto({ rpcUrl: chain.rpcUrl })
 * // createBundlerClient({ client, transport: http(alto.url) })
 * await alto.stop()
 */
/** The JSON-RPC endpoint of a local Alto listening on `port`. */
export const altoUrl = (port: number): string => `http://127.0.0.1:${port}/rpc`

export async function startLocalAlto(options: LocalAltoOptions): Promise<LocalAlto> {
  const executor = privateKeyToAccount(ALTO_EXECUTOR_KEY).address
  await fund(options.rpcUrl, options.funderKey ?? DEV_PRIVATE_KEYS[0], [executor, privateKeyToAccount(ALTO_UTILITY_KEY).address])
  const port = options.port ?? (await freePort())
  const timeoutMs = options.startupTimeoutMs ?? 60_000
  const args = [
    altoCliPath(),
    ['--entrypoints', entryPoint07Address],
    ['--executor-private-keys', ALTO_EXECUTOR_KEY],
    ['--utility-private-key', ALTO_UTILITY_KEY],
    ['--rpc-url', options.rpcUrl],
    ['--port', String(port)],
    ['--safe-mode', 'false'],
    ['--api-version', 'v2'],
    ['--default-api-version', 'v2'],
    // anvil mines each transaction at once; Alto polls for receipts at this interval.
    ['--block-time', '250'],
    ['--log-level', 'warn'],
  ].flat()
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  // A test runner that dies must not leave bundlers behind.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  let output = ''
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
    if (options.verbose) process.stderr.write(chunk)
  }
  child.stdout!.on('data', onData)
  child.stderr!.on('data', onData)
  const stop = once(async () => {
    process.removeListener('exit', killOnExit)
    await terminate(child)
  })
  const exited = processExit(child)
  const url = altoUrl(port)
  try {
    await waitUntilServing(url, exited, timeoutMs)
    return { url, executor, pid: child.pid!, exited, stop }
  } catch (error) {
    await stop()
    throw new Error(`Alto did not start on ${options.rpcUrl}: ${(error as Error).message}\n${output}`, { cause: error })
  }
}

async function fund(rpcUrl: string, funderKey: Hex, accounts: readonly Address[]): Promise<void> {
  const { publicClient, walletClient } = await localClients(rpcUrl, funderKey)
  for (const address of accounts) {
    if ((await publicClient.getBalance({ address })) >= ALTO_ACCOUNT_FUNDING) continue
    const hash = await walletClient.sendTransaction({ to: address, value: ALTO_ACCOUNT_FUNDING })
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  }
}

/** Polls `eth_supportedEntryPoints` until Alto lists EntryPoint v0.7; fails at once if Alto exits. */
async function waitUntilServing(url: string, exited: Promise<ProcessExit>, timeoutMs: number): Promise<void> {
  let exit: ProcessExit | undefined
  void exited.then((e) => (exit = e))
  const started = Date.now()
  let last = ''
  while (Date.now() - started < timeoutMs) {
    if (exit !== undefined) throw new Error(`it exited (code ${exit.code}, signal ${exit.signal})`)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      })
      const body = (await response.json()) as { result?: unknown }
      if (Array.isArray(body.result) && body.result.includes(entryPoint07Address)) return
      last = JSON.stringify(body)
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no answer to eth_supportedEntryPoints within ${timeoutMs} ms (last: ${last})`)
}

export type LocalBundlerChain = { chain: LocalChain; alto: LocalAlto; stop(): Promise<void> }

/**
 * A local chain ready for user operations, as the stack has each of its chains: anvil,
 * EntryPoint v0.7 and Safe's account contracts, the VerifyingPaymaster with its deposit
 * (dev/chain/paymaster.ts), and Alto in front of it. For tests.
 *
 * @example
 * const { chain, alto, stop } = await startLocalBundlerChain({ chainId: 1 })
 * // BUNDLER_URLS = { 'eip155:1': alto.url }
 */
export async function startLocalBundlerChain(options: { chainId?: number } = {}): Promise<LocalBundlerChain> {
  const chain = await startLocalChain({ chainId: options.chainId ?? 1 })
  try {
    await deployAccountAbstraction(chain.rpcUrl)
    await deployVerifyingPaymaster(chain.rpcUrl)
    const alto = await startLocalAlto({ rpcUrl: chain.rpcUrl })
    return {
      chain,
      alto,
      async stop() {
        await alto.stop()
        await chain.stop()
      },
    }
  } catch (error) {
    await chain.stop()
    throw error
  }
}
