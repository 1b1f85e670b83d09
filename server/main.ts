/**
 * `npm run server`: the reference backend from environment variables
 * (docs/self-hosting.md). Migrates, listens, prints its URL, and closes cleanly
 * on SIGINT/SIGTERM so in-flight requests finish and the database is released.
 */
import { type AuthServerOptions, createServer } from './app'
import { type Mailbox, type Mailer, createMailbox, createSmtpMailer, teeMailer } from './auth/mailer'
import { createKeyring, loadOrCreateDevMasterKey } from './auth/masterKey'
import { fixedCustody, idRegistryCustody } from './auth/farcaster'
import { blockchainOptions, readBlockchainEnv } from './blockchainEnv'
import { loadPriceSources } from './chain/priceSources'
import { readSwapEnv } from './convert/env'
import { readOnrampEnv } from './onramp/env'
import { readBundlerEnv } from './accountAbstraction/env'
import { readPaymasterEnv } from './accountAbstraction/paymasterEnv'
import { isLoopback } from './clientAddress'
import { describeDatabase } from './db/connect'
import { type AuthEnv, readServerEnv } from './env'
import { type SecurePageServer, startSecurePageServer } from './securePage'
import { describeLoadedRegistry, loadWalletRegistryFile } from './walletExplorerListing'

/**
 * The auth service from its variables: the master key (or the development key
 * file, announced loudly), and the mailer (SMTP, the development mailbox, or both).
 */
async function authOptions(env: AuthEnv & { host: string }): Promise<AuthServerOptions> {
  let masterKey = env.masterKey
  if (masterKey === undefined) {
    const dev = loadOrCreateDevMasterKey(env.masterKeyFile)
    masterKey = dev.key
    console.warn(
      `\n*** Portico: DEVELOPMENT MASTER KEY ${dev.created ? 'created in' : 'read from'} ${env.masterKeyFile} ***\n` +
        "*** It encrypts the server's share of each embedded wallet, and the keys of wallets made before self-custody until their next login.\n" +
        '*** It is for development only: set PORTICO_MASTER_KEY (32 random bytes, base64) in production. ***\n',
    )
  }
  const keyring = createKeyring(masterKey, env.previousMasterKeys)

  const smtp = env.smtpUrl === undefined ? undefined : await createSmtpMailer({ url: env.smtpUrl, from: env.mailFrom })
  let devMailbox: Mailbox | undefined
  if (env.devMailbox) {
    devMailbox = createMailbox({ log: (line) => console.log(line) })
    console.warn(
      isLoopback(env.host)
        ? 'Portico: development mailbox on: one-time codes are printed here and listed at GET /dev/mailbox (never use in production)'
        : `Portico: development mailbox on: one-time codes are printed here; GET /dev/mailbox is not served, because HOST=${env.host} is not a loopback address`,
    )
  }
  const mailers = [smtp, devMailbox].filter((mailer): mailer is Mailer => mailer !== undefined)
  const mailer = mailers.length === 1 ? mailers[0]! : teeMailer(...mailers)

  return {
    keyring,
    mailer,
    secureOrigins: env.secureOrigins,
    ...(devMailbox ? { devMailbox } : {}),
    limits: { sessionTtlMs: env.sessionTtlSeconds * 1000 },
    ...(env.social ? { social: env.social } : {}),
    ...(env.farcaster
      ? {
          farcaster: {
            relayUrl: env.farcaster.relayUrl,
            domain: env.farcaster.domain,
            siweUri: env.farcaster.siweUri,
            custodyOf: env.farcaster.custodyRpcUrl ? idRegistryCustody(env.farcaster.custodyRpcUrl) : fixedCustody(env.farcaster.devCustody ?? {}),
          },
        }
      : {}),
  }
}

async function main(): Promise<void> {
  const env = readServerEnv(process.env)
  const blockchain = readBlockchainEnv(process.env)
  const swap = readSwapEnv(process.env)
  const onramp = readOnrampEnv(process.env)
  const bundlers = readBundlerEnv(process.env)
  const paymaster = readPaymasterEnv(process.env)
  // WALLET_REGISTRY_FILE: the wallet listing (this server's format or the Explorer's) and the images beside it.
  const walletFile = process.env.WALLET_REGISTRY_FILE?.trim()
  const wallets = walletFile ? loadWalletRegistryFile(walletFile) : undefined
  const app = createServer({
    ...(wallets ? { walletRegistry: wallets.registry } : {}),
    database: env.database,
    projects: env.projects,
    logger: env.logLevel === false ? false : { level: env.logLevel },
    trustProxy: env.trustProxy,
    analyticsRetentionMs: env.analyticsRetentionMs,
    auth: await authOptions({ ...env.auth, host: env.host }),
    // PRICE_SOURCES: the price table and the operator's own source modules, asked in order.
    blockchain: { ...blockchainOptions(blockchain), prices: await loadPriceSources(process.env, { table: blockchain.priceTable }) },
    swap,
    onramp,
    bundlers,
    ...(paymaster ? { paymaster } : {}),
  })

  let securePage: SecurePageServer | undefined
  let closing = false
  const shutDown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    console.log(`Portico server: ${signal} received, closing`)
    // If something holds the event loop open after close, do not hang forever.
    setTimeout(() => process.exit(1), 10_000).unref()
    Promise.all([app.close(), securePage?.close()]).then(
      () => {
        process.exitCode = 0
      },
      (error: unknown) => {
        console.error('Portico server: error while closing', error)
        process.exitCode = 1
      },
    )
  }
  process.once('SIGINT', shutDown)
  process.once('SIGTERM', shutDown)

  const address = await app.listen({ port: env.port, host: env.host })
  console.log(`Portico server listening on ${address} (${describeDatabase(env.database)}; projects: ${env.projects.map((p) => p.id).join(', ')})`)
  if (env.securePage) {
    securePage = await startSecurePageServer({ ...env.securePage, host: env.host })
    console.log(`Portico secure frame page at ${securePage.url} (from ${env.securePage.dir})`)
  }
  console.log(
    blockchain.chains.length > 0
      ? `Portico Blockchain API reads ${blockchain.chains.map((c) => c.chainId).join(', ')}${blockchain.indexer ? ' (indexer on)' : ' (indexer off)'}`
      : 'Portico Blockchain API reads no chain (set CHAIN_RPC_URLS for balances and history)',
  )
  if (blockchain.solanaChains.length > 0) console.log(`Portico Blockchain API reads SOL balances on ${blockchain.solanaChains.map((c) => c.chainId).join(', ')}`)
  const rpcChains = [...blockchain.chains, ...blockchain.solanaChains].map((c) => c.chainId)
  if (rpcChains.length > 0) console.log(`Portico RPC service at ${address}/v1/rpc serves ${rpcChains.join(', ')}`)
  if (walletFile && wallets) for (const line of describeLoadedRegistry(walletFile, wallets)) console.log(line)
  console.log(`Portico embedded-wallet API at ${address}/auth/v1 answers the secure page at ${env.auth.secureOrigins.join(', ')}`)
  if (!env.auth.production) {
    // Production mode refuses these settings at start; say so while they are allowed.
    console.warn('Portico server: development mode: development settings are allowed. Set NODE_ENV=production on a deployment to have them refused (docs/self-hosting.md, "Production mode")')
  }
  if (env.auth.social) console.log(`Portico social login: ${Object.keys(env.auth.social.providers).join(', ')} (callback ${env.auth.social.callbackUrl})`)
  if (env.auth.farcaster) console.log(`Portico Farcaster login through ${env.auth.farcaster.relayUrl}`)
}

main().catch((error: unknown) => {
  console.error(`Portico server failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
