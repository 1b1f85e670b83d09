// Writes src/plugins/eip155/networks.generated.ts: the SPEC §9 EVM chains as plain
// `CaipNetwork` data, taken from viem's chain definitions. Plain data keeps viem out of
// the code a dapp loads at start (bench/sizeBudget.test.ts); the test beside
// networks.ts fails when viem's definitions move and this needs running again:
//
//   npx tsx scripts/generate-eip155-networks.ts
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { eip155NetworkSource, renderEip155Networks } from '../src/plugins/eip155/networksSource'

const target = path.join(__dirname, '..', 'src', 'plugins', 'eip155', 'networks.generated.ts')
writeFileSync(target, renderEip155Networks(eip155NetworkSource()))
console.log(`wrote ${path.relative(process.cwd(), target)}`)
