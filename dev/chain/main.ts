// `npx tsx dev/chain/main.ts`: the two local EVM chains on their own, for poking at them
// with a wallet or curl. `npm start` starts them as part of the whole stack instead.
import { runService } from '../runService'
import { startDevChains } from './devChains'

runService(async () => {
  const dev = await startDevChains({ verbose: process.argv.includes('--verbose') })
  const lines = dev.chains.map((chain) => `  eip155:${chain.chainId}  ${chain.rpcUrl}  PTT at ${chain.token.address}`)
  const account = dev.chains[0]!.accounts[0]!
  console.log(`Local chains are running.\n${lines.join('\n')}\n  Dev account: ${account.address} (key ${account.privateKey})\nPress Ctrl+C to stop.`)
  return () => dev.stop()
})
