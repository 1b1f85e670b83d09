// `npm start`: the whole product on this machine. See dev/stack.ts for what runs and
// dev/kit.ts for what it prints (the same as `portico-dev`).
import { runKit } from './kit'

runKit({
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
