// A real local EVM chain for development and tests: anvil from the @foundry-rs/anvil npm
// package, on 127.0.0.1, with the well-known development accounts funded.
import { spawn, type ChildProcess } from 'node:child_process'
import { type ProcessExit, processExit } from '../processExit'
import { anvilBinaryPath } from './anvil'
import { DEV_ACCOUNT_BALANCE_ETH, DEV_MNEMONIC, DEV_PRIVATE_KEYS, devAccounts, type DevAccount } from './devAccounts'

export type LocalChainOptions = {
  /** EIP-155 chain id; 1 by default so the default network (`eip155:1`) works. */
  chainId?: number | undefined
  /** TCP port on 127.0.0.1; 0 (the default) lets the OS choose a free one. */
  port?: number | undefined
  /** How long to wait for the node to answer. */
  startupTimeoutMs?: number | undefined
  /** Forward anvil's log to this process's stderr (off by default). */
  verbose?: boolean | undefined
}

export type LocalChain = {
  rpcUrl: string
  chainId: number
  /** The ten funded development accounts, first is the deployer. */
  accounts: readonly DevAccount[]
  /**
   * Freezes the node (SIGSTOP): it keeps its port and connections but answers nothing, a
   * hung node as a visitor meets it. `resume()` (SIGCONT) lets it go on where it was.
   */
  pause(): void
  resume(): void
  /** Stops the node and waits for it to exit. Safe to call more than once. */
  stop(): Promise<void>
  /** The anvil process. */
  pid: number
  /** Resolves when the node's process exits, stopped or not. */
  exited: Promise<ProcessExit>
}

/**
 * Starts anvil on 127.0.0.1 and resolves once it answers `eth_chainId` with the
 * requested chain id. Each call is its own node with its own state.
 *
 * @example
 * const chain = await startLocalChain({ chainId: 1 })
 * // chain.rpcUrl: 'http://127.0.0.1:40857', chain.accounts[0].address: '0xf39F...'
 * await chain.stop()
 */
export async function startLocalChain(options: LocalChainOptions = {}): Promise<LocalChain> {
  const chainId = options.chainId ?? 1
  const timeoutMs = options.startupTimeoutMs ?? 15_000
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(chainId),
    '--mnemonic',
    DEV_MNEMONIC,
    '--accounts',
    String(DEV_PRIVATE_KEYS.length),
    '--balance',
    String(DEV_ACCOUNT_BALANCE_ETH),
  ]
  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  // A test runner that dies must not leave nodes behind.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)

  let output = ''
  const pause = () => void child.kill('SIGSTOP')
  const resume = () => void child.kill('SIGCONT')
  const stop = once(async () => {
    process.removeListener('exit', killOnExit)
    // A paused node would hold its SIGTERM until continued.
    if (child.exitCode === null) resume()
    await terminate(child)
  })
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`anvil did not start within ${timeoutMs} ms`)), timeoutMs)
      const onData = (chunk: Buffer) => {
        output += chunk.toString()
        if (options.verbose) process.stderr.write(chunk)
        const match = /Listening on [^\s:]+:(\d+)/.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', onData)
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`anvil exited with code ${code}`))
      })
    })
    const rpcUrl = `http://127.0.0.1:${port}`
    await waitUntilAnswering(rpcUrl, chainId, timeoutMs)
    // Drop the start-up banner; keep draining the pipes so anvil never blocks on them.
    output = ''
    child.stdout!.removeAllListeners('data')
    child.stderr!.removeAllListeners('data')
    child.stdout!.on('data', (chunk: Buffer) => options.verbose && process.stderr.write(chunk))
    child.stderr!.on('data', (chunk: Buffer) => options.verbose && process.stderr.write(chunk))
    return { rpcUrl, chainId, accounts: devAccounts, pause, resume, stop, pid: child.pid!, exited: processExit(child) }
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n${output.slice(-2000)}`, { cause: error })
  }
}

/** Polls `eth_chainId` until the node answers with `chainId`. */
async function waitUntilAnswering(rpcUrl: string, chainId: number, timeoutMs: number): Promise<void> {
  const started = Date.now()
  let last: unknown
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const body = (await response.json()) as { result?: string }
      if (body.result !== undefined && Number(body.result) === chainId) return
      last = new Error(`eth_chainId answered ${JSON.stringify(body)}`)
    } catch (error) {
      last = error
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${rpcUrl} did not answer eth_chainId ${chainId} within ${timeoutMs} ms`, { cause: last })
}

/** SIGTERM, then SIGKILL if the process has not exited after two seconds. */
export function terminate(child: ChildProcess): Promise<void> {
  // No pid: the binary never started (spawn failed), so there is nothing to wait for.
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 2_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

export function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined
  return () => (running ??= fn())
}
