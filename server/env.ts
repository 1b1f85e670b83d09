/**
 * The server's environment variables, read and checked in one place so a typo
 * stops the start with a message naming the variable (docs/self-hosting.md).
 */
import { type LogLevel } from './app'
import { type DatabaseConfig } from './db/connect'
import { type ProjectConfig, readProjectsConfig } from './projects'

export interface ServerEnv {
  port: number
  host: string
  database: DatabaseConfig
  projects: ProjectConfig[]
  /** `false` for LOG_LEVEL=silent. */
  logLevel: LogLevel | false
}

export const DEFAULT_PORT = 8787
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_SQLITE_FILE = '.data/portico.sqlite'

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

  return {
    port,
    host: env.HOST?.trim() || DEFAULT_HOST,
    database,
    projects,
    logLevel: level === 'silent' ? false : level,
  }
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
