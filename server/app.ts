/**
 * The reference backend as one Fastify instance. Each API area is a route group
 * (a Fastify plugin in routes/) that receives what it needs as plugin options;
 * later areas (Blockchain API, embedded-wallet auth, the secure frame page) are
 * registered here the same way.
 */
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance } from 'fastify'
import { Kysely } from 'kysely'
import { corsDelegator } from './cors'
import { createAnalyticsEventStore } from './db/analyticsEvents'
import { type DatabaseConfig, openDatabase } from './db/connect'
import { migrateToLatest } from './db/migrations'
import { type DatabaseSchema } from './db/schema'
import { installErrorHandlers } from './httpErrors'
import { createImageCatalog } from './imageCatalog'
import { type ProjectConfig, createProjectRegistry } from './projects'
import { analyticsRoutes } from './routes/analytics'
import { healthRoutes } from './routes/health'
import { imageRoutes } from './routes/images'
import { projectConfigRoutes } from './routes/projectConfig'
import { walletListingRoutes } from './routes/walletListing'
import { type WalletRegistry, shippedWalletRegistry } from './walletRegistry'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'

export interface CreateServerOptions {
  /**
   * A Kysely instance (the caller keeps ownership and closes it), or where to
   * open one (the server opens it and closes it on `app.close()`).
   */
  database: Kysely<DatabaseSchema> | DatabaseConfig
  /** Projects the server answers for; any other projectId gets 403. */
  projects: readonly ProjectConfig[]
  /** Request and error logs (pino, JSON lines on stdout). Default: off. */
  logger?: boolean | { level: LogLevel }
  /** Migrate the database to the latest schema when the server boots. Default: true. */
  migrate?: boolean
  /** Wallet registry to serve. Default: server/data/wallets.json. */
  walletRegistry?: WalletRegistry
}

/**
 * Builds the server without listening. The database is migrated when the
 * instance boots (`app.ready()`, `app.listen()`, or the first `app.inject()`),
 * so a migration failure rejects those calls.
 *
 * @example
 * const app = createServer({
 *   database: { sqliteFile: '.data/portico.sqlite' },
 *   projects: [{ id: 'portico-dev', allowedOrigins: ['http://localhost:*'], analyticsEnabled: true }],
 * })
 * await app.listen({ port: 8787, host: '127.0.0.1' })
 */
export function createServer(options: CreateServerOptions): FastifyInstance {
  const projects = createProjectRegistry(options.projects)
  const wallets = options.walletRegistry ?? shippedWalletRegistry()
  const images = createImageCatalog(wallets.wallets)
  const ownsDatabase = !(options.database instanceof Kysely)
  const db = options.database instanceof Kysely ? options.database : openDatabase(options.database)
  const events = createAnalyticsEventStore(db)

  const logger = options.logger ?? false
  const app = Fastify({ logger: typeof logger === 'boolean' ? logger : { level: logger.level } })
  installErrorHandlers(app)

  if (options.migrate ?? true) app.addHook('onReady', async () => void (await migrateToLatest(db)))
  if (ownsDatabase) app.addHook('onClose', async () => db.destroy())

  app.register(cors, { delegator: corsDelegator(projects) })
  app.register(healthRoutes, { db })
  app.register(walletListingRoutes, { projects, wallets })
  app.register(imageRoutes, { projects, images })
  app.register(projectConfigRoutes, { projects })
  app.register(analyticsRoutes, { projects, events })

  return app
}
