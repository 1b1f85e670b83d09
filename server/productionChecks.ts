/**
 * Production mode: the server refuses to start with a development setting, and names
 * every one it found, so an operator fixes them in one go (docs/self-hosting.md,
 * "Production"). Each of these works on a developer's machine and is a hole on a
 * public one: a key file beside the database, codes shown to anyone, any site using
 * the project, the secure page on a loopback address, instances that cannot share
 * state.
 */
import { compileOriginPatterns } from '../src/shared/originMatch'
import { isLoopbackName } from './clientAddress'
import { DEV_PROJECT_ID, type ProjectConfig } from './projects'
import { DEFAULT_SECURE_ORIGIN } from './serverDefaults'
import { bundlerOrigin, readBundlerEnv } from './accountAbstraction/env'
import { DEV_SPONSOR_ADDRESS, readPaymasterEnv } from './accountAbstraction/paymasterEnv'
import { type DatabaseConfig } from './db/connect'

type Env = Readonly<Record<string, string | undefined>>

/** What the checks look at, as env.ts read it. */
export interface ProductionFacts {
  database: DatabaseConfig
  /** PORTICO_INSTANCES. */
  instances: number
  projects: readonly ProjectConfig[]
  /** PORTICO_MASTER_KEY's bytes; undefined when unset. */
  masterKey: Uint8Array | undefined
  smtpUrl: string | undefined
  devMailbox: boolean
  secureOrigins: readonly string[]
  /** The social login callback, when social login is on. */
  socialCallbackUrl: string | undefined
}

/** The NODE_ENV values the server knows; any other spelling is refused (`nodeEnvProblem`). */
export const NODE_ENV_VALUES = ['production', 'development', 'test'] as const

/**
 * Why NODE_ENV is refused, or undefined. `Production` or `prod` would otherwise run in
 * development mode, with every development setting accepted, on a server its operator
 * believes is in production.
 *
 * @example
 * nodeEnvProblem({ NODE_ENV: 'prod' }) // "NODE_ENV must be production, development or test (or unset), not 'prod': …"
 */
export function nodeEnvProblem(env: Env): string | undefined {
  const value = env.NODE_ENV
  if (value === undefined || value === '' || (NODE_ENV_VALUES as readonly string[]).includes(value)) return undefined
  return `NODE_ENV must be production, development or test (or unset), not '${value}': any other value would run in development mode`
}

/**
 * Which variable turned production on, as the messages name it: `NODE_ENV=production`
 * or `PORTICO_ENV=production`; undefined in development.
 *
 * @example
 * productionSwitch({ NODE_ENV: 'production' }) // 'NODE_ENV=production'
 */
export function productionSwitch(env: Env): string | undefined {
  if (env.NODE_ENV === 'production') return 'NODE_ENV=production'
  if (env.PORTICO_ENV?.trim() === 'production') return 'PORTICO_ENV=production'
  return undefined
}

/**
 * One sentence per development setting found, each starting with the variable to change;
 * empty when the configuration is fit for production.
 *
 * @example
 * productionProblems(process.env, facts) // ['PORTICO_MASTER_KEY must be set: …']
 */
export function productionProblems(env: Env, facts: ProductionFacts): string[] {
  const problems: string[] = []

  if (facts.masterKey === undefined) problems.push('PORTICO_MASTER_KEY must be set: the development key file (PORTICO_MASTER_KEY_FILE) is never used in production')
  else if (!looksRandom(facts.masterKey)) {
    problems.push('PORTICO_MASTER_KEY is not random (too few distinct bytes, or all printable text); ' + "make one with: node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"")
  }
  if (facts.devMailbox) problems.push('DEV_MAILBOX cannot be on: it shows one-time codes to anyone who asks')
  if (facts.smtpUrl === undefined) problems.push('SMTP_URL must be set: one-time codes are sent by email')

  if (!env.PORTICO_PROJECTS?.trim()) {
    problems.push(`PORTICO_PROJECTS must be set: without it the only project is ${DEV_PROJECT_ID}, whose allow list is the development origins http://localhost:* and http://127.0.0.1:*`)
  }
  // Without PORTICO_PROJECTS the projects are the development one, refused above as a whole.
  for (const project of env.PORTICO_PROJECTS?.trim() ? facts.projects : []) {
    if (project.allowedOrigins.includes('*')) {
      problems.push(`PORTICO_PROJECTS: project '${project.id}' allows every origin ('*'); list the origins of its dapps instead`)
      continue
    }
    for (const pattern of project.allowedOrigins) {
      const problem = dappOriginProblem(pattern)
      if (problem !== undefined) problems.push(`PORTICO_PROJECTS: project '${project.id}' allows ${pattern}, ${problem}`)
    }
    const admits = compileOriginPatterns(project.allowedOrigins)
    for (const origin of facts.secureOrigins) {
      if (admits(origin)) {
        problems.push(
          `SECURE_ORIGIN: ${origin} is also a dapp origin of project '${project.id}' (PORTICO_PROJECTS); the secure page must have an origin of its own, or a dapp's script runs beside the wallet`,
        )
      }
    }
  }

  if (!env.SECURE_ORIGIN?.trim()) {
    problems.push(`SECURE_ORIGIN must be set: the default ${DEFAULT_SECURE_ORIGIN} is the development secure page`)
  } else {
    for (const origin of facts.secureOrigins) {
      const url = new URL(origin)
      if (isLoopbackHost(url.hostname)) problems.push(`SECURE_ORIGIN: ${origin} is a loopback address; give the secure page's public https:// origin`)
      else if (url.protocol !== 'https:') problems.push(`SECURE_ORIGIN: ${origin} must be https://: the secure page holds the embedded wallet`)
    }
  }
  if (facts.socialCallbackUrl !== undefined) {
    if (!env.SOCIAL_CALLBACK_URL?.trim()) {
      problems.push("SOCIAL_CALLBACK_URL must be set: the default is built from HOST and PORT, not from this server's public URL")
    } else if (isLoopbackHost(new URL(facts.socialCallbackUrl).hostname)) {
      problems.push(`SOCIAL_CALLBACK_URL: ${facts.socialCallbackUrl} is a loopback address; give the public URL the providers redirect to`)
    } else if (new URL(facts.socialCallbackUrl).protocol !== 'https:') {
      problems.push(`SOCIAL_CALLBACK_URL: ${facts.socialCallbackUrl} must be https://: the providers send the login code to it`)
    }
  }

  if (facts.instances > 1 && 'sqliteFile' in facts.database) {
    problems.push(
      `DATABASE_URL must be set when PORTICO_INSTANCES=${facts.instances}: several instances share sessions, codes, nonces and rate limits through PostgreSQL, and a SQLite file (SQLITE_FILE) belongs to one machine`,
    )
  }

  if (env.FARCASTER_DEV_CUSTODY?.trim()) problems.push('FARCASTER_DEV_CUSTODY cannot be set: it trusts a fixed fid → address map; set FARCASTER_CUSTODY_RPC_URL')
  problems.push(...bundlerProblems(env))
  if (sponsorsWithDevKey(env)) {
    problems.push(
      `PAYMASTER_SIGNER_KEY cannot be the development sponsor key (${DEV_SPONSOR_ADDRESS}): it is derived from a public string, so anyone could sign sponsorships that spend the paymaster's deposit; make a key of your own and deploy a paymaster that trusts it (docs/self-hosting.md, "Gas sponsorship")`,
    )
  }
  if (env.ONRAMP_TEST_PROVIDER_KEY?.trim()) problems.push('ONRAMP_TEST_PROVIDER_KEY cannot be set: the test onramp provider hands out funds to anyone')
  return problems
}

/**
 * Why a dapp origin pattern has no place in production, or undefined. The `*` of a
 * pattern stands for a label or a port, so the scheme and the host's fixed part are read
 * as written.
 */
function dappOriginProblem(pattern: string): string | undefined {
  const parts = /^([a-z*][a-z0-9+.*-]*):\/\/(\[[^\]]*\]|[^/:]*)/i.exec(pattern)
  if (parts === null) return undefined
  const [, scheme = '', host = ''] = parts
  if (isLoopbackHost(host)) return 'a loopback origin no visitor has; list the public origins of its dapps'
  if (scheme.toLowerCase() !== 'https') return `a plain ${scheme}:// origin whose pages anyone on the network can change; use https://`
  return undefined
}

/**
 * A bundler reached over plain http on another machine: user operations and the
 * provider's API key would cross the network in the clear. Named by scheme and host
 * only (the path and query may hold the key). A malformed setting is the start-up's
 * error (env.ts), not a production one.
 */
function bundlerProblems(env: Env): string[] {
  let urls: string[]
  try {
    const bundlers = readBundlerEnv(env)
    urls = [...(bundlers.url === undefined ? [] : [bundlers.url.replaceAll('{chainId}', '1')]), ...Object.values(bundlers.urls)]
  } catch {
    return []
  }
  return urls
    .filter((url) => new URL(url).protocol !== 'https:' && !isLoopbackHost(new URL(url).hostname))
    .map((url) => `BUNDLER_URL: ${bundlerOrigin(url)} must be https:// or a loopback address: user operations and the provider's API key would travel in the clear`)
}

/** The sponsor key is the development one (a malformed setting is the start-up's error, env.ts). */
function sponsorsWithDevKey(env: Env): boolean {
  try {
    return readPaymasterEnv(env)?.signer.address === DEV_SPONSOR_ADDRESS
  } catch {
    return false
  }
}

/**
 * Whether 32 key bytes look drawn at random: 32 random bytes have fewer than 16
 * distinct values, or are all printable ASCII, with odds below 10⁻¹³; a zero key, a
 * repeated pattern or a password typed as the key have.
 */
function looksRandom(key: Uint8Array): boolean {
  const distinct = new Set(key).size
  const printable = key.every((byte) => byte >= 0x20 && byte <= 0x7e)
  return distinct >= 16 && !printable
}

/** localhost, *.localhost, 127.0.0.0/8, ::1 and 0.0.0.0: names no visitor can reach. */
function isLoopbackHost(hostname: string): boolean {
  return isLoopbackName(hostname) || hostname === '0.0.0.0'
}
