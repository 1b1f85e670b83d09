/**
 * The server's environment variables, read and checked in one place so a typo
 * stops the start with a message naming the variable (docs/self-hosting.md).
 */
import { isIP } from 'node:net'
import { DEFAULT_SECURE_ORIGIN, type LogLevel } from './serverDefaults'
import { type MasterKey, parseMasterKey } from './auth/masterKey'
import { type OAuthProviders, parseOAuthProviders } from './auth/oauth'
import { type DatabaseConfig } from './db/connect'
import { nodeEnvProblem, productionProblems, productionSwitch } from './productionChecks'
import { type ProjectConfig, readProjectsConfig } from './projects'

export interface ServerEnv {
  port: number
  host: string
  database: DatabaseConfig
  /** PORTICO_INSTANCES: how many server processes share this database (1 unless the operator says more). */
  instances: number
  projects: ProjectConfig[]
  /** `false` for LOG_LEVEL=silent. */
  logLevel: LogLevel | false
  /** TRUST_PROXY: `false`, or the proxies' addresses and CIDR ranges (never "any"). */
  trustProxy: false | string[]
  /** ANALYTICS_RETENTION_DAYS, in ms: how long analytics events are kept. */
  analyticsRetentionMs: number
  auth: AuthEnv
  /** SECURE_PAGE_DIR (+ SECURE_PAGE_PORT): serve the built secure frame page on its own port. */
  securePage: { dir: string; port: number } | undefined
}

/** The embedded-wallet auth service's variables (docs/self-hosting.md). */
export interface AuthEnv {
  /** NODE_ENV=production or PORTICO_ENV=production: no development setting is accepted (productionChecks.ts). */
  production: boolean
  /** SECURE_ORIGIN, split on commas. */
  secureOrigins: string[]
  /** PORTICO_MASTER_KEY; undefined means the development key file. */
  masterKey: MasterKey | undefined
  /** PORTICO_PREVIOUS_MASTER_KEYS: still decrypt, and are re-encrypted away from at start. */
  previousMasterKeys: MasterKey[]
  /** PORTICO_MASTER_KEY_FILE: the development key file. */
  masterKeyFile: string
  smtpUrl: string | undefined
  mailFrom: string
  /** DEV_MAILBOX: print codes and serve GET /dev/mailbox. */
  devMailbox: boolean
  /** SESSION_TTL_SECONDS. */
  sessionTtlSeconds: number
  /** SOCIAL_PROVIDERS + SOCIAL_CALLBACK_URL: social login (server/auth/social.ts); undefined when off. */
  social: { providers: OAuthProviders; callbackUrl: string } | undefined
  /** FARCASTER_*: Farcaster login through an AuthKit relay (server/auth/farcaster.ts); undefined when off. */
  farcaster: FarcasterEnv | undefined
}

export interface FarcasterEnv {
  relayUrl: string
  domain: string
  siweUri: string
  /** FARCASTER_CUSTODY_RPC_URL: an Optimism JSON-RPC URL to read the IdRegistry. */
  custodyRpcUrl: string | undefined
  /** FARCASTER_DEV_CUSTODY: fixed fid → custody address map (development only). */
  devCustody: Record<string, string> | undefined
}

export const DEFAULT_PORT = 8787
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_SQLITE_FILE = '.data/portico.sqlite'
export const DEFAULT_MASTER_KEY_FILE = '.data/master.key'
export const DEFAULT_MAIL_FROM = 'Portico <no-reply@localhost>'
export const DEFAULT_SECURE_PAGE_PORT = 8788
export const DEFAULT_SESSION_TTL_SECONDS = 7 * 24 * 3600
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 30
const MIN_SESSION_TTL_SECONDS = 60
const MAX_SESSION_TTL_SECONDS = 90 * 24 * 3600

export class InvalidEnvironmentError extends Error {
  override name = 'InvalidEnvironmentError'
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/**
 * @example
 * readServerEnv({ PORT: '9000', DATABASE_URL: 'postgres://localhost/portico' })
 */
export function readServerEnv(env: Readonly<Record<string, string | undefined>>, readFile?: (path: string) => string): ServerEnv {
  const port = Number(env.PORT?.trim() || DEFAULT_PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidEnvironmentError(`PORT must be an integer from 0 to 65535, not '${env.PORT}'`)
  }

  const databaseUrl = env.DATABASE_URL?.trim()
  let database: DatabaseConfig
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
      throw new InvalidEnvironmentError('DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use SQLite)')
    }
    database = { postgresUrl: databaseUrl }
  } else {
    database = { sqliteFile: env.SQLITE_FILE?.trim() || DEFAULT_SQLITE_FILE }
  }

  const analyticsEnabled = readBoolean('ANALYTICS_ENABLED', env.ANALYTICS_ENABLED, true)
  let projects: ProjectConfig[]
  try {
    projects = readProjectsConfig(env.PORTICO_PROJECTS, { analyticsEnabled, ...(readFile ? { readFile } : {}) })
  } catch (error) {
    throw new InvalidEnvironmentError((error as Error).message, { cause: error })
  }

  const level = env.LOG_LEVEL?.trim().toLowerCase() || 'info'
  if (!isLogLevel(level)) throw new InvalidEnvironmentError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, not '${env.LOG_LEVEL}'`)

  const nodeEnv = nodeEnvProblem(env)
  if (nodeEnv !== undefined) throw new InvalidEnvironmentError(nodeEnv)
  const portico = env.PORTICO_ENV?.trim()
  if (portico && portico !== 'production') throw new InvalidEnvironmentError(`PORTICO_ENV must be production or unset, not '${env.PORTICO_ENV}'`)
  const instancesText = env.PORTICO_INSTANCES?.trim() || '1'
  const instances = Number(instancesText)
  if (!/^[0-9]+$/.test(instancesText) || instances < 1 || instances > 1000) {
    throw new InvalidEnvironmentError(`PORTICO_INSTANCES must be the number of server processes sharing the database, 1 to 1000, not '${env.PORTICO_INSTANCES}'`)
  }

  const auth = readAuthEnv(env, { host: env.HOST?.trim() || DEFAULT_HOST, port })
  const mode = productionSwitch(env)
  if (mode !== undefined) {
    const problems = productionProblems(env, {
      database,
      instances,
      projects,
      masterKey: auth.masterKey?.key,
      smtpUrl: auth.smtpUrl,
      devMailbox: auth.devMailbox,
      secureOrigins: auth.secureOrigins,
      socialCallbackUrl: auth.social?.callbackUrl,
    })
    if (problems.length > 0) {
      throw new InvalidEnvironmentError(
        `${mode} refuses development settings; change ${problems.length === 1 ? 'this one' : `these ${problems.length}`}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      )
    }
  }

  return {
    port,
    host: env.HOST?.trim() || DEFAULT_HOST,
    database,
    instances,
    projects,
    logLevel: level === 'silent' ? false : level,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    analyticsRetentionMs: readRetentionDays(env.ANALYTICS_RETENTION_DAYS),
    auth,
    securePage: readSecurePageEnv(env),
  }
}

function readSecurePageEnv(env: Readonly<Record<string, string | undefined>>): ServerEnv['securePage'] {
  const dir = env.SECURE_PAGE_DIR?.trim()
  const portText = env.SECURE_PAGE_PORT?.trim()
  if (!dir) {
    if (portText) throw new InvalidEnvironmentError('SECURE_PAGE_PORT needs SECURE_PAGE_DIR: the folder secure/build.ts wrote')
    return undefined
  }
  const port = Number(portText || DEFAULT_SECURE_PAGE_PORT)
  if (!/^[0-9]+$/.test(portText || '0') || port > 65_535) {
    throw new InvalidEnvironmentError(`SECURE_PAGE_PORT must be an integer from 0 to 65535, not '${env.SECURE_PAGE_PORT}'`)
  }
  return { dir, port }
}

function readAuthEnv(env: Readonly<Record<string, string | undefined>>, listen: { host: string; port: number }): AuthEnv {
  const production = productionSwitch(env) !== undefined

  const secureOrigins = (env.SECURE_ORIGIN?.trim() || DEFAULT_SECURE_ORIGIN).split(',').map((origin) => origin.trim().replace(/\/$/, '').toLowerCase())
  for (const origin of secureOrigins) {
    if (!isOrigin(origin)) {
      throw new InvalidEnvironmentError(`SECURE_ORIGIN must be one or more exact origins (scheme://host[:port], no path or wildcard), separated by commas, not '${env.SECURE_ORIGIN}'`)
    }
  }

  const parseKey = (text: string, name: string) => {
    try {
      return parseMasterKey(text, name)
    } catch (error) {
      throw new InvalidEnvironmentError((error as Error).message, { cause: error })
    }
  }
  const masterKeyText = env.PORTICO_MASTER_KEY?.trim()
  const masterKey = masterKeyText ? parseKey(masterKeyText, 'PORTICO_MASTER_KEY') : undefined
  const previousMasterKeys = (env.PORTICO_PREVIOUS_MASTER_KEYS ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map((text) => parseKey(text, 'PORTICO_PREVIOUS_MASTER_KEYS'))

  const smtpUrl = env.SMTP_URL?.trim() || undefined
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) {
    throw new InvalidEnvironmentError('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example:465')
  }
  const devMailbox = readBoolean('DEV_MAILBOX', env.DEV_MAILBOX, !production && smtpUrl === undefined)
  // In production a missing SMTP_URL is one of the development settings productionProblems lists.
  if (smtpUrl === undefined && !devMailbox && !production) {
    throw new InvalidEnvironmentError('Set SMTP_URL, or leave DEV_MAILBOX on: one-time codes need a way to reach the user')
  }

  const mailFrom = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM
  if (/[\r\n]/.test(mailFrom)) throw new InvalidEnvironmentError('MAIL_FROM must be one line, e.g. "Shop <no-reply@shop.example>"')

  const ttlText = env.SESSION_TTL_SECONDS?.trim() || String(DEFAULT_SESSION_TTL_SECONDS)
  const sessionTtlSeconds = Number(ttlText)
  if (!/^[0-9]+$/.test(ttlText) || sessionTtlSeconds < MIN_SESSION_TTL_SECONDS || sessionTtlSeconds > MAX_SESSION_TTL_SECONDS) {
    throw new InvalidEnvironmentError(`SESSION_TTL_SECONDS must be a whole number of seconds from ${MIN_SESSION_TTL_SECONDS} to ${MAX_SESSION_TTL_SECONDS} (90 days), not '${env.SESSION_TTL_SECONDS}'`)
  }

  return {
    production,
    secureOrigins,
    masterKey,
    previousMasterKeys,
    masterKeyFile: env.PORTICO_MASTER_KEY_FILE?.trim() || DEFAULT_MASTER_KEY_FILE,
    smtpUrl,
    mailFrom,
    devMailbox,
    sessionTtlSeconds,
    social: readSocialEnv(env, listen),
    farcaster: readFarcasterEnv(env, secureOrigins[0]!),
  }
}

function readSocialEnv(env: Readonly<Record<string, string | undefined>>, listen: { host: string; port: number }): AuthEnv['social'] {
  const text = env.SOCIAL_PROVIDERS?.trim()
  const callbackText = env.SOCIAL_CALLBACK_URL?.trim()
  if (!text) {
    if (callbackText) throw new InvalidEnvironmentError('SOCIAL_CALLBACK_URL needs SOCIAL_PROVIDERS')
    return undefined
  }
  let providers: OAuthProviders
  try {
    providers = parseOAuthProviders(text)
  } catch (error) {
    throw new InvalidEnvironmentError((error as Error).message, { cause: error })
  }
  if (!callbackText && listen.port === 0) throw new InvalidEnvironmentError('SOCIAL_CALLBACK_URL must be set when PORT is 0 (the providers need a fixed callback URL)')
  const callbackUrl = callbackText || `http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${listen.port}/auth/v1/social/callback`
  let parsed: URL
  try {
    parsed = new URL(callbackUrl)
  } catch {
    throw new InvalidEnvironmentError(`SOCIAL_CALLBACK_URL must be an absolute URL, not '${callbackUrl}'`)
  }
  if (!parsed.pathname.endsWith('/auth/v1/social/callback') || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new InvalidEnvironmentError(`SOCIAL_CALLBACK_URL must be the public http(s) URL of this server's /auth/v1/social/callback, not '${callbackUrl}'`)
  }
  return { providers, callbackUrl: parsed.href }
}

function readFarcasterEnv(env: Readonly<Record<string, string | undefined>>, secureOrigin: string): FarcasterEnv | undefined {
  const relayUrl = env.FARCASTER_RELAY_URL?.trim()
  if (!relayUrl) return undefined
  if (!/^https?:\/\/[^\s]+$/.test(relayUrl)) throw new InvalidEnvironmentError(`FARCASTER_RELAY_URL must be an http(s) URL, not '${relayUrl}'`)
  const custodyRpcUrl = env.FARCASTER_CUSTODY_RPC_URL?.trim() || undefined
  const devText = env.FARCASTER_DEV_CUSTODY?.trim()
  let devCustody: Record<string, string> | undefined
  if (devText) {
    try {
      devCustody = JSON.parse(devText) as Record<string, string>
    } catch {
      devCustody = undefined
    }
    if (typeof devCustody !== 'object' || devCustody === null || !Object.entries(devCustody).every(([fid, address]) => /^[1-9][0-9]*$/.test(fid) && /^0x[0-9a-fA-F]{40}$/.test(String(address)))) {
      throw new InvalidEnvironmentError('FARCASTER_DEV_CUSTODY must be a JSON object of fid → custody address, e.g. {"1":"0x…"}')
    }
  }
  if (custodyRpcUrl === undefined && devCustody === undefined) {
    throw new InvalidEnvironmentError('FARCASTER_RELAY_URL needs FARCASTER_CUSTODY_RPC_URL (an Optimism RPC, to read custody addresses from the IdRegistry)')
  }
  const siweUri = env.FARCASTER_SIWE_URI?.trim() || secureOrigin
  let domain = env.FARCASTER_DOMAIN?.trim()
  try {
    domain ||= new URL(siweUri).host
  } catch {
    throw new InvalidEnvironmentError(`FARCASTER_SIWE_URI must be an absolute URL, not '${siweUri}'`)
  }
  return { relayUrl, domain, siweUri, custodyRpcUrl, devCustody }
}

function isOrigin(value: string): boolean {
  if (value.includes('*')) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.toLowerCase()
  } catch {
    return false
  }
}

/** The names proxy-addr (Fastify's trustProxy) accepts for whole ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For is believed, as addresses,
 * CIDR ranges or proxy-addr's range names. `true` ("any") is refused: it would let
 * every client name its own address, and so step around every per-IP limit.
 */
function readTrustProxy(value: string | undefined): false | string[] {
  const text = value?.trim() ?? ''
  if (text === '') return false
  const lower = text.toLowerCase()
  if (['0', 'false', 'no', 'off'].includes(lower)) return false
  if (['1', 'true', 'yes', 'on', '*'].includes(lower)) {
    throw new InvalidEnvironmentError(
      `TRUST_PROXY=${text} would believe X-Forwarded-For from anyone, so every client could pick its own address and the per-IP rate limits would count nothing. ` +
        "List your reverse proxies' addresses or CIDR ranges instead, e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8",
    )
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const bad = entries.find((entry) => !isProxyEntry(entry))
  if (bad !== undefined || entries.length === 0) {
    throw new InvalidEnvironmentError(`TRUST_PROXY must be false, or proxy addresses/CIDR ranges separated by commas (e.g. 127.0.0.1,10.0.0.0/8), not '${value}'`)
  }
  return entries
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry.toLowerCase())) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const limit = version === 4 ? 32 : 128
  return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= limit
}

/** ANALYTICS_RETENTION_DAYS: whole days, 1 to 3650. */
function readRetentionDays(value: string | undefined): number {
  const text = value?.trim() || String(DEFAULT_ANALYTICS_RETENTION_DAYS)
  const days = Number(text)
  if (!/^[0-9]+$/.test(text) || days < 1 || days > 3650) {
    throw new InvalidEnvironmentError(`ANALYTICS_RETENTION_DAYS must be a whole number of days from 1 to 3650, not '${value}'`)
  }
  return days * 24 * 3_600_000
}

function isLogLevel(value: string): value is (typeof logLevels)[number] {
  return (logLevels as readonly string[]).includes(value)
}

function readBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  const normalised = value?.trim().toLowerCase() ?? ''
  if (normalised === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(normalised)) return true
  if (['0', 'false', 'no', 'off'].includes(normalised)) return false
  throw new InvalidEnvironmentError(`${name} must be true or false, not '${value}'`)
}
