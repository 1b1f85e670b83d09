// Runs the local WalletConnect relay on its own: `npx tsx dev/relay/main.ts`
// (RELAY_PORT, default 8789, the default `endpoints.relay`; RELAY_LOG=1 logs traffic).
import { runService } from '../runService'
import { startRelay } from './relay'

runService(async () => {
  const relay = await startRelay({
    port: Number(process.env.RELAY_PORT ?? 8789),
    log: process.env.RELAY_LOG ? (line) => console.log(`[relay] ${line}`) : undefined,
  })
  console.log(`WalletConnect relay listening on ${relay.url}`)
  return () => relay.stop()
})
