import { DEFAULT_SQLITE_FILE, InvalidEnvironmentError, readServerEnv } from './env'

describe('readServerEnv', () => {
  it('defaults to 127.0.0.1:8787, SQLite in .data, the dev project and analytics on', () => {
    expect(readServerEnv({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      database: { sqliteFile: DEFAULT_SQLITE_FILE },
      projects: [{ id: 'portico-dev', allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'], analyticsEnabled: true }],
      logLevel: 'info',
    })
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
    })
    expect(env).toEqual({
      port: 0,
      host: '0.0.0.0',
      database: { postgresUrl: 'postgresql://portico:secret@db:5432/portico' },
      projects: [{ id: 'shop', allowedOrigins: ['https://shop.example'], analyticsEnabled: false }],
      logLevel: false,
    })
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
  ])('refuses %j', (env, message) => {
    expect(() => readServerEnv(env)).toThrow(InvalidEnvironmentError)
    expect(() => readServerEnv(env)).toThrow(message)
  })
})
