import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { ConfigError } from '../../src/errors'
import { eip155 } from '../../src/plugins/eip155/plugin'
import { createPluginRegistry } from '../../src/plugins/registry'
import type { CaipNetwork } from '../../src/types/network'
import { isCaipAddress } from '../../src/validation/caip'
import { cosmos, cosmosHub, isCosmosAddress } from './cosmosPlugin'

const hubAddress = 'cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0'
// The same 20 bytes under three prefixes, and a 32-byte (module account) address.
const sameBytes = {
  cosmos: 'cosmos1qqrsu9guyv4rzwplgex4gkmzd9c8wl59jy3rft',
  osmo: 'osmo1qqrsu9guyv4rzwplgex4gkmzd9c8wl596lznle',
  valoper: 'cosmosvaloper1qqrsu9guyv4rzwplgex4gkmzd9c8wl59hs9k9c',
}
const moduleAccount = 'cosmos1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnzs23v9ccrydpk8qarc0sxaggsw'
const twentyOneBytes = 'cosmos1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnzszga8hs'

describe('docs/plugins.md', () => {
  it('embeds docs/examples/cosmosPlugin.ts verbatim', () => {
    const example = readFileSync(join(__dirname, 'cosmosPlugin.ts'), 'utf8')
    const guide = readFileSync(join(__dirname, '..', 'plugins.md'), 'utf8')
    expect(guide).toContain(`\`\`\`ts\n${example}\`\`\``)
  })
})

describe('isCosmosAddress', () => {
  it('accepts 20-byte accounts and 32-byte module accounts', () => {
    expect(isCosmosAddress(hubAddress)).toBe(true)
    expect(isCosmosAddress(sameBytes.cosmos)).toBe(true)
    expect(isCosmosAddress(moduleAccount)).toBe(true)
    expect(isCosmosAddress(hubAddress.toUpperCase())).toBe(true) // bech32 allows all upper case
  })

  it('refuses other prefixes unless asked for them', () => {
    expect(isCosmosAddress(sameBytes.osmo)).toBe(false)
    expect(isCosmosAddress(sameBytes.valoper)).toBe(false)
    expect(isCosmosAddress(sameBytes.osmo, 'osmo')).toBe(true)
  })

  it.each([
    ['a corrupted checksum', `${hubAddress.slice(0, -1)}q`],
    ['a changed character', hubAddress.replace('t2u', 't2v')],
    ['mixed case', `COSMOS1${hubAddress.slice(7)}`],
    ['21 bytes', twentyOneBytes],
    ['surrounding spaces', ` ${hubAddress} `],
    ['an EVM address', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['the prefix alone', 'cosmos1'],
    ['an empty string', ''],
  ])('refuses %s', (_case, address) => {
    expect(isCosmosAddress(address)).toBe(false)
  })
})

describe('cosmos()', () => {
  it('has the Cosmos Hub as its default network, replaceable', () => {
    const plugin = cosmos()
    expect(plugin.namespace).toBe('cosmos')
    expect(plugin.networks).toEqual([cosmosHub])
    expect(cosmosHub.caipNetworkId).toBe(`cosmos:${cosmosHub.id}`)
    const testnet: CaipNetwork = { ...cosmosHub, id: 'theta-testnet-001', caipNetworkId: 'cosmos:theta-testnet-001', name: 'Theta Testnet', testnet: true }
    expect(cosmos({ networks: [testnet] }).networks).toEqual([testnet])
  })

  it('supports none of the SPEC §5 features and has no capabilities', () => {
    const plugin = cosmos()
    expect(plugin.features).toMatchObject({ balance: false, names: false, activity: false, send: false })
    expect(plugin.features.swaps(cosmosHub)).toBe(false)
    expect(plugin.connectors).toBeUndefined()
    expect(plugin.balance).toBeUndefined()
  })
})

describe('the cosmos plugin in the registry', () => {
  const registry = createPluginRegistry([eip155(), cosmos()])

  it('registers beside eip155', () => {
    expect(registry.namespaces).toEqual(['eip155', 'cosmos'])
    expect(registry.networks.at(-1)).toBe(cosmosHub)
  })

  it('is found by namespace and by CAIP-2 network id', () => {
    expect(registry.getPlugin('cosmos')?.name).toBe('Cosmos')
    expect(registry.getPluginForNetwork('cosmos:cosmoshub-4')?.namespace).toBe('cosmos')
    expect(registry.getNetwork('cosmos:cosmoshub-4')).toEqual(cosmosHub)
  })

  it("checks each namespace's addresses with its own rule", () => {
    expect(registry.isAddressFor('cosmos', hubAddress)).toBe(true)
    expect(registry.isAddressFor('cosmos', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe(false)
    expect(registry.isAddressFor('eip155', hubAddress)).toBe(false)
    expect(registry.isCaipAddress(`cosmos:cosmoshub-4:${hubAddress}`)).toBe(true)
    expect(registry.isCaipAddress(`cosmos:cosmoshub-4:${sameBytes.osmo}`)).toBe(false)
    expect(isCaipAddress(`cosmos:cosmoshub-4:${hubAddress}`, registry.namespaces)).toBe(true)
  })

  it('cannot be registered twice', () => {
    expect(() => createPluginRegistry([eip155(), cosmos(), cosmos()])).toThrow(ConfigError)
  })
})

describe('a third-party namespace through createPortico (no change to core)', () => {
  it('registers from config: its networks, address rule and the store all follow', async () => {
    const { createPortico } = await import('../../src')
    const portico = createPortico({ projectId: 'p', plugins: [eip155(), cosmos()], devtools: false })
    try {
      const state = portico.getState()
      expect(state.options.namespaces).toEqual(['eip155', 'cosmos'])
      expect(state.network.networks.map((n) => n.caipNetworkId)).toContain(cosmosHub.caipNetworkId)
      await portico.switchNetwork(cosmosHub.caipNetworkId)
      expect(portico.getState().network.activeCaipNetworkId).toBe(cosmosHub.caipNetworkId)
      expect(portico.config.plugins.find((p) => p.namespace === 'cosmos')?.isAddress(hubAddress)).toBe(true)
    } finally {
      portico.destroy()
    }
  })
})
