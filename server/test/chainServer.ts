/**
 * The Blockchain API as its tests run it: a real anvil chain (dev/chain) with the test
 * token and the test NFT, a real database (SQLite file or PostgreSQL), the server on a
 * real socket with its indexer off, and an indexer of the test's own on the same
 * database, so a test decides when blocks are indexed.
 */
import { type FastifyInstance } from 'fastify'
import { type Kysely } from 'kysely'
import { type Address, type Hex, createWalletClient, defineChain, http as viemHttp, createPublicClient, erc20Abi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { deployTestNft, type TestNft } from '../../dev/chain/testNft'
import { deployTestToken, type TestToken } from '../../dev/chain/testToken'
import { type LocalChain, startLocalChain } from '../../dev/chain/localChain'
import { type CreateServerOptions, createServer } from '../app'
import { type BlockchainServerOptions } from '../blockchainApi'
import { createChainClients } from '../chain/clients'
import { type ChainConfig } from '../chain/config'
import { type ChainIndexer, createChainIndexer } from '../chain/indexer'
import { createTokenMetadataStore } from '../chain/tokens'
import { type DatabaseConfig, openDatabase } from '../db/connect'
import { migrateToLatest } from '../db/migrations'
import { type DatabaseSchema } from '../db/schema'
import { type HttpResult, http, listen } from './http'
import { TEST_PROJECTS } from './projects'
import { tempSqliteFile } from './sqlite'

export interface ChainTestServer {
  chain: LocalChain
  token: TestToken
  nft: TestNft
  chainConfig: ChainConfig
  app: FastifyInstance
  baseUrl: string
  db: Kysely<DatabaseSchema>
  /** Indexes the chain up to its head (a new indexer each call, as after a restart, when `fresh`). */
  index(options?: { fresh?: boolean }): Promise<void>
  indexer: ChainIndexer
  /** GET with projectId=shop added. */
  get(path: string, headers?: Record<string, string>): Promise<HttpResult>
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<HttpResult>
  /** A raw JSON-RPC call to the chain (evm_snapshot, evm_revert, …). */
  rpc(method: string, params: unknown[]): Promise<unknown>
  sendEth(fromKey: Hex, to: Address, value: bigint): Promise<Hex>
  sendToken(fromKey: Hex, to: Address, amount: bigint): Promise<Hex>
  close(): Promise<void>
}

export interface ChainTestServerOptions extends Omit<BlockchainServerOptions, 'chains' | 'indexer'> {
  /** Default: a fresh SQLite file. */
  database?: DatabaseConfig
  /** The route rate limits (routeLimits.ts); default DEFAULT_ROUTE_LIMITS. */
  routeLimits?: CreateServerOptions['routeLimits']
  chainId?: number
  /** More token addresses configured after the test token (e.g. one with no contract). */
  extraTokens?: Address[]
}

export async function startChainTestServer(options: ChainTestServerOptions = {}): Promise<ChainTestServer> {
  const { database: databaseOption, chainId = 1, routeLimits, extraTokens = [], ...blockchain } = options
  const sqlite = databaseOption === undefined ? tempSqliteFile() : undefined
  const database = databaseOption ?? { sqliteFile: sqlite!.file }
  const chain = await startLocalChain({ chainId })
  const cleanups: (() => Promise<void> | void)[] = [() => chain.stop(), () => sqlite?.remove()]
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  }
  try {
    const token = await deployTestToken(chain.rpcUrl)
    const nft = await deployTestNft(chain.rpcUrl)
    const chainConfig: ChainConfig = { chainId: `eip155:${chainId}`, rpcUrl: chain.rpcUrl, tokens: [token.address, ...extraTokens] }
    const db = openDatabase(database)
    cleanups.push(() => db.destroy())
    await migrateToLatest(db)
    const app = createServer({ database: db, projects: TEST_PROJECTS, ...(routeLimits ? { routeLimits } : {}), blockchain: { ...blockchain, chains: [chainConfig], indexer: false } })
    cleanups.push(() => app.close())
    const baseUrl = await listen(app)

    const clients = createChainClients([chainConfig])
    const newIndexer = () => createChainIndexer({ db, clients, tokens: createTokenMetadataStore(db, clients), batchBlocks: 3 })
    let indexer = newIndexer()
    const viemChain = defineChain({ id: chainId, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } })
    const publicClient = createPublicClient({ chain: viemChain, transport: viemHttp(chain.rpcUrl) })
    const wallet = (key: Hex) => createWalletClient({ account: privateKeyToAccount(key), chain: viemChain, transport: viemHttp(chain.rpcUrl) })
    const mined = async (hash: Hex) => {
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      return hash
    }
    const withProject = (path: string) => `${path}${path.includes('?') ? '&' : '?'}projectId=shop`
    return {
      chain,
      token,
      nft,
      chainConfig,
      app,
      baseUrl,
      db,
      get indexer() {
        return indexer
      },
      async index({ fresh = false } = {}) {
        if (fresh) {
          await indexer.stop()
          indexer = newIndexer()
        }
        await indexer.syncOnce()
      },
      get: (path, headers = {}) => http(baseUrl, withProject(path), { headers }),
      post: (path, body, headers = {}) => http(baseUrl, withProject(path), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
      async rpc(method, params) {
        const response = await fetch(chain.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        })
        const body = (await response.json()) as { result?: unknown; error?: { message: string } }
        if (body.error) throw new Error(`${method}: ${body.error.message}`)
        return body.result
      },
      sendEth: async (fromKey, to, value) => mined(await wallet(fromKey).sendTransaction({ to, value })),
      sendToken: async (fromKey, to, amount) => mined(await wallet(fromKey).writeContract({ address: token.address, abi: erc20Abi, functionName: 'transfer', args: [to, amount] })),
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
