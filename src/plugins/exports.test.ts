import * as bip122 from './bip122'
import * as eip155 from './eip155'
import * as registry from './registry'
import * as solana from './solana'

// Any change to the plugins' public API shows up here in review.
it('exports', () => {
  expect({
    eip155: Object.keys(eip155).sort(),
    solana: Object.keys(solana).sort(),
    bip122: Object.keys(bip122).sort(),
    registry: Object.keys(registry).sort(),
  }).toMatchInlineSnapshot(`
{
  "bip122": [
    "bip122",
    "bip122Features",
    "bip122Networks",
    "bitcoin",
    "bitcoinAddressNetworks",
    "bitcoinTestnet",
    "createBitcoinAddressRule",
    "isBitcoinAddress",
  ],
  "eip155": [
    "arbitrum",
    "aurora",
    "avalanche",
    "base",
    "bsc",
    "celo",
    "eip155",
    "eip155Features",
    "eip155Networks",
    "gnosis",
    "holesky",
    "isEvmAddress",
    "mainnet",
    "optimism",
    "polygon",
    "sepolia",
    "toCaipNetwork",
    "zksync",
    "zora",
    "zoraTestnet",
  ],
  "registry": [
    "createPluginRegistry",
  ],
  "solana": [
    "isSolanaAddress",
    "solana",
    "solanaDevnet",
    "solanaFeatures",
    "solanaMainnet",
    "solanaNetworks",
    "solanaTestnet",
  ],
}
`)
})
