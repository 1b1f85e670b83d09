/**
 * The Blockchain API of SPEC §7 that this server answers from real chains and its own
 * database: balance, history (from the chain indexer), fungible price, supported
 * chains, the name registry and identity, and SIWX sessions. createServer registers it;
 * the swap (/v1/convert/*) and onramp route groups join through {@link BlockchainContext}
 * (the same chain clients, token metadata and prices).
 */
import { type FastifyInstance } from 'fastify'
import { type Kysely } from 'kysely'
import { type ChainClients, createChainClients } from './chain/clients'
import { type ChainConfig } from './chain/config'
import { type ChainIndexer, type ChainIndexerOptions, createChainIndexer } from './chain/indexer'
import { type PriceSource, createPriceTable } from './chain/prices'
import { createPriceSourceChain } from './chain/priceSources'
import { type TokenMetadataStore, createTokenMetadataStore } from './chain/tokens'
import { type DatabaseSchema } from './db/schema'
import { type ProjectRegistry } from './projects'
import { balanceRoutes } from './routes/balance'
import { type SolanaChainConfig } from './chain/solana'
import { fungiblePriceRoutes } from './routes/fungiblePrice'
import { historyRoutes } from './routes/history'
import { nameRoutes } from './routes/names'
import { siwxRoutes } from './routes/siwx'
import { supportedChainsRoutes } from './routes/supportedChains'

export interface BlockchainServerOptions {
  /** The EVM chains read for balances and history. Default none: those routes answer 'Chain is not supported'. */
  chains?: readonly ChainConfig[]
  /** The Solana networks whose SOL balances the balance route serves. Default none. */
  solanaChains?: readonly SolanaChainConfig[]
  /**
   * The price sources, asked in order: for each token the first that knows its price
   * wins (chain/priceSources.ts). A source that fails is logged and skipped. Default:
   * the price table DEFAULT_PRICE_TABLE (chain/prices.ts).
   */
  prices?: PriceSource | readonly PriceSource[]
  /**
   * The chain indexer behind the history endpoint: polls when the server is ready,
   * stops on close. `false` leaves it off (a test, or another process indexes into
   * the same database). Default on, 1 s between polls.
   */
  indexer?: false | Pick<ChainIndexerOptions, 'pollIntervalMs' | 'batchBlocks' | 'confirmations' | 'keepBlocks'>
  /** How long a balance answer is reused (forceUpdate skips it). Default 5 s. */
  balanceCacheMs?: number
  /** History items per page. Default 20. */
  historyPageSize?: number
  /** Onramp provider id → addresses its purchases come from: what `history?onramp=` lists. */
  onrampSenders?: Readonly<Record<string, readonly string[]>>
  /** Suffix of registered names. Default '.portico.id'. */
  nameSuffix?: string
  /** Longest SIWX session. Default 7 days. */
  siwxSessionTtlMs?: number
  /** Clock in epoch ms, for tests. Default Date.now. */
  now?: () => number
}

/** What later Blockchain API route groups (swap, onramp) share with these. */
export interface BlockchainContext {
  clients: ChainClients
  tokens: TokenMetadataStore
  prices: PriceSource
  /** Undefined when the indexer is off or no chain is configured. */
  indexer: ChainIndexer | undefined
}

/**
 * Registers the routes and the indexer's lifecycle on `app`. Call after the
 * migration hook, so the indexer starts on a migrated database.
 *
 * @example
 * registerBlockchainApi(app, { db, projects, options: { chains: [{ chainId: 'eip155:1', rpcUrl }] } })
 */
export function registerBlockchainApi(
  app: FastifyInstance,
  { db, projects, options = {} }: { db: Kysely<DatabaseSchema>; projects: ProjectRegistry; options?: BlockchainServerOptions },
): BlockchainContext {
  const clients = createChainClients(options.chains ?? [])
  const tokens = createTokenMetadataStore(db, clients)
  const sources = options.prices === undefined ? [createPriceTable()] : 'prices' in options.prices ? [options.prices] : options.prices
  const prices = createPriceSourceChain(sources, { onError: (source, error) => app.log.warn({ err: error }, `prices: source ${source.name} failed; asking the next one`) })
  const now = options.now ?? Date.now
  const indexerOptions = options.indexer === false ? undefined : (options.indexer ?? {})
  const indexer =
    indexerOptions === undefined || clients.chains.length === 0
      ? undefined
      : createChainIndexer({
          db,
          clients,
          tokens,
          ...indexerOptions,
          log: { info: (message) => app.log.info(message), warn: (message, error) => app.log.warn({ err: error }, message) },
        })
  if (indexer !== undefined) {
    app.addHook('onReady', async () => indexer.start())
    app.addHook('preClose', async () => indexer.stop())
  }

  app.register(supportedChainsRoutes, { projects, clients })
  app.register(balanceRoutes, {
    projects,
    clients,
    tokens,
    prices,
    now,
    solanaChains: options.solanaChains ?? [],
    ...(options.balanceCacheMs === undefined ? {} : { balanceCacheMs: options.balanceCacheMs }),
  })
  app.register(historyRoutes, {
    projects,
    db,
    clients,
    tokens,
    prices,
    ...(options.onrampSenders ? { onrampSenders: options.onrampSenders } : {}),
    ...(options.historyPageSize ? { pageSize: options.historyPageSize } : {}),
  })
  app.register(fungiblePriceRoutes, { projects, clients, tokens, prices })
  app.register(nameRoutes, { projects, db, clients, now, ...(options.nameSuffix ? { suffix: options.nameSuffix } : {}) })
  app.register(siwxRoutes, { projects, db, clients, now, ...(options.siwxSessionTtlMs ? { sessionTtlMs: options.siwxSessionTtlMs } : {}) })
  return { clients, tokens, prices, indexer }
}
