// `npm start`: the whole product on this machine. See dev/stack.ts for what runs.
import { runService } from './runService'
import { startStack } from './stack'

runService(async () => {
  const stack = await startStack({
    demoPort: Number(process.env.DEMO_PORT ?? 5173),
    serverPort: Number(process.env.PORT ?? 8787),
    securePort: Number(process.env.SECURE_PAGE_PORT ?? 8788),
    relayPort: Number(process.env.RELAY_PORT ?? 8789),
    walletConnectWalletPort: Number(process.env.WC_WALLET_PORT ?? 5174),
    solanaRpcPort: Number(process.env.SOLANA_RPC_PORT ?? 8899),
    esploraPort: Number(process.env.ESPLORA_PORT ?? 3002),
    oidcPort: Number(process.env.OIDC_PORT ?? 8790),
    farcasterRelayPort: Number(process.env.FARCASTER_RELAY_PORT ?? 8791),
    dataDir: '.data',
  })
  const chains = stack.chains.chains.map((c) => `${c.chainId} ${c.rpcUrl}`).join(', ')
  const bundlers = Object.entries(stack.bundlerUrls)
    .map(([chainId, url]) => `${chainId} ${url}`)
    .join(', ')
  console.log(
    `\nPortico is running.\n  Demo dapp:        ${stack.demoUrl}\n  Reference server: ${stack.serverUrl}\n  Secure frame page: ${stack.secureUrl}\n  WalletConnect relay: ${stack.relayUrl}\n  WalletConnect dev wallet: ${stack.walletConnectWalletUrl}\n  Local chains: ${chains}\n  Bundlers (Alto): ${bundlers}\n  Solana RPC (LiteSVM): ${stack.solana.url}  dev wallet ${stack.devWallets.solana}\n  Esplora (regtest): ${stack.esplora.url}  dev wallet ${stack.devWallets.bitcoin.payment}\n  OpenID Connect provider (social login stand-in): ${stack.oidcIssuer}\n  Farcaster relay stand-in: ${stack.farcasterRelayUrl}\nPress Ctrl+C to stop.`,
  )
  // A service died that the stack cannot bring back: it has stopped everything and said
  // why (dev/stack.ts); end npm start with a failure instead of running half-dead.
  void stack.halted.then(() => process.exit(1))
  return () => stack.stop()
})
