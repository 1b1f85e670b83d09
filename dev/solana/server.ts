// A local Solana JSON-RPC endpoint over LiteSVM: the methods Portico's Solana plugin and
// the dev wallet use, in the real wire format, so `createSolanaRpc(url)` from
// @solana/kit talks to it as to a validator. A development stand-in: no validator can be
// installed on this machine (see MACHINE-NOTES.md).
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { isAddress } from '@solana/kit'

import { decodeBinary, encodeBinary, Ledger, LOCALNET_GENESIS_HASH, RpcFault, type LedgerOptions } from './ledger'
import { mintOf, parsedTokenData, tokenAccountOf, uiTokenAmount } from './tokenAccounts'
import { installTestToken, mintTestToken } from './testToken'
import { readBody } from '../readBody'
import { closeServer } from '../closeServer'

export type SolanaRpcOptions = LedgerOptions & {
  /** TCP port on 127.0.0.1; a free one by default. */
  port?: number | undefined
  host?: string | undefined
}

export type SolanaRpc = {
  /** The HTTP JSON-RPC URL, e.g. `http://127.0.0.1:53011`. */
  url: string
  /** `getGenesisHash` of this cluster; its first 32 characters are the CAIP-2 reference. */
  genesisHash: string
  /** The chain, for tests that need to look deeper (programs, clock). */
  ledger: Ledger
  /** Credits `lamports` to `address` at once; returns the airdrop's signature. */
  airdrop(address: string, lamports: bigint | number): string
  /**
   * Mints `amount` base units of the test SPL token (`TEST_SPL_TOKEN`, 6 decimals) to
   * `owner`, creating its associated token account when missing; resolves with the
   * transaction's signature. For tests that fund a fresh account (an embedded wallet's).
   */
  mintTestToken(owner: string, amount: bigint): Promise<string>
  stop(): Promise<void>
}

/** The JSON-RPC methods answered; anything else gets -32601 "Method not found". */
export const SolanaRpcMethods = [
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getSignatureStatuses',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getVersion',
  'requestAirdrop',
  'sendTransaction',
] as const

type Params = readonly unknown[]
type Config = { encoding?: string; skipPreflight?: boolean; minContextSlot?: number } | undefined

/** u64::MAX: what validators report as `rentEpoch` of rent-exempt accounts. */
const RENT_EPOCH_EXEMPT = 18446744073709551615n
const MAX_REQUEST_BYTES = 1_000_000

function addressParam(value: unknown): string {
  if (typeof value !== 'string' || !isAddress(value)) throw new RpcFault(-32602, 'Invalid param: Invalid')
  return value
}

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

function handler(ledger: Ledger): (method: string, params: Params) => unknown {
  const context = () => ({ apiVersion: '2.2.0', slot: ledger.slot })
  /** An account as `getAccountInfo` answers it, in the asked encoding; null when it does not exist. */
  const accountJson = (address: string, encoding: string | undefined) => {
    const account = ledger.account(address)
    if (!account) return null
    const data = (() => {
      if (encoding === undefined || encoding === 'binary') return encodeBinary(account.data, 'base58') // legacy form: a bare string
      if (encoding === 'base58') return [encodeBinary(account.data, 'base58'), 'base58']
      // jsonParsed parses Token program accounts and falls back to base64 for data no parser knows, as on a validator.
      if (encoding === 'jsonParsed') return parsedTokenData(account, (mint) => ledger.account(mint)) ?? [encodeBinary(account.data, 'base64'), 'base64']
      if (encoding === 'base64') return [encodeBinary(account.data, 'base64'), 'base64']
      throw new RpcFault(-32602, `Invalid params: unsupported encoding: ${encoding}`)
    })()
    return { data, executable: account.executable, lamports: account.lamports, owner: account.programAddress, rentEpoch: RENT_EPOCH_EXEMPT, space: account.space }
  }
  /** The validator's answer to a token read on an account that is no token account. */
  const tokenAccountAt = (address: string) => {
    const account = ledger.account(address)
    const token = account && tokenAccountOf(account)
    if (!token) throw new RpcFault(-32602, 'Invalid param: could not find account')
    return token
  }
  const methods: Record<(typeof SolanaRpcMethods)[number], (params: Params) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getGenesisHash: () => LOCALNET_GENESIS_HASH,
    getSlot: () => ledger.slot,
    getBlockHeight: () => ledger.blockHeight,
    getLatestBlockhash: () => ({ context: context(), value: ledger.latestBlockhash() }),
    getMinimumBalanceForRentExemption: ([size]) => ledger.svm.minimumBalanceForRentExemption(BigInt(Number(size ?? 0))),
    getBalance: ([address]) => ({ context: context(), value: ledger.balance(addressParam(address)) }),
    getAccountInfo: ([address, config]) => ({ context: context(), value: accountJson(addressParam(address), (config as Config)?.encoding) }),
    getMultipleAccounts: ([addresses, config]) => {
      if (!Array.isArray(addresses)) throw new RpcFault(-32602, 'Invalid params: addresses')
      return { context: context(), value: addresses.map((address) => accountJson(addressParam(address), (config as Config)?.encoding)) }
    },
    getTokenAccountsByOwner: ([owner, filter, config]) => {
      const { mint, programId } = (filter ?? {}) as { mint?: unknown; programId?: unknown }
      if (mint === undefined && programId === undefined) throw new RpcFault(-32602, 'Invalid params: a mint or programId filter is required')
      if (programId !== undefined && addressParam(programId) !== TOKEN_PROGRAM) return { context: context(), value: [] } // no Token-2022 accounts here
      const accounts = ledger.tokenAccounts(addressParam(owner), mint === undefined ? undefined : addressParam(mint))
      return { context: context(), value: accounts.map((pubkey) => ({ pubkey, account: accountJson(pubkey, (config as Config)?.encoding) })) }
    },
    getTokenAccountBalance: ([address]) => {
      const token = tokenAccountAt(addressParam(address))
      return { context: context(), value: uiTokenAmount(token.amount, mintOf(ledger.account(token.mint))?.decimals ?? 0) }
    },
    getTokenSupply: ([address]) => {
      const mint = mintOf(ledger.account(addressParam(address)))
      if (!mint) throw new RpcFault(-32602, 'Invalid param: not a Token mint')
      return { context: context(), value: uiTokenAmount(mint.supply, mint.decimals) }
    },
    requestAirdrop: ([address, lamports]) => {
      if (typeof lamports !== 'number' && typeof lamports !== 'bigint') throw new RpcFault(-32602, 'Invalid params: lamports')
      return ledger.airdrop(addressParam(address), BigInt(lamports))
    },
    sendTransaction: ([wire, config]) => {
      if (typeof wire !== 'string') throw new RpcFault(-32602, 'Invalid params: transaction')
      const { encoding = 'base58', skipPreflight = false } = (config as Config) ?? {}
      return ledger.send(decodeBinary(wire, encoding), skipPreflight)
    },
    getSignatureStatuses: ([signatures]) => {
      if (!Array.isArray(signatures)) throw new RpcFault(-32602, 'Invalid params: signatures')
      return {
        context: context(),
        value: signatures.map((signature) => {
          const status = ledger.status(String(signature))
          if (!status) return null
          return {
            slot: status.slot,
            confirmations: null,
            err: status.err,
            status: status.err ? { Err: status.err } : { Ok: null },
            confirmationStatus: 'finalized',
          }
        }),
      }
    },
  }
  return (method, params) => {
    const run = (methods as Record<string, ((params: Params) => unknown) | undefined>)[method]
    if (!run) throw new RpcFault(-32601, 'Method not found')
    return run(params)
  }
}

type JsonRpcRequest = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }

function answer(call: (method: string, params: Params) => unknown, request: JsonRpcRequest) {
  const id = request?.id ?? null
  if (!request || typeof request !== 'object' || request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } }
  }
  try {
    const params = Array.isArray(request.params) ? request.params : []
    return { jsonrpc: '2.0', id, result: call(request.method, params) }
  } catch (error) {
    if (error instanceof RpcFault) {
      return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } }
    }
    return { jsonrpc: '2.0', id, error: { code: -32603, message: (error as Error).message ?? 'Internal error' } }
  }
}

/**
 * JSON with u64 values written as plain numbers, as the validator writes them (they may
 * exceed 2^53; @solana/kit parses them back as bigint).
 */
export function stringifyWithBigInts(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `__u64__${v}` : v)).replace(/"__u64__(\d+)"/g, '$1')
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' })
  res.end(body)
}

/**
 * Starts the local Solana RPC on 127.0.0.1 (a free port unless `port` is given).
 *
 * @example
 * const rpc = await startSolanaRpc()
 * rpc.airdrop(address, 2_000_000_000n)
 * const { value } = await createSolanaRpc(rpc.url).getBalance(address).send()
 * await rpc.stop()
 */
export async function startSolanaRpc(options: SolanaRpcOptions = {}): Promise<SolanaRpc> {
  const ledger = new Ledger(options)
  await installTestToken(ledger)
  const call = handler(ledger)
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': 'content-type, solana-client',
        'access-control-max-age': '86400',
      })
      res.end()
      return
    }
    if (req.method !== 'POST') {
      send(res, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required', 'text/plain')
      return
    }
    readBody(req, MAX_REQUEST_BYTES).then(
      (text) => {
        let body: unknown
        try {
          body = JSON.parse(text)
        } catch {
          send(res, 200, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
          return
        }
        const result = Array.isArray(body) ? body.map((r) => answer(call, r as JsonRpcRequest)) : answer(call, body as JsonRpcRequest)
        send(res, 200, stringifyWithBigInts(result))
      },
      () => send(res, 413, 'request too large', 'text/plain'),
    )
  })
  server.keepAliveTimeout = 1_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    genesisHash: LOCALNET_GENESIS_HASH,
    ledger,
    airdrop: (address, lamports) => ledger.airdrop(address, BigInt(lamports)),
    mintTestToken: (owner, amount) => mintTestToken(ledger, addressParam(owner), amount),
    stop: () => closeServer(server),
  }
}
