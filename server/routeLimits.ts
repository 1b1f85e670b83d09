/**
 * Rate limits on every route that changes state or costs the server (or a service it
 * calls) real work, in one table so they can be read and audited together
 * (docs/security.md, "What each limit promises"). The embedded-wallet code limits live
 * in the auth service (server/auth/codeDesk.ts), where the address and the
 * session are known.
 *
 * One root `onRequest` hook applies them, before the body is read: a refused request
 * costs a lookup, not a parse. All state is in the database (db/rateLimits.ts), so
 * every server process sharing it enforces the same limits. A refusal answers 429 with
 * Retry-After; a client that retries during it waits longer (the store's penalties).
 */
import { createHmac } from 'node:crypto'
import { type FastifyInstance, type FastifyRequest } from 'fastify'
import { clientKey } from './clientAddress'
import { secondsLeft } from './auth/errors'
import { CUSTODY_PATHS, STEP_UP_PATHS } from '../src/shared/custodyApi'
import { MFA_PATHS } from '../src/shared/mfaApi'
import { DEVICE_PATHS } from '../src/shared/devicesApi'
import { type RateLimitRule, type RateLimitStore } from './db/rateLimits'
import { HttpError } from './httpErrors'
import { requestedProjectId } from './projectGuard'
import { type ProjectRegistry } from './projects'

export interface RouteLimits {
  /** POST /e from one client. Default 120 a minute (1/30 of the project's ceiling). */
  analyticsPerIp: RateLimitRule
  /** POST /e for one project, all clients: bounds what the table can grow by. Default 3,600 a minute. */
  analyticsPerProject: RateLimitRule
  /** POST /v1/profile/account from one client. Default 10 an hour. */
  nameRegistrationsPerIp: RateLimitRule
  /** POST /v1/profile/account from everyone. Default 300 an hour. */
  nameRegistrations: RateLimitRule
  /** POST /siwx/v1/nonce from one client. Default 30 a minute. */
  siwxNoncesPerIp: RateLimitRule
  /** POST /siwx/v1/verify from one client (a smart account's signature is checked on chain). Default 30 a minute. */
  siwxVerifiesPerIp: RateLimitRule
  /** POST /auth/v1/social/start from one client. Default 20 per 10 minutes. */
  socialStartsPerIp: RateLimitRule
  /** GET /auth/v1/social/callback from one client (each spends a token exchange). Default 30 per 10 minutes. */
  socialCallbacksPerIp: RateLimitRule
  /** POST /auth/v1/farcaster/start from one client (each opens a relay channel). Default 10 per 10 minutes. */
  farcasterStartsPerIp: RateLimitRule
  /** POST /auth/v1/farcaster/complete from one client (each polls the relay for up to ~20 s). Default 30 per 10 minutes. */
  farcasterCompletesPerIp: RateLimitRule
  /** POST /auth/v1/farcaster/complete waiting at once for one client. Default 2. */
  farcasterPendingPerIp: number
  /** GET|POST /v1/rpc from one client; a batch (up to 1000 calls) counts once. Default 600 a minute. */
  rpcPerIp: RateLimitRule
  /** GET|POST /v1/rpc for one project, all clients; a batch counts once. Default 30,000 a minute (50 clients at rpcPerIp). */
  rpcPerProject: RateLimitRule
  /**
   * JSON-RPC calls forwarded for one project, all clients, in cost units: each call of a
   * batch counts its weight (rpc/methods.ts, RPC_CALL_WEIGHTS: 1 for a read, 20 for
   * eth_getLogs). Default 60,000 a minute.
   */
  rpcCallsPerProject: RateLimitRule
  /** The same cost units from one client: its share of the project's ceiling is at most 1/50. Default 1,200 a minute. */
  rpcCostPerIp: RateLimitRule
  /** Node filters (eth_newFilter, eth_newBlockFilter) one client creates; a node keeps a filter ~5 minutes. Default 20 per 5 minutes. */
  rpcFiltersPerIp: RateLimitRule
  /** POST /v1/sessions/{id} (a smart account's signature is checked on chain) and its /revoke, from one client. Default 30 per 10 minutes. */
  sessionWritesPerIp: RateLimitRule
  /** GET /v1/sessions/{id} (a page of an account's sessions) from one client. Default 120 a minute. */
  sessionReadsPerIp: RateLimitRule
  /** Reads that cost a chain, an indexer or a provider a call (balance, history, prices, names, swap and onramp quotes), from one client. Default 600 a minute. */
  dataReadsPerIp: RateLimitRule
  /** The same reads for one project, all clients. Default 30,000 a minute (50 clients at dataReadsPerIp). */
  dataReadsPerProject: RateLimitRule
  /** POST /v1/bundler and /auth/v1/bundler from one client (each call is forwarded to the chain's bundler). Default 120 a minute. */
  bundlerPerIp: RateLimitRule
  /** The same for one project, all clients. Default 3,600 a minute (30 clients at bundlerPerIp). */
  bundlerPerProject: RateLimitRule
  /** POST /v1/paymaster and /auth/v1/paymaster from one client (each may sign a sponsorship). Default 60 a minute. */
  paymasterPerIp: RateLimitRule
  /** The same for one project, all clients. Default 1,800 a minute (30 clients at paymasterPerIp). */
  paymasterPerProject: RateLimitRule
  /** POST /siwx/v1/signout and /auth/v1/logout from one client. Default 60 a minute. */
  signOutsPerIp: RateLimitRule
  /** POST /auth/v1/social/complete from one client (each redeems a one-time code). Default 30 per 10 minutes. */
  socialCompletesPerIp: RateLimitRule
  /** The self-custody routes (/auth/v1/custody/…: auth shares, registration, migration) from one client. Default 120 per 10 minutes. */
  custodyCallsPerIp: RateLimitRule
  /** GET /auth/v1/custody/recovery from one client (each answer is what an offline guess of the recovery password needs). Default 10 per hour. */
  recoveryReadsPerIp: RateLimitRule
  /** GET /auth/v1/devices from one client. Default 60 per 10 minutes. */
  deviceListsPerIp: RateLimitRule
  /** POST /auth/v1/devices/remove from one client (each deletes key shares and ends sessions). Default 10 per hour. */
  deviceRemovalsPerIp: RateLimitRule
  /** POST /onramp/test-provider/purchase from one client (the local test provider sends funds). Default 30 per 10 minutes. */
  testPurchasesPerIp: RateLimitRule
  /** The authenticator-app routes (/auth/v1/mfa…) from one client. Default 60 per 10 minutes; wrong codes also count toward the wrong-code limit. */
  mfaCallsPerIp: RateLimitRule
  /** POST /auth/v1/passkey/{signup,login,add}/start from one client (each stores a challenge). Default 30 per 10 minutes. */
  passkeyStartsPerIp: RateLimitRule
  /** POST /auth/v1/passkey/{signup,login,add}/finish from one client (each verifies a signature). Default 30 per 10 minutes. */
  passkeyFinishesPerIp: RateLimitRule
}

export const DEFAULT_ROUTE_LIMITS: RouteLimits = {
  analyticsPerIp: { max: 120, windowMs: 60_000 },
  analyticsPerProject: { max: 3_600, windowMs: 60_000, escalate: false },
  nameRegistrationsPerIp: { max: 10, windowMs: 3_600_000 },
  nameRegistrations: { max: 300, windowMs: 3_600_000, escalate: false },
  siwxNoncesPerIp: { max: 30, windowMs: 60_000 },
  siwxVerifiesPerIp: { max: 30, windowMs: 60_000 },
  socialStartsPerIp: { max: 20, windowMs: 10 * 60_000 },
  socialCallbacksPerIp: { max: 30, windowMs: 10 * 60_000 },
  farcasterStartsPerIp: { max: 10, windowMs: 10 * 60_000 },
  farcasterCompletesPerIp: { max: 30, windowMs: 10 * 60_000 },
  farcasterPendingPerIp: 2,
  rpcPerIp: { max: 600, windowMs: 60_000 },
  rpcPerProject: { max: 30_000, windowMs: 60_000, escalate: false },
  rpcCallsPerProject: { max: 60_000, windowMs: 60_000, escalate: false },
  rpcCostPerIp: { max: 1_200, windowMs: 60_000 },
  rpcFiltersPerIp: { max: 20, windowMs: 5 * 60_000 },
  sessionWritesPerIp: { max: 30, windowMs: 10 * 60_000 },
  sessionReadsPerIp: { max: 120, windowMs: 60_000 },
  dataReadsPerIp: { max: 600, windowMs: 60_000 },
  dataReadsPerProject: { max: 30_000, windowMs: 60_000, escalate: false },
  bundlerPerIp: { max: 120, windowMs: 60_000 },
  bundlerPerProject: { max: 3_600, windowMs: 60_000, escalate: false },
  paymasterPerIp: { max: 60, windowMs: 60_000 },
  paymasterPerProject: { max: 1_800, windowMs: 60_000, escalate: false },
  signOutsPerIp: { max: 60, windowMs: 60_000 },
  socialCompletesPerIp: { max: 30, windowMs: 10 * 60_000 },
  testPurchasesPerIp: { max: 30, windowMs: 10 * 60_000 },
  custodyCallsPerIp: { max: 120, windowMs: 10 * 60_000 },
  recoveryReadsPerIp: { max: 10, windowMs: 60 * 60_000 },
  mfaCallsPerIp: { max: 60, windowMs: 10 * 60_000 },
  deviceListsPerIp: { max: 60, windowMs: 10 * 60_000 },
  deviceRemovalsPerIp: { max: 10, windowMs: 60 * 60_000 },
  passkeyStartsPerIp: { max: 30, windowMs: 10 * 60_000 },
  passkeyFinishesPerIp: { max: 30, windowMs: 10 * 60_000 },
}

type RuleName = Exclude<keyof RouteLimits, 'farcasterPendingPerIp'>

/**
 * Each ceiling shared by many clients, with the per-client rule that bounds one client's
 * share of it. The defaults keep every share at most 1/MIN_CLIENTS_TO_FILL of its
 * ceiling, so a handful of addresses cannot fill a project's ceiling and lock its other
 * visitors out (docs/security.md, "Sizing the shared ceilings").
 */
export const SHARED_CEILINGS: ReadonlyArray<{ ceiling: RuleName; share: RuleName }> = [
  { ceiling: 'analyticsPerProject', share: 'analyticsPerIp' },
  { ceiling: 'nameRegistrations', share: 'nameRegistrationsPerIp' },
  { ceiling: 'rpcPerProject', share: 'rpcPerIp' },
  { ceiling: 'rpcCallsPerProject', share: 'rpcCostPerIp' },
  { ceiling: 'dataReadsPerProject', share: 'dataReadsPerIp' },
  { ceiling: 'bundlerPerProject', share: 'bundlerPerIp' },
  { ceiling: 'paymasterPerProject', share: 'paymasterPerIp' },
]
/** How many clients, each at its own limit, it takes at least to fill a shared ceiling under the defaults. */
export const MIN_CLIENTS_TO_FILL = 30
/** Rules a route counts itself, once it knows how much a request weighs (after reading its body). */
export type WeightedRuleName = 'rpcCallsPerProject' | 'rpcCostPerIp' | 'rpcFiltersPerIp'
/** Who a limit counts: the client, the project asked for, or everyone. */
type Counted = 'ip' | 'project' | 'everyone'

interface RoutePolicy {
  /** Says what was refused, e.g. 'analytics events'. */
  what: string
  limits: ReadonlyArray<{ rule: RuleName; by: Counted }>
  /** At most this many requests of one client in flight at once (rule name of the number). */
  concurrent?: 'farcasterPendingPerIp'
}

const dataReads: RoutePolicy = {
  what: 'data requests',
  limits: [
    { rule: 'dataReadsPerIp', by: 'ip' },
    { rule: 'dataReadsPerProject', by: 'project' },
  ],
}
const signOuts: RoutePolicy = { what: 'sign-outs', limits: [{ rule: 'signOutsPerIp', by: 'ip' }] }
const custody: RoutePolicy = { what: 'wallet key share requests', limits: [{ rule: 'custodyCallsPerIp', by: 'ip' }] }
const bundler: RoutePolicy = {
  what: 'bundler requests',
  limits: [
    { rule: 'bundlerPerIp', by: 'ip' },
    { rule: 'bundlerPerProject', by: 'project' },
  ],
}
const paymaster: RoutePolicy = {
  what: 'paymaster requests',
  limits: [
    { rule: 'paymasterPerIp', by: 'ip' },
    { rule: 'paymasterPerProject', by: 'project' },
  ],
}
const mfa: RoutePolicy = { what: 'second-factor requests', limits: [{ rule: 'mfaCallsPerIp', by: 'ip' }] }
const passkeyStarts: RoutePolicy = { what: 'passkey requests', limits: [{ rule: 'passkeyStartsPerIp', by: 'ip' }] }
const passkeyFinishes: RoutePolicy = { what: 'passkey checks', limits: [{ rule: 'passkeyFinishesPerIp', by: 'ip' }] }

/** `METHOD url` (the route's pattern) → its limits. A HEAD request counts as the GET it runs. */
export const ROUTE_POLICIES: Readonly<Record<string, RoutePolicy>> = {
  'POST /e': {
    what: 'analytics events',
    limits: [
      { rule: 'analyticsPerIp', by: 'ip' },
      { rule: 'analyticsPerProject', by: 'project' },
    ],
  },
  'POST /v1/profile/account': {
    what: 'name registrations',
    limits: [
      { rule: 'nameRegistrationsPerIp', by: 'ip' },
      { rule: 'nameRegistrations', by: 'everyone' },
    ],
  },
  'POST /siwx/v1/nonce': { what: 'sign-in nonces', limits: [{ rule: 'siwxNoncesPerIp', by: 'ip' }] },
  'POST /siwx/v1/verify': { what: 'sign-in verifications', limits: [{ rule: 'siwxVerifiesPerIp', by: 'ip' }] },
  'POST /auth/v1/social/start': { what: 'social logins', limits: [{ rule: 'socialStartsPerIp', by: 'ip' }] },
  'GET /auth/v1/social/callback': { what: 'social login callbacks', limits: [{ rule: 'socialCallbacksPerIp', by: 'ip' }] },
  'POST /auth/v1/farcaster/start': { what: 'Farcaster logins', limits: [{ rule: 'farcasterStartsPerIp', by: 'ip' }] },
  'POST /auth/v1/farcaster/complete': {
    what: 'Farcaster login checks',
    limits: [{ rule: 'farcasterCompletesPerIp', by: 'ip' }],
    concurrent: 'farcasterPendingPerIp',
  },
  'GET /v1/rpc': {
    what: 'RPC requests',
    limits: [
      { rule: 'rpcPerIp', by: 'ip' },
      { rule: 'rpcPerProject', by: 'project' },
    ],
  },
  'POST /v1/rpc': {
    what: 'RPC requests',
    limits: [
      { rule: 'rpcPerIp', by: 'ip' },
      { rule: 'rpcPerProject', by: 'project' },
    ],
  },
  'GET /v1/sessions/:id': { what: 'session reads', limits: [{ rule: 'sessionReadsPerIp', by: 'ip' }] },
  'POST /v1/sessions/:id': { what: 'session changes', limits: [{ rule: 'sessionWritesPerIp', by: 'ip' }] },
  'POST /v1/sessions/:id/revoke': { what: 'session changes', limits: [{ rule: 'sessionWritesPerIp', by: 'ip' }] },
  'GET /v1/account/:address/balance': dataReads,
  'GET /v1/account/:account/history': dataReads,
  'POST /v1/fungible/price': dataReads,
  'GET /v1/profile/account/:name': dataReads,
  'GET /v1/profile/reverse/:address': dataReads,
  'GET /v1/profile/suggestions/:name': dataReads,
  'GET /v1/identity/:address': dataReads,
  'GET /v1/convert/tokens': dataReads,
  'GET /v1/convert/quotes': dataReads,
  'GET /v1/convert/gas-price': dataReads,
  'GET /v1/convert/allowance': dataReads,
  'GET /v1/convert/build-approve': dataReads,
  'POST /v1/convert/build-transaction': dataReads,
  'POST /v1/onramp/quote': dataReads,
  'POST /v1/generators/onrampurl': dataReads,
  'GET /auth/v1/smart-accounts': dataReads,
  'POST /v1/bundler': bundler,
  'POST /auth/v1/bundler': bundler,
  'POST /v1/paymaster': paymaster,
  'POST /auth/v1/paymaster': paymaster,
  'POST /siwx/v1/signout': signOuts,
  'POST /auth/v1/logout': signOuts,
  'POST /auth/v1/social/complete': { what: 'social login completions', limits: [{ rule: 'socialCompletesPerIp', by: 'ip' }] },
  [`POST ${CUSTODY_PATHS.wallets}`]: custody,
  [`GET ${CUSTODY_PATHS.authShare}`]: custody,
  [`POST ${CUSTODY_PATHS.migrationStart}`]: custody,
  [`POST ${CUSTODY_PATHS.migrationFinish}`]: custody,
  [`POST ${CUSTODY_PATHS.recovery}`]: custody,
  [`POST ${CUSTODY_PATHS.recoveredDevice}`]: custody,
  [`POST ${CUSTODY_PATHS.export}`]: custody,
  [`GET ${STEP_UP_PATHS.status}`]: custody,
  [`POST ${STEP_UP_PATHS.passkeyStart}`]: passkeyStarts,
  [`POST ${STEP_UP_PATHS.passkeyFinish}`]: passkeyFinishes,
  [`GET ${CUSTODY_PATHS.recovery}`]: { what: 'wallet recovery requests', limits: [{ rule: 'recoveryReadsPerIp', by: 'ip' }] },
  [`GET ${DEVICE_PATHS.list}`]: { what: 'device lists', limits: [{ rule: 'deviceListsPerIp', by: 'ip' }] },
  [`POST ${DEVICE_PATHS.remove}`]: { what: 'device removals', limits: [{ rule: 'deviceRemovalsPerIp', by: 'ip' }] },
  'POST /onramp/test-provider/purchase': { what: 'test purchases', limits: [{ rule: 'testPurchasesPerIp', by: 'ip' }] },
  [`GET ${MFA_PATHS.status}`]: mfa,
  [`POST ${MFA_PATHS.totpEnrol}`]: mfa,
  [`POST ${MFA_PATHS.totpConfirm}`]: mfa,
  [`POST ${MFA_PATHS.totpRemove}`]: mfa,
  [`POST ${MFA_PATHS.passkeyEnrol}`]: mfa,
  [`POST ${MFA_PATHS.passkeyRemove}`]: mfa,
  [`POST ${STEP_UP_PATHS.totpFinish}`]: mfa,
  'POST /auth/v1/passkey/signup/start': passkeyStarts,
  'POST /auth/v1/passkey/login/start': passkeyStarts,
  'POST /auth/v1/passkey/add/start': passkeyStarts,
  'POST /auth/v1/passkey/signup/finish': passkeyFinishes,
  'POST /auth/v1/passkey/login/finish': passkeyFinishes,
  'POST /auth/v1/passkey/add/finish': passkeyFinishes,
}

/**
 * The routes with no policy above, each with why: they answer from memory or a cheap
 * read of the caller's own row, or the auth service limits them where it knows the
 * address and the session. A route in neither table refuses to register
 * (`installRouteLimits`), so no new route goes unmetered by oversight.
 */
export const UNMETERED_ROUTES: Readonly<Record<string, string>> = {
  'GET /health': 'a constant answer',
  'GET /ready': 'one SELECT 1, for the load balancer',
  'GET /getWallets': 'the wallet listing, from memory',
  'GET /getWalletImage/:id': 'an image from the catalog in memory',
  'GET /getAnalyticsConfig': "the project's configuration, from memory",
  'GET /public/getAssetImage/:id': 'an image from the catalog in memory',
  'GET /public/getCurrencyImage/:id': 'an image from the catalog in memory',
  'GET /public/getTokenImage/:id': 'an image from the catalog in memory',
  'GET /projects/v1/origins': "the project's origins, from memory",
  'GET /v1/supported-chains': 'the configured chains, from memory',
  'GET /v1/onramp/options': 'the configured providers, from memory',
  'GET /v1/onramp/providers': 'the configured providers, from memory',
  'GET /siwx/v1/session': "the caller's own session row",
  'GET /onramp/test-provider': 'a static page (development only)',
  'GET /onramp/test-provider.js': 'a static script (development only)',
  'GET /onramp/test-provider.css': 'a static style sheet (development only)',
  'GET /dev/mailbox': 'the development mailbox, from memory (development only)',
  'GET /dev/mailbox/latest': 'the development mailbox, from memory (development only)',
  'GET /auth/v1/me': "the session's own user row",
  'POST /auth/v1/is-connected': "the session's own row",
  'POST /auth/v1/email/start': 'limited by the auth service: codes per client, per address and client, per address, and the resend cooldown',
  'POST /auth/v1/email/verify': 'limited by the auth service: wrong codes per client, and 5 guesses per code',
  'POST /auth/v1/email/update': 'limited by the auth service: as email/start',
  'POST /auth/v1/email/update/primary': 'limited by the auth service: wrong codes per client, and 5 guesses per code',
  'POST /auth/v1/email/update/secondary': 'limited by the auth service: wrong codes per client, and 5 guesses per code',
  'POST /auth/v1/device/verify': 'limited by the auth service: wrong codes per client, and 5 guesses per code',
  [`POST ${STEP_UP_PATHS.emailStart}`]: 'limited by the auth service: as email/start',
  [`POST ${STEP_UP_PATHS.emailFinish}`]: 'limited by the auth service: wrong codes per client, and 5 guesses per code',
  'OPTIONS *': 'CORS preflight, answered from the project list in memory',
}

/** `METHOD url` as the tables above name a route; HEAD is the GET it runs. */
const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`

/** Finished windows, penalties and leases are deleted at most this often, by whichever request comes. */
const SWEEP_EVERY_MS = 60_000

export interface RouteLimiterOptions {
  store: RateLimitStore
  projects: ProjectRegistry
  limits?: Partial<RouteLimits>
  now: () => number
  /** Keys the hash that names clients in the table (so it holds no IP in clear). */
  secret: Uint8Array | string
  /** How long a held concurrency slot lasts if its request never ends (a crashed process). Default 60 s. */
  leaseMs?: number
}

export interface RouteLimiter {
  /**
   * Counts `weight` events of `rule`, for the request's client or for a project (e.g. the
   * cost of an RPC batch, known only once the body is read). Throws the 429 `HttpError`
   * when they do not fit, and a 400 one when `weight` alone is above the rule's `max`
   * (it could never fit). `what` names the events, e.g. 'RPC call units'.
   */
  countWeighted(rule: WeightedRuleName, who: { client: FastifyRequest } | { projectId: string }, weight: number, what: string): Promise<void>
}

/**
 * @example
 * const limiter = installRouteLimits(app, { store: createRateLimitStore(db), projects, now: Date.now, secret })
 */
export function installRouteLimits(app: FastifyInstance, options: RouteLimiterOptions): RouteLimiter {
  const { store, projects, now } = options
  const limits = { ...DEFAULT_ROUTE_LIMITS, ...options.limits }
  const leaseMs = options.leaseMs ?? 60_000
  const subject = (value: string) => createHmac('sha256', options.secret).update(value).digest('base64url').slice(0, 32)
  const releases = new WeakMap<FastifyRequest, () => Promise<void>>()
  let lastSweep = 0

  const refused = (what: string, retryAfterMs: number, whose = 'from this network') => {
    const n = secondsLeft(retryAfterMs)
    return new HttpError(429, 'Too Many Requests', `Too many ${what} ${whose}. Please try again after ${n} seconds`, { code: 'RATE_LIMITED', retryAfter: n }, { 'retry-after': String(n) })
  }

  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const key = routeKey(method, route.url)
      if (ROUTE_POLICIES[key] === undefined && UNMETERED_ROUTES[key] === undefined) {
        throw new Error(`${key} has no rate limit: give it a policy in ROUTE_POLICIES, or say in UNMETERED_ROUTES why it needs none (server/routeLimits.ts)`)
      }
    }
  })

  app.addHook('onRequest', async (request) => {
    const policy = ROUTE_POLICIES[routeKey(request.method, request.routeOptions.url ?? '')]
    if (policy === undefined) return
    const at = now()
    if (at - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = at
      await store.sweep(at)
    }
    const client = subject(clientKey(request.ip))
    for (const { rule, by } of policy.limits) {
      let key: string
      if (by === 'ip') key = `route:${rule}:ip:${client}`
      else if (by === 'everyone') key = `route:${rule}`
      else {
        // Only a configured project has a bucket: made-up ids must not make rows.
        const projectId = requestedProjectId(request)
        if (projectId === undefined || projects.get(projectId) === undefined) continue
        key = `route:${rule}:project:${subject(projectId)}`
      }
      const result = await store.hit(key, limits[rule], at)
      if (!result.allowed) throw refused(policy.what, result.retryAfterMs)
    }
    if (policy.concurrent !== undefined) {
      const lease = await store.acquire(`route:${policy.concurrent}:ip:${client}`, limits[policy.concurrent], leaseMs, at)
      if (!lease.allowed) throw refused(`${policy.what} waiting at once`, lease.retryAfterMs)
      releases.set(request, lease.release)
    }
  })

  // The slot is held until the handler has answered (onSend runs for answers and errors
  // alike), not until the client goes away: a client that hangs up does not stop the work.
  app.addHook('onSend', async (request) => {
    const release = releases.get(request)
    if (release === undefined) return
    releases.delete(request)
    await release()
  })

  return {
    async countWeighted(rule, who, weight, what) {
      if (weight === 0) return
      const { max, windowMs } = limits[rule]
      const whose = 'client' in who ? "one client's" : "this project's"
      if (weight > max) {
        throw new HttpError(400, 'Bad Request', `${weight} ${what} at once are more than ${whose} limit of ${max} per ${windowMs / 1000} s`, {
          code: 'client' in who ? 'OVER_CLIENT_LIMIT' : 'OVER_PROJECT_LIMIT',
        })
      }
      const key = 'client' in who ? `route:${rule}:ip:${subject(clientKey(who.client.ip))}` : `route:${rule}:project:${subject(who.projectId)}`
      const result = await store.hit(key, limits[rule], now(), weight)
      if (!result.allowed) throw refused(what, result.retryAfterMs, 'client' in who ? undefined : `for project '${who.projectId}'`)
    },
  }
}
