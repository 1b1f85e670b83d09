// `npm start`: the whole product on this machine. See dev/stack.mjs for what runs.
import { startStack } from './stack'

async function main() {
const stack = await startStack({
  demoPort: Number(process.env.DEMO_PORT ?? 5173),
  serverPort: Number(process.env.PORT ?? 8787),
  relayPort: Number(process.env.RELAY_PORT ?? 8789),
  walletConnectWalletPort: Number(process.env.WC_WALLET_PORT ?? 5174),
  dataDir: '.data',
})
console.log(`\nPortico is running.\n  Demo dapp:        ${stack.demoUrl}\n  Reference server: ${stack.serverUrl}\n  WalletConnect relay: ${stack.relayUrl}\n  WalletConnect dev wallet: ${stack.walletConnectWalletUrl}\n  Local chains: ${stack.chains.chains.map((c) => `${c.chainId} ${c.rpcUrl}`).join(', ')}\nPress Ctrl+C to stop.`)

const stop = async () => {
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
