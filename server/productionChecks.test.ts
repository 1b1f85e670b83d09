import { randomBytes } from 'node:crypto'
import { InvalidEnvironmentError, readServerEnv } from './env'
import { DEV_SPONSOR_KEY, VERIFYING_PAYMASTER_ADDRESS } from '../dev/chain/paymaster'

/** A configuration fit for production; each test spoils one setting. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://portico:secret@db.internal:5432/portico',
  PORTICO_INSTANCES: '2',
  PORTICO_PROJECTS: '[{"id":"shop","allowedOrigins":["https://shop.example","https://*.shop.example"]}]',
  PORTICO_MASTER_KEY: randomBytes(32).toString('base64'),
  SMTP_URL: 'smtps://portico:secret@mail.shop.example:465',
  SECURE_ORIGIN: 'https://secure.shop-wallet.example',
}

function refusal(env: Record<string, string | undefined>): string {
  try {
    readServerEnv(env)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError)
    return (error as Error).message
  }
  throw new Error('readServerEnv accepted the configuration')
}

describe('production mode', () => {
  it('accepts a configuration with no development setting', () => {
    const env = readServerEnv(production)
    expect(env.auth.production).toBe(true)
    expect(env.instances).toBe(2)
    expect(readServerEnv({ ...production, NODE_ENV: undefined, PORTICO_ENV: 'production' }).auth.production).toBe(true)
  })

  it.each([
    ['a missing master key', { PORTICO_MASTER_KEY: undefined }, 'PORTICO_MASTER_KEY must be set: the development key file (PORTICO_MASTER_KEY_FILE) is never used in production'],
    ['the dev mailbox', { DEV_MAILBOX: 'on' }, 'DEV_MAILBOX cannot be on: it shows one-time codes to anyone who asks'],
    ['no SMTP server', { SMTP_URL: undefined }, 'SMTP_URL must be set: one-time codes are sent by email'],
    [
      'a missing allow list',
      { PORTICO_PROJECTS: undefined },
      'PORTICO_PROJECTS must be set: without it the only project is portico-dev, whose allow list is the development origins http://localhost:* and http://127.0.0.1:*',
    ],
    [
      'an allow list of everything',
      { PORTICO_PROJECTS: '[{"id":"shop","allowedOrigins":["*"]}]' },
      "PORTICO_PROJECTS: project 'shop' allows every origin ('*'); list the origins of its dapps instead",
    ],
    ['the default secure origin', { SECURE_ORIGIN: undefined }, 'SECURE_ORIGIN must be set: the default http://127.0.0.1:8788 is the development secure page'],
    ['a loopback secure origin', { SECURE_ORIGIN: 'https://localhost:8788' }, "SECURE_ORIGIN: https://localhost:8788 is a loopback address; give the secure page's public https:// origin"],
    ['a loopback IP secure origin', { SECURE_ORIGIN: 'http://127.0.0.1:8788' }, "SECURE_ORIGIN: http://127.0.0.1:8788 is a loopback address; give the secure page's public https:// origin"],
    ['a plain-http secure origin', { SECURE_ORIGIN: 'http://secure.shop.example' }, 'SECURE_ORIGIN: http://secure.shop.example must be https://: the secure page holds the embedded wallet'],
    [
      'SQLite with several instances',
      { DATABASE_URL: undefined, SQLITE_FILE: '/var/lib/portico/portico.sqlite' },
      'DATABASE_URL must be set when PORTICO_INSTANCES=2: several instances share sessions, codes, nonces and rate limits through PostgreSQL, and a SQLite file (SQLITE_FILE) belongs to one machine',
    ],
    [
      'the Farcaster development custody',
      { FARCASTER_RELAY_URL: 'https://relay.farcaster.xyz', FARCASTER_DEV_CUSTODY: '{"1":"0x0000000000000000000000000000000000000001"}' },
      'FARCASTER_DEV_CUSTODY cannot be set: it trusts a fixed fid → address map; set FARCASTER_CUSTODY_RPC_URL',
    ],
    [
      'a bundler over plain http on another machine, named without its API key',
      { BUNDLER_URLS: '{"eip155:1":"http://bundler.example/v2/1/rpc?apikey=secret"}' },
      "BUNDLER_URL: http://bundler.example must be https:// or a loopback address: user operations and the provider's API key would travel in the clear",
    ],
    [
      'the development sponsor key',
      { PAYMASTER_ADDRESS: VERIFYING_PAYMASTER_ADDRESS, PAYMASTER_SIGNER_KEY: DEV_SPONSOR_KEY },
      'PAYMASTER_SIGNER_KEY cannot be the development sponsor key (0x406F1FaDe57f631158F7497084100009BDF60be6): it is derived from a public string, so anyone could sign sponsorships that spend the paymaster\'s deposit; make a key of your own and deploy a paymaster that trusts it (docs/self-hosting.md, "Gas sponsorship")',
    ],
    ['the test onramp provider', { ONRAMP_TEST_PROVIDER_KEY: `0x${'11'.repeat(32)}` }, 'ONRAMP_TEST_PROVIDER_KEY cannot be set: the test onramp provider hands out funds to anyone'],
  ])('refuses %s, naming the setting', (_what, change, problem) => {
    expect(refusal({ ...production, ...change })).toBe(`NODE_ENV=production refuses development settings; change this one:\n  - ${problem}`)
  })

  it.each([
    [
      'a loopback dapp origin',
      '["https://shop.example","http://localhost:3000"]',
      "PORTICO_PROJECTS: project 'shop' allows http://localhost:3000, a loopback origin no visitor has; list the public origins of its dapps",
    ],
    ['a loopback IP dapp origin', '["https://127.0.0.1:*"]', "PORTICO_PROJECTS: project 'shop' allows https://127.0.0.1:*, a loopback origin no visitor has; list the public origins of its dapps"],
    [
      'a *.localhost dapp origin',
      '["https://shop.localhost"]',
      "PORTICO_PROJECTS: project 'shop' allows https://shop.localhost, a loopback origin no visitor has; list the public origins of its dapps",
    ],
    [
      'a plain-http dapp origin',
      '["http://shop.example"]',
      "PORTICO_PROJECTS: project 'shop' allows http://shop.example, a plain http:// origin whose pages anyone on the network can change; use https://",
    ],
  ])('refuses %s, naming the project and the origin', (_what, origins, problem) => {
    expect(refusal({ ...production, PORTICO_PROJECTS: `[{"id":"shop","allowedOrigins":${origins}}]` })).toBe(`NODE_ENV=production refuses development settings; change this one:\n  - ${problem}`)
  })

  it('refuses a secure origin that a project also allows as a dapp origin', () => {
    expect(refusal({ ...production, SECURE_ORIGIN: 'https://wallet.shop.example' })).toBe(
      'NODE_ENV=production refuses development settings; change this one:\n' +
        "  - SECURE_ORIGIN: https://wallet.shop.example is also a dapp origin of project 'shop' (PORTICO_PROJECTS); the secure page must have an origin of its own, or a dapp's script runs beside the wallet",
    )
  })

  it('refuses a plain-http social login callback', () => {
    const social = { SOCIAL_PROVIDERS: '{"google":{"issuer":"https://accounts.google.com","clientId":"id","clientSecret":"secret"}}' }
    expect(refusal({ ...production, ...social, SOCIAL_CALLBACK_URL: 'http://portico.shop.example/auth/v1/social/callback' })).toContain(
      'SOCIAL_CALLBACK_URL: http://portico.shop.example/auth/v1/social/callback must be https://: the providers send the login code to it',
    )
  })

  it.each([
    ['all zero', Buffer.alloc(32).toString('base64')],
    ['one repeated byte', '11'.repeat(32)],
    ['a short repeated pattern', Buffer.from('0123456789abcdef'.repeat(2), 'hex').toString('hex').padEnd(64, '0')],
    ['text', Buffer.from('my-own-secret-password-for-wallet').subarray(0, 32).toString('base64')],
  ])('refuses a master key that is %s', (_what, key) => {
    expect(refusal({ ...production, PORTICO_MASTER_KEY: key })).toBe(
      'NODE_ENV=production refuses development settings; change this one:\n' +
        "  - PORTICO_MASTER_KEY is not random (too few distinct bytes, or all printable text); make one with: node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"",
    )
  })

  it.each(['Production', 'prod', ' PRODUCTION', 'staging'])("refuses NODE_ENV='%s' rather than run in development mode", (value) => {
    expect(() => readServerEnv({ ...production, NODE_ENV: value })).toThrow(
      new InvalidEnvironmentError(`NODE_ENV must be production, development or test (or unset), not '${value}': any other value would run in development mode`),
    )
    expect(readServerEnv({ ...production, NODE_ENV: 'test', PORTICO_ENV: 'production' }).auth.production).toBe(true)
  })

  it('refuses a social login callback left at its HOST:PORT default or on loopback', () => {
    const social = { SOCIAL_PROVIDERS: '{"google":{"issuer":"https://accounts.google.com","clientId":"id","clientSecret":"secret"}}' }
    expect(refusal({ ...production, ...social })).toContain("SOCIAL_CALLBACK_URL must be set: the default is built from HOST and PORT, not from this server's public URL")
    expect(refusal({ ...production, ...social, SOCIAL_CALLBACK_URL: 'http://127.0.0.1:8787/auth/v1/social/callback' })).toContain(
      'SOCIAL_CALLBACK_URL: http://127.0.0.1:8787/auth/v1/social/callback is a loopback address',
    )
    expect(readServerEnv({ ...production, ...social, SOCIAL_CALLBACK_URL: 'https://portico.shop.example/auth/v1/social/callback' }).auth.social).toBeDefined()
  })

  it('lists every development setting at once, under the variable that turned production on', () => {
    expect(refusal({ PORTICO_ENV: 'production', PORTICO_INSTANCES: '3' })).toBe(
      [
        'PORTICO_ENV=production refuses development settings; change these 5:',
        '  - PORTICO_MASTER_KEY must be set: the development key file (PORTICO_MASTER_KEY_FILE) is never used in production',
        '  - SMTP_URL must be set: one-time codes are sent by email',
        '  - PORTICO_PROJECTS must be set: without it the only project is portico-dev, whose allow list is the development origins http://localhost:* and http://127.0.0.1:*',
        '  - SECURE_ORIGIN must be set: the default http://127.0.0.1:8788 is the development secure page',
        '  - DATABASE_URL must be set when PORTICO_INSTANCES=3: several instances share sessions, codes, nonces and rate limits through PostgreSQL, and a SQLite file (SQLITE_FILE) belongs to one machine',
      ].join('\n'),
    )
  })

  it('leaves development alone: the same settings start without NODE_ENV or PORTICO_ENV', () => {
    expect(readServerEnv({ PORTICO_INSTANCES: '3' }).auth.production).toBe(false)
  })
})

describe('reading the environment', () => {
  it('does not load the app (no import cycle through server/app.ts)', async () => {
    await jest.isolateModulesAsync(async () => {
      jest.doMock('./app', () => {
        throw new Error('server/env.ts loaded server/app.ts')
      })
      await expect(import('./env')).resolves.toHaveProperty('readServerEnv')
    })
  })
})
