/**
 * The reference backend as one Fastify instance. Each API area is a route group
 * (a Fastify plugin in routes/) that receives what it needs as plugin options;
 * later areas (Blockchain API, embedded-wallet auth, the secure frame page) are
 * registered here the same way.
 */
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { Kysely } from 'kysely'
import { type Mailbox, type Mailer } from './auth/mailer'
import { type Keyring } from './auth/masterKey'
import { type FarcasterOptions, createFarcasterLogin } from './auth/farcaster'
import { type OAuthProviders } from './auth/oauth'
import { createCustodyService } from './auth/custody'
import { createDeviceService } from './auth/devices'
import { type AuthLimits, createAuthService } from './auth/service'
import { createSocialLogin } from './auth/social'
import { createPasskeyLogin } from './auth/passkeys'
import { createTotpService } from './auth/totp'
import { createStepUpService } from './auth/stepUp'
import { type BlockchainServerOptions, registerBlockchainApi } from './blockchainApi'
import type { SwapPools } from './convert/pool'
import { registerConvertRoutes } from './convert/routes'
import type { OnrampEnv } from './onramp/env'
import { createOnrampPurchaseStore } from './onramp/purchases'
import { registerOnrampRoutes } from './onramp/routes'
import { type BundlerEnv, hasBundler } from './accountAbstraction/env'
import { registerBundlerRoutes } from './accountAbstraction/routes'
import { type PaymasterEnv } from './accountAbstraction/paymasterEnv'
import { registerPaymasterRoutes } from './accountAbstraction/paymasterRoutes'
import { createSponsorshipSpendStore } from './db/sponsorshipSpend'
import { corsDelegator } from './cors'
import { createAnalyticsEventStore } from './db/analyticsEvents'
import { type DatabaseConfig, openDatabase } from './db/connect'
import { migrateToLatest } from './db/migrations'
import { createRateLimitStore } from './db/rateLimits'
import { type DatabaseSchema } from './db/schema'
import { installErrorHandlers } from './httpErrors'
import { redactingSerializers } from './logRedaction'
import { installStorableTextCheck } from './storableText'
import { createImageCatalog } from './imageCatalog'
import { type ProjectConfig, createProjectRegistry } from './projects'
import { type RouteLimits, installRouteLimits } from './routeLimits'
import { analyticsRoutes } from './routes/analytics'
import { authRoutes, authenticatedRequest } from './routes/auth'
import { devMailboxRoutes } from './routes/devMailbox'
import { farcasterRoutes } from './routes/farcaster'
import { socialRoutes } from './routes/social'
import { passkeyRoutes } from './routes/passkeys'
import { healthRoutes } from './routes/health'
import { imageRoutes } from './routes/images'
import { projectConfigRoutes } from './routes/projectConfig'
import { type RpcUpstream, rpcRoutes } from './routes/rpc'
import { sessionRoutes } from './routes/sessions'
import { walletListingRoutes } from './routes/walletListing'
import { type WalletRegistry, shippedWalletRegistry } from './walletRegistry'
import { DEFAULT_SECURE_ORIGIN, type LogLevel } from './serverDefaults'

export { DEFAULT_SECURE_ORIGIN, type LogLevel } from './serverDefaults'

/** The embedded-wallet auth service (routes/auth.ts, docs/security.md). */
export interface AuthServerOptions {
  /** Encrypts wallet keys at rest and keys the one-time-code pepper. */
  keyring: Keyring
  /** Delivers one-time codes. */
  mailer: Mailer
  /** Exact origins of the secure frame page; the only browser origins the auth API answers. Default DEFAULT_SECURE_ORIGIN. */
  secureOrigins?: readonly string[]
  /** Served at GET /dev/mailbox when given. Development only: never pass one in production. */
  devMailbox?: Mailbox
  /** Code lifetime, attempts, cooldown, session lifetime and rate limits. Defaults: DEFAULT_AUTH_LIMITS. */
  limits?: Partial<AuthLimits>
  /** Clock in epoch ms, for tests. Default Date.now. */
  now?: () => number
  /** Social login through OAuth 2 / OpenID Connect providers (server/auth/social.ts). Off when omitted. */
  social?: { providers: OAuthProviders; callbackUrl: string }
  /** Farcaster login through an AuthKit relay (server/auth/farcaster.ts). Off when omitted. */
  farcaster?: FarcasterOptions
}

export interface CreateServerOptions {
  /**
   * A Kysely instance (the caller keeps ownership and closes it), or where to
   * open one (the server opens it and closes it on `app.close()`).
   */
  database: Kysely<DatabaseSchema> | DatabaseConfig
  /** Projects the server answers for; any other projectId gets 403. */
  projects: readonly ProjectConfig[]
  /**
   * Request and error logs (pino, JSON lines on stdout, or `stream`). Default: off.
   * Secrets in query strings (OAuth `state` and `code`, tokens) are redacted (logRedaction.ts).
   */
  logger?: boolean | { level: LogLevel; stream?: { write(line: string): void } }
  /** Migrate the database to the latest schema when the server boots. Default: true. */
  migrate?: boolean
  /** Wallet registry to serve. Default: server/data/wallets.json. */
  walletRegistry?: WalletRegistry
  /** Embedded-wallet login and key custody under /auth/v1. Off when omitted. */
  auth?: AuthServerOptions
  /**
   * Fastify's trustProxy: which proxies to believe about the client address
   * (X-Forwarded-For), which the per-IP rate limits count by: addresses, CIDR
   * ranges and names such as 'loopback'. Default false. `true` (any) is refused:
   * every client could then name its own address and step around the per-IP limits.
   */
  trustProxy?: false | readonly string[]
  /**
   * The Blockchain API read from chains (balance, history and its indexer, prices),
   * the name registry and SIWX sessions (blockchainApi.ts). Names and SIWX work
   * without chains; balance and history need `chains`. Default: no chains.
   */
  blockchain?: BlockchainServerOptions
  /** Swaps against the configured pools (`/v1/convert/*`, server/convert). Needs the pool's chain in `blockchain.chains`. */
  swap?: { pools: SwapPools }
  /** Rate limits of the routes that change state or cost work (routeLimits.ts). Default DEFAULT_ROUTE_LIMITS. */
  routeLimits?: Partial<RouteLimits>
  /** Analytics events (POST /e) are deleted this long after they arrive. Default 30 days (ANALYTICS_RETENTION_DAYS). */
  analyticsRetentionMs?: number
  /** Clock in epoch ms of the route limits and the analytics retention, for tests. Default Date.now. */
  now?: () => number
  /** Onramp providers, and the local test provider when `testProviderKey` is set (server/onramp). */
  onramp?: OnrampEnv
  /**
   * BUNDLER_URL / BUNDLER_URLS: the ERC-4337 bundler of each chain (Alto or a provider) that
   * `/v1/bundler` and `/auth/v1/bundler` forward to (server/accountAbstraction, docs/smart-accounts.md).
   * Sending (`/auth/v1/bundler`) needs `auth` too: a session.
   */
  bundlers?: BundlerEnv
  /**
   * PAYMASTER_ADDRESS / PAYMASTER_SIGNER_KEY: the VerifyingPaymaster and the sponsor key of
   * the ERC-7677 routes `/auth/v1/paymaster` (needs `auth`) and `/v1/paymaster`, under each
   * project's `sponsorship` policy (server/accountAbstraction/paymasterRoutes.ts).
   */
  paymaster?: PaymasterEnv
  /**
   * The wallet RPC service (`GET|POST /v1/rpc`, routes/rpc.ts) serves every chain of
   * `blockchain.chains` and `blockchain.solanaChains`. Its node timeout and batch size
   * default to SPEC §9's 10 s and 1000.
   */
  rpc?: { timeoutMs?: number; batchSize?: number }
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

  if ((options.trustProxy as unknown) === true) {
    throw new TypeError("trustProxy: true would believe X-Forwarded-For from anyone and turn off the per-IP limits; list the proxies (e.g. ['127.0.0.1', '10.0.0.0/8'])")
  }
  const logger = options.logger ?? false
  const serverOptions: FastifyServerOptions = {
    logger: logger === false ? false : { level: logger === true ? 'info' : logger.level, serializers: redactingSerializers, ...(logger !== true && logger.stream ? { stream: logger.stream } : {}) },
    trustProxy: options.trustProxy === undefined || options.trustProxy === false ? false : [...options.trustProxy],
  }
  const app = Fastify(serverOptions)
  installErrorHandlers(app)
  installStorableTextCheck(app)
  const ownsDatabase = !(options.database instanceof Kysely)
  // A connection PostgreSQL drops is logged, never fatal: the pool opens a new one.
  const db =
    options.database instanceof Kysely
      ? options.database
      : openDatabase(options.database, { onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; it is reopened on the next query') })
  const events = createAnalyticsEventStore(db)

  if (options.migrate ?? true) app.addHook('onReady', async () => void (await migrateToLatest(db)))
  if (ownsDatabase) app.addHook('onClose', async () => db.destroy())

  const secureOrigins = new Set(options.auth?.secureOrigins ?? [DEFAULT_SECURE_ORIGIN])
  app.register(cors, { delegator: corsDelegator(projects, { secureOrigins }) })
  app.register(healthRoutes, { db })
  app.register(walletListingRoutes, { projects, wallets })
  app.register(imageRoutes, { projects, images })
  app.register(projectConfigRoutes, { projects })
  const now = options.now ?? Date.now
  const limiter = installRouteLimits(app, {
    store: createRateLimitStore(db),
    projects,
    now,
    ...(options.routeLimits ? { limits: options.routeLimits } : {}),
    // Clients are named by a keyed hash; without the auth service's master key, by a fixed one.
    secret: options.auth?.keyring.derive('rate-limit/1') ?? 'portico/route-limit/1',
  })
  app.register(analyticsRoutes, { projects, events, now, ...(options.analyticsRetentionMs ? { retentionMs: options.analyticsRetentionMs } : {}) })
  const chain = registerBlockchainApi(app, { db, projects, options: options.blockchain })
  registerConvertRoutes(app, { projects, clients: chain.clients, pools: options.swap?.pools ?? {} })
  registerOnrampRoutes(app, {
    projects,
    clients: chain.clients,
    prices: chain.prices,
    ...(options.onramp?.providers ? { providers: options.onramp.providers } : {}),
    ...(options.onramp?.testProviderKey ? { testProvider: { funderKey: options.onramp.testProviderKey, purchases: createOnrampPurchaseStore(db) } } : {}),
  })
  app.register(rpcRoutes, {
    projects,
    upstreams: rpcUpstreams(options.blockchain),
    // The client's share first: calls it may not make do not spend the project's ceiling.
    countCalls: async (request, projectId, { cost, filters }) => {
      await limiter.countWeighted('rpcFiltersPerIp', { client: request }, filters, 'node filters')
      await limiter.countWeighted('rpcCostPerIp', { client: request }, cost, 'RPC call units')
      await limiter.countWeighted('rpcCallsPerProject', { projectId }, cost, 'RPC call units')
    },
    ...options.rpc,
  })
  app.register(sessionRoutes, { projects, db, clients: chain.clients, now })
  let authenticate: ((request: FastifyRequest) => Promise<unknown>) | undefined

  if (options.auth !== undefined) {
    const { keyring, mailer, devMailbox, limits, now } = options.auth
    const auth = createAuthService({
      db,
      projects,
      keyring,
      mailer,
      ...(limits ? { limits } : {}),
      ...(now ? { now } : {}),
      logError: (error, message) => app.log.error({ err: error }, message),
    })
    // After the migration hook above: keys still under a previous master key are re-encrypted now.
    app.addHook('onReady', async () => {
      const { rewrapped, unreadable, undecryptable } = await auth.rewrapWalletKeys()
      if (rewrapped > 0) app.log.info(`re-encrypted ${rewrapped} wallet keys under master key ${keyring.current.id}`)
      for (const [keyId, count] of Object.entries(unreadable)) {
        app.log.error(`${count} wallet keys are encrypted under master key ${keyId}, which is not configured: those wallets cannot sign until it is restored`)
      }
      if (undecryptable > 0) app.log.error(`${undecryptable} wallet keys under a previous master key do not decrypt (altered or damaged rows): those wallets cannot sign`)
    })
    app.addHook('onClose', async () => mailer.close?.())
    const custody = createCustodyService({ db, keyring, ...(now ? { now } : {}), logError: (error, message) => app.log.error({ err: error }, message) })
    const totp = createTotpService({ db, keyring, auth, ...(now ? { now } : {}) })
    authenticate = (request) => authenticatedRequest(auth, request)
    const passkeys = createPasskeyLogin({ db, projects, auth, ...(now ? { now } : {}), logError: (error, message) => app.log.warn({ err: error }, message) })
    const stepUp = createStepUpService({ db, auth, passkeys, totp, ...(now ? { now } : {}) })
    app.register(authRoutes, { auth, custody, stepUp, totp, devices: createDeviceService({ db, ...(now ? { now } : {}) }), secureOrigins })
    app.register(passkeyRoutes, { passkeys, auth, secureOrigins })
    if (options.auth.social !== undefined) {
      const social = createSocialLogin({ db, projects, keyring, auth, ...options.auth.social, ...(now ? { now } : {}), logError: (error, message) => app.log.warn({ err: error }, message) })
      app.register(socialRoutes, { auth, social, secureOrigins })
    }
    if (options.auth.farcaster !== undefined) {
      const farcaster = createFarcasterLogin({ db, projects, keyring, auth, ...options.auth.farcaster, ...(now ? { now } : {}), logError: (error, message) => app.log.warn({ err: error }, message) })
      app.register(farcasterRoutes, { auth, farcaster, secureOrigins })
    }
    if (devMailbox !== undefined) app.register(devMailboxRoutes, { mailbox: devMailbox })
  }
  if (options.bundlers !== undefined && hasBundler(options.bundlers)) {
    registerBundlerRoutes(app, { projects, clients: chain.clients, bundlers: options.bundlers, secureOrigins, ...(authenticate ? { authenticate } : {}) })
  }
  if (options.paymaster !== undefined) {
    const spend = createSponsorshipSpendStore(db)
    registerPaymasterRoutes(app, {
      projects,
      clients: chain.clients,
      paymaster: options.paymaster,
      spend,
      secureOrigins,
      ...(authenticate ? { authenticate } : {}),
      ...(options.now ? { now: options.now } : {}),
    })
  }

  return app
}

/** The RPC service's nodes: the chains the Blockchain API reads, EVM and Solana. */
function rpcUpstreams(blockchain: BlockchainServerOptions | undefined): Map<string, RpcUpstream> {
  const upstreams = new Map<string, RpcUpstream>()
  for (const chain of blockchain?.chains ?? []) upstreams.set(chain.chainId, { family: 'eip155', rpcUrl: chain.rpcUrl })
  for (const chain of blockchain?.solanaChains ?? []) upstreams.set(chain.chainId, { family: 'solana', rpcUrl: chain.rpcUrl })
  return upstreams
}
