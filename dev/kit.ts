// `portico-dev`: the local stack for a dapp developer's own app (docs/testing-your-dapp.md).
// The same stack `npm start` runs (dev/stack.ts): two local EVM chains with the test
// contracts and their bundlers, the reference server with the dapp's origins allowed,
// the secure frame page, the WalletConnect relay and wallet page, the development
// mailbox (GET /dev/mailbox on the server), and the Solana, Bitcoin, social-login and
// Farcaster stand-ins. It prints every URL, account and contract address, as text or,
// with --json, as one JSON line on stdout that scripts and tests read.
//
//   portico-dev --origin http://localhost:3000 [--origin …] [--json] [--out portico-dev.json] [--data-dir .portico-dev]
import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { devAccounts } from './chain/devAccounts'
import { ENTRY_POINT_ADDRESS, SMART_ACCOUNT_FACTORY_ADDRESS } from './chain/accountAbstraction'
import { runService } from './runService'
import { solanaLocalnet, TEST_SPL_TOKEN } from './solana'
import { bitcoinRegtest } from '../src/plugins/bip122/networks'
import { DEV_PROJECT_ID } from '../server/projects'
import { startStack, type Stack, type StackOptions } from './stack'
import type { StackAssets } from './stackAssets'

export const KIT_USAGE = `Usage: portico-dev [--origin URL]... [--json] [--out FILE] [--data-dir DIR]

Starts the local Portico stack for your dapp and prints its URLs, accounts and contracts.
  --origin URL    a page origin the reference server allows (repeatable); default any http://localhost:* page
  --json          print one JSON line on stdout instead of text
  --out FILE      also write that JSON to FILE (e.g. into the dapp's public folder), once everything runs
  --data-dir DIR  where the server keeps its SQLite file and master key (default: a fresh temp folder)
  --help          this text
Ctrl+C stops everything.`

export type KitArgs = { origins: string[] | undefined; json: boolean; out: string | undefined; dataDir: string | undefined; help: boolean }

/** Reads the command line; throws with a message naming the bad argument. */
export function parseKitArgs(argv: readonly string[]): KitArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      origin: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      out: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  })
  for (const origin of values.origin ?? []) {
    let parsed: URL | undefined
    try {
      parsed = new URL(origin)
    } catch {
      parsed = undefined
    }
    if (!parsed || parsed.origin !== origin.replace(/\/$/, '')) throw new Error(`--origin must be an origin such as http://localhost:3000 (scheme, host and port, no path), not '${origin}'`)
  }
  return { origins: values.origin?.map((origin) => origin.replace(/\/$/, '')), json: values.json, out: values.out, dataDir: values['data-dir'], help: values.help }
}

/** Everything a dapp and its tests need from a running stack; what `--json` prints. */
export function describeKit(stack: Stack) {
  const solanaNetwork = solanaLocalnet(stack.solana.url)
  return {
    projectId: DEV_PROJECT_ID,
    allowedOrigins: stack.allowedOrigins,
    /** The Portico `endpoints` option of a dapp that uses this stack. */
    endpoints: { blockchainApi: stack.serverUrl, walletListing: stack.serverUrl, relay: stack.relayUrl, secureFrame: stack.secureUrl },
    urls: {
      server: stack.serverUrl,
      mailbox: `${stack.serverUrl}/dev/mailbox`,
      secureFrame: stack.secureUrl,
      relay: stack.relayUrl,
      walletConnectWallet: stack.walletConnectWalletUrl,
      demo: stack.demoUrl,
      oidcIssuer: stack.oidcIssuer,
      farcasterRelay: stack.farcasterRelayUrl,
    },
    /** The local chains as Portico networks (their RPC URL the local node's): `eip155({ networks })`. */
    networks: stack.chains.networks,
    chains: stack.chains.chains.map((chain) => ({
      caipNetworkId: `eip155:${chain.chainId}`,
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      bundlerUrl: stack.bundlerUrls[`eip155:${chain.chainId}`],
      contracts: {
        token: { address: chain.token.address, symbol: chain.token.symbol, decimals: chain.token.decimals },
        nft: { address: chain.nft.address, symbol: chain.nft.symbol },
        pool: stack.pools[`eip155:${chain.chainId}`],
        entryPoint: ENTRY_POINT_ADDRESS,
        smartAccountFactory: SMART_ACCOUNT_FACTORY_ADDRESS,
      },
    })),
    /** anvil's public development accounts, funded on every chain; the dev wallet uses the first. */
    accounts: devAccounts.map(({ address, privateKey }) => ({ address, privateKey })),
    solana: {
      caipNetworkId: solanaNetwork.caipNetworkId,
      rpcUrl: stack.solana.url,
      devWallet: stack.devWallets.solana,
      token: { mint: TEST_SPL_TOKEN.mint, symbol: TEST_SPL_TOKEN.symbol, decimals: TEST_SPL_TOKEN.decimals },
    },
    bitcoin: { caipNetworkId: bitcoinRegtest.caipNetworkId, esploraUrl: stack.esplora.url, devWallet: stack.devWallets.bitcoin },
  }
}

export type KitInfo = ReturnType<typeof describeKit>

/** The text form: one service or contract a line. */
export function kitText(kit: KitInfo): string {
  const lines = [
    'Portico is running.',
    `  Reference server:         ${kit.urls.server}  (project ${kit.projectId}; allows ${kit.allowedOrigins.join(', ')})`,
    `  Email codes (mailbox):    ${kit.urls.mailbox}`,
    `  Secure frame page:        ${kit.urls.secureFrame}`,
    `  WalletConnect relay:      ${kit.urls.relay}`,
    `  WalletConnect dev wallet: ${kit.urls.walletConnectWallet}`,
    `  Demo dapp:                ${kit.urls.demo}`,
    ...kit.chains.flatMap((chain) => [
      `  Chain ${chain.caipNetworkId}:  RPC ${chain.rpcUrl}  bundler ${chain.bundlerUrl}`,
      `    test token ${chain.contracts.token.symbol} ${chain.contracts.token.address}  NFT ${chain.contracts.nft.symbol} ${chain.contracts.nft.address}  pool ${chain.contracts.pool}`,
      `    EntryPoint ${chain.contracts.entryPoint}  smart-account factory ${chain.contracts.smartAccountFactory}`,
    ]),
    `  Solana ${kit.solana.caipNetworkId}: RPC ${kit.solana.rpcUrl}  dev wallet ${kit.solana.devWallet}  token ${kit.solana.token.symbol} ${kit.solana.token.mint}`,
    `  Bitcoin ${kit.bitcoin.caipNetworkId}: Esplora ${kit.bitcoin.esploraUrl}  dev wallet ${kit.bitcoin.devWallet.payment}`,
    `  OpenID Connect provider (social login stand-in): ${kit.urls.oidcIssuer}`,
    `  Farcaster relay stand-in: ${kit.urls.farcasterRelay}`,
    '  Development accounts (public keys of a public mnemonic: never hold real funds):',
    ...kit.accounts.map((account, i) => `    ${i} ${account.address} ${account.privateKey}`),
    'Press Ctrl+C to stop.',
  ]
  return lines.join('\n')
}

/**
 * Starts the stack and prints it; Ctrl+C stops it. `npm start` (dev/start.ts) and the
 * `portico-dev` bin both run this.
 */
export function runKit(options: StackOptions & { json?: boolean; out?: string }): void {
  runService(async () => {
    const stack = await startStack({ ...options, quiet: options.quiet ?? options.json ?? false })
    const kit = describeKit(stack)
    if (options.out) await writeFile(options.out, `${JSON.stringify(kit, null, 2)}\n`)
    console.log(options.json ? JSON.stringify(kit) : `\n${kitText(kit)}`)
    // A service died that the stack cannot bring back: it has stopped everything and said
    // why (dev/stack.ts); end with a failure instead of running half-dead.
    void stack.halted.then(() => process.exit(1))
    return () => stack.stop()
  })
}

/** The command line: `npm run kit -- …` in the repository, the `portico-dev` bin (dev/kitBin.ts) in a dapp's folder. */
export function kitMain(argv: readonly string[], assets?: StackAssets): void {
  let args: KitArgs
  try {
    args = parseKitArgs(argv)
  } catch (error) {
    console.error(`portico-dev: ${(error as Error).message}\n\n${KIT_USAGE}`)
    process.exit(2)
  }
  if (args.help) {
    console.log(KIT_USAGE)
  } else {
    runKit({
      json: args.json,
      ...(args.out ? { out: args.out } : {}),
      ...(args.origins ? { origins: args.origins } : {}),
      ...(args.dataDir ? { dataDir: args.dataDir } : {}),
      ...(assets ? { assets } : {}),
    })
  }
}

if (require.main === module) kitMain(process.argv.slice(2))
