import { randomBytes } from 'node:crypto'
import { masterKeyId } from './auth/masterKey'
import { DEV_SPONSORSHIP_POLICY } from './accountAbstraction/sponsorshipPolicy'
import { DEFAULT_MASTER_KEY_FILE, DEFAULT_SQLITE_FILE, InvalidEnvironmentError, readServerEnv } from './env'

const key = randomBytes(32)
const previous = randomBytes(32)

describe('readServerEnv', () => {
  it('defaults to 127.0.0.1:8787, SQLite in .data, the dev project and analytics on', () => {
    expect(readServerEnv({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      database: { sqliteFile: DEFAULT_SQLITE_FILE },
      instances: 1,
      projects: [{ id: 'portico-dev', allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'], analyticsEnabled: true, sponsorship: DEV_SPONSORSHIP_POLICY }],
      logLevel: 'info',
      trustProxy: false,
      analyticsRetentionMs: 30 * 24 * 3_600_000,
      auth: {
        production: false,
        secureOrigins: ['http://127.0.0.1:8788'],
        masterKey: undefined,
        previousMasterKeys: [],
        masterKeyFile: DEFAULT_MASTER_KEY_FILE,
        smtpUrl: undefined,
        mailFrom: 'Portico <no-reply@localhost>',
        devMailbox: true,
        sessionTtlSeconds: 604_800,
      },
      securePage: undefined,
    })
  })

  it('serves the secure page when SECURE_PAGE_DIR is set, on 8788 unless SECURE_PAGE_PORT says otherwise', () => {
    expect(readServerEnv({ SECURE_PAGE_DIR: 'secure/dist' }).securePage).toEqual({ dir: 'secure/dist', port: 8788 })
    expect(readServerEnv({ SECURE_PAGE_DIR: 'secure/dist', SECURE_PAGE_PORT: '0' }).securePage).toEqual({ dir: 'secure/dist', port: 0 })
    expect(() => readServerEnv({ SECURE_PAGE_PORT: '8788' })).toThrow('SECURE_PAGE_PORT needs SECURE_PAGE_DIR')
    expect(() => readServerEnv({ SECURE_PAGE_DIR: 'x', SECURE_PAGE_PORT: '-1' })).toThrow("SECURE_PAGE_PORT must be an integer from 0 to 65535, not '-1'")
  })

  it('reads every variable', () => {
    const env = readServerEnv({
      PORT: '0',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://portico:secret@db:5432/portico',
      SQLITE_FILE: '/ignored/when/postgres.sqlite',
      PORTICO_PROJECTS: '[{"id":"shop","allowedOrigins":["https://shop.example"]}]',
      ANALYTICS_ENABLED: 'false',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      NODE_ENV: 'production',
      SECURE_ORIGIN: 'https://secure.shop.example, https://Secure2.shop.example:8443/',
      PORTICO_MASTER_KEY: key.toString('base64'),
      PORTICO_PREVIOUS_MASTER_KEYS: `0x${previous.toString('hex')}`,
      PORTICO_MASTER_KEY_FILE: '/ignored/master.key',
      SMTP_URL: 'smtps://user:pass@mail.shop.example:465',
      MAIL_FROM: 'Shop <no-reply@shop.example>',
      DEV_MAILBOX: 'false',
      SESSION_TTL_SECONDS: '3600',
      ANALYTICS_RETENTION_DAYS: '7',
    })
    expect(env).toEqual({
      port: 0,
      host: '0.0.0.0',
      database: { postgresUrl: 'postgresql://portico:secret@db:5432/portico' },
      instances: 1,
      projects: [{ id: 'shop', allowedOrigins: ['https://shop.example'], analyticsEnabled: false }],
      logLevel: false,
      trustProxy: ['10.0.0.0/8', 'loopback'],
      analyticsRetentionMs: 7 * 24 * 3_600_000,
      auth: {
        production: true,
        secureOrigins: ['https://secure.shop.example', 'https://secure2.shop.example:8443'],
        masterKey: { id: masterKeyId(key), key },
        previousMasterKeys: [{ id: masterKeyId(previous), key: previous }],
        masterKeyFile: '/ignored/master.key',
        smtpUrl: 'smtps://user:pass@mail.shop.example:465',
        mailFrom: 'Shop <no-reply@shop.example>',
        devMailbox: false,
        sessionTtlSeconds: 3600,
      },
    })
  })

  it('keeps the development mailbox beside SMTP when asked, and reads TRUST_PROXY lists and false', () => {
    const env = readServerEnv({ SMTP_URL: 'smtp://127.0.0.1:1025', DEV_MAILBOX: '1', TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, fd00::/8, ::1' })
    expect(env.auth).toMatchObject({ smtpUrl: 'smtp://127.0.0.1:1025', devMailbox: true })
    expect(env.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1'])
    expect(readServerEnv({ TRUST_PROXY: 'off' }).trustProxy).toBe(false)
    expect(readServerEnv({ SMTP_URL: 'smtp://127.0.0.1:1025' }).auth.devMailbox).toBe(false)
  })

  it('uses SQLITE_FILE when DATABASE_URL is unset', () => {
    expect(readServerEnv({ SQLITE_FILE: '/var/lib/portico/db.sqlite' }).database).toEqual({ sqliteFile: '/var/lib/portico/db.sqlite' })
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer/],
    [{ DATABASE_URL: 'mysql://db/portico' }, /DATABASE_URL must be a postgres:\/\//],
    [{ ANALYTICS_ENABLED: 'maybe' }, /ANALYTICS_ENABLED must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ PORTICO_PROJECTS: '[]' }, /PORTICO_PROJECTS must be a non-empty array/],
    [{ SECURE_ORIGIN: 'https://secure.example/frame' }, /SECURE_ORIGIN must be one or more exact origins/],
    [{ SECURE_ORIGIN: 'https://*.example' }, /SECURE_ORIGIN must be one or more exact origins/],
    [{ SECURE_ORIGIN: 'ftp://secure.example' }, /SECURE_ORIGIN must be one or more exact origins/],
    [{ SECURE_ORIGIN: 'http://127.0.0.1:80' }, /SECURE_ORIGIN must be one or more exact origins/],
    [{ PORTICO_MASTER_KEY: 'short' }, /^PORTICO_MASTER_KEY must be 32 bytes/],
    [{ PORTICO_PREVIOUS_MASTER_KEYS: 'short' }, /^PORTICO_PREVIOUS_MASTER_KEYS must be 32 bytes/],
    [{ PORTICO_ENV: 'staging' }, /^PORTICO_ENV must be production or unset, not 'staging'$/],
    [{ PORTICO_INSTANCES: '0' }, /^PORTICO_INSTANCES must be the number of server processes sharing the database, 1 to 1000, not '0'$/],
    [{ PORTICO_INSTANCES: 'two' }, /^PORTICO_INSTANCES must be the number/],
    [{ DEV_MAILBOX: 'off' }, /Set SMTP_URL, or leave DEV_MAILBOX on/],
    [{ DEV_MAILBOX: 'perhaps' }, /DEV_MAILBOX must be true or false/],
    [{ SMTP_URL: 'http://mail.example' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ MAIL_FROM: 'a@b.co\r\nBcc: eve@example.com' }, /MAIL_FROM must be one line/],
    [{ SESSION_TTL_SECONDS: '59' }, /SESSION_TTL_SECONDS must be a whole number of seconds from 60 to 7776000/],
    [{ SESSION_TTL_SECONDS: '1.5' }, /SESSION_TTL_SECONDS must be a whole number/],
    [{ SESSION_TTL_SECONDS: '7776001' }, /SESSION_TTL_SECONDS must be a whole number/],
    [{ TRUST_PROXY: 'every one' }, /TRUST_PROXY must be false, or proxy addresses\/CIDR ranges/],
    [{ TRUST_PROXY: 'true' }, /^TRUST_PROXY=true would believe X-Forwarded-For from anyone.*e\.g\. TRUST_PROXY=127\.0\.0\.1,10\.0\.0\.0\/8$/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY=yes would believe X-Forwarded-For from anyone/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be false, or proxy addresses/],
    [{ TRUST_PROXY: 'proxy.internal' }, /TRUST_PROXY must be false, or proxy addresses/],
    [{ ANALYTICS_RETENTION_DAYS: '0' }, /ANALYTICS_RETENTION_DAYS must be a whole number of days from 1 to 3650/],
    [{ ANALYTICS_RETENTION_DAYS: '1.5' }, /ANALYTICS_RETENTION_DAYS must be a whole number/],
  ])('refuses %j', (env, message) => {
    expect(() => readServerEnv(env)).toThrow(InvalidEnvironmentError)
    expect(() => readServerEnv(env)).toThrow(message)
  })
})
