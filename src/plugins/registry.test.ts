import { ConfigError } from '../errors'
import type { CaipNetwork } from '../types/network'
import { base, eip155Networks, mainnet, optimism, sepolia } from './eip155/networks'
import { eip155 } from './eip155/plugin'
import { createPluginRegistry } from './registry'
import { solanaDevnet, solanaMainnet } from './solana/networks'
import { solana } from './solana/plugin'
import type { NamespacePlugin } from './types'

const vitalik = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const wrappedSol = 'So11111111111111111111111111111111111111112'

/**
 * A third-party plugin written against the contract alone, as a dapp would: core has no
 * cosmos code, and nothing in core changes to accept it.
 */
function fakeCosmos(networks?: readonly CaipNetwork[]): NamespacePlugin {
  const hub: CaipNetwork = {
    id: 'cosmoshub-4',
    chainNamespace: 'cosmos',
    caipNetworkId: 'cosmos:cosmoshub-4',
    name: 'Cosmos Hub',
    nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
    rpcUrls: { default: { http: ['https://cosmos-rpc.example'] } },
  }
  return {
    namespace: 'cosmos',
    name: 'Cosmos',
    networks: networks ?? [hub],
    isAddress: (address) => /^cosmos1[02-9ac-hj-np-z]{38}$/.test(address),
    features: { balance: false, names: false, activity: false, send: false, swaps: () => false },
  }
}
const cosmosAddress = `cosmos1${'q'.repeat(38)}`

describe('createPluginRegistry', () => {
  const registry = createPluginRegistry([eip155(), solana({ networks: [solanaMainnet, solanaDevnet] })])

  it('lists plugins, namespaces and every network in registration order', () => {
    expect(registry.namespaces).toEqual(['eip155', 'solana'])
    expect(registry.plugins.map((plugin) => plugin.namespace)).toEqual(['eip155', 'solana'])
    expect(registry.networks).toEqual([...eip155Networks, solanaMainnet, solanaDevnet])
  })

  it('finds a plugin by namespace', () => {
    expect(registry.getPlugin('solana')?.name).toBe('Solana')
    expect(registry.getPlugin('bip122')).toBeUndefined()
    expect(registry.getPlugin('constructor')).toBeUndefined()
  })

  it('finds a plugin by CAIP-2 network id, configured or not', () => {
    expect(registry.getPluginForNetwork('eip155:10')?.namespace).toBe('eip155')
    expect(registry.getPluginForNetwork('eip155:59144')?.namespace).toBe('eip155') // Linea: not configured, same family
    expect(registry.getPluginForNetwork(solanaMainnet.caipNetworkId)?.namespace).toBe('solana')
    expect(registry.getPluginForNetwork('bip122:000000000019d6689c085ae165831e93')).toBeUndefined()
    expect(registry.getPluginForNetwork('eip155')).toBeUndefined()
    expect(registry.getPluginForNetwork('eip155:')).toBeUndefined()
    expect(registry.getPluginForNetwork('eip155:1:0xabc')).toBeUndefined()
  })

  it('finds a configured network by CAIP-2 id', () => {
    expect(registry.getNetwork('eip155:10')).toBe(optimism)
    expect(registry.getNetwork('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe(solanaDevnet)
    expect(registry.getNetwork('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toBeUndefined() // testnet left out
    expect(registry.getNetwork('eip155:59144')).toBeUndefined()
  })

  it("checks an address with the namespace's rule", () => {
    expect(registry.isAddressFor('eip155', vitalik)).toBe(true)
    expect(registry.isAddressFor('solana', vitalik)).toBe(false)
    expect(registry.isAddressFor('solana', wrappedSol)).toBe(true)
    expect(registry.isAddressFor('bip122', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false) // not registered
  })

  it('checks a CAIP address: shape, registered namespace and address rule', () => {
    expect(registry.isCaipAddress(`eip155:1:${vitalik}`)).toBe(true)
    expect(registry.isCaipAddress(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${wrappedSol}`)).toBe(true)
    expect(registry.isCaipAddress(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${vitalik}`)).toBe(false)
    expect(registry.isCaipAddress(`bip122:000000000019d6689c085ae165831e93:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa`)).toBe(false)
    expect(registry.isCaipAddress(`eip155::${vitalik}`)).toBe(false)
    expect(registry.isCaipAddress(vitalik)).toBe(false)
  })

  it('returns frozen lists, so a caller cannot change what others see', () => {
    expect(Object.isFrozen(registry.plugins)).toBe(true)
    expect(Object.isFrozen(registry.networks)).toBe(true)
    expect(Object.isFrozen(registry.namespaces)).toBe(true)
  })

  it('accepts no plugins at all', () => {
    const empty = createPluginRegistry([])
    expect(empty.networks).toEqual([])
    expect(empty.getPluginForNetwork('eip155:1')).toBeUndefined()
    expect(empty.isAddressFor('eip155', vitalik)).toBe(false)
  })
})

describe('createPluginRegistry rejects', () => {
  const attempt = (plugins: readonly NamespacePlugin[]) => {
    try {
      createPluginRegistry(plugins)
    } catch (error) {
      return error
    }
    throw new Error('expected createPluginRegistry to throw')
  }

  it('a namespace registered twice, with a ConfigError that names it', () => {
    const error = attempt([eip155(), solana(), eip155({ networks: [base] })])
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toMatchObject({ shortMessage: "Namespace 'eip155' is registered twice.", code: 'config/duplicate-plugin' })
  })

  it('a malformed namespace', () => {
    expect(attempt([{ ...eip155(), namespace: 'EIP155' }])).toMatchObject({ code: 'config/invalid-plugin' })
    expect(attempt([{ ...eip155(), namespace: 'ab' }])).toMatchObject({ code: 'config/invalid-plugin' })
    expect(attempt([{ ...eip155(), namespace: 'eip:155' }])).toMatchObject({ code: 'config/invalid-plugin' })
  })

  it('something that is not a plugin (e.g. the factory itself)', () => {
    const notAPlugin = eip155 as unknown as NamespacePlugin
    expect(attempt([notAPlugin])).toMatchObject({ shortMessage: 'config.plugins[0] is not a namespace plugin.', details: expect.stringContaining('not the factory itself') })
    expect(attempt([null as unknown as NamespacePlugin])).toMatchObject({ shortMessage: 'config.plugins[0] is not a namespace plugin.' })
    const missingRule = { ...eip155(), isAddress: undefined } as unknown as NamespacePlugin
    expect(attempt([missingRule])).toMatchObject({ code: 'config/invalid-plugin' })
  })

  it("a network of another namespace in a plugin's list", () => {
    const error = attempt([eip155({ networks: [mainnet, solanaMainnet] })])
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toMatchObject({ code: 'config/invalid-network' })
  })

  it('a network whose caipNetworkId does not match its id', () => {
    expect(attempt([eip155({ networks: [{ ...mainnet, caipNetworkId: 'eip155:2' }] })])).toMatchObject({ code: 'config/invalid-network' })
  })

  it('a network listed twice', () => {
    expect(attempt([eip155({ networks: [mainnet, sepolia, mainnet] })])).toMatchObject({ code: 'config/duplicate-network' })
  })
})

describe('a third-party namespace plugin', () => {
  it('registers beside the built-in ones with no change to core', () => {
    const registry = createPluginRegistry([eip155(), solana(), fakeCosmos()])
    expect(registry.namespaces).toEqual(['eip155', 'solana', 'cosmos'])
    expect(registry.getPluginForNetwork('cosmos:cosmoshub-4')?.name).toBe('Cosmos')
    expect(registry.getNetwork('cosmos:cosmoshub-4')?.nativeCurrency.symbol).toBe('ATOM')
    expect(registry.isAddressFor('cosmos', cosmosAddress)).toBe(true)
    expect(registry.isAddressFor('cosmos', vitalik)).toBe(false)
    expect(registry.isCaipAddress(`cosmos:cosmoshub-4:${cosmosAddress}`)).toBe(true)
  })

  it('may use a namespace outside the SPEC list', () => {
    const near: NamespacePlugin = {
      ...fakeCosmos([]),
      namespace: 'near',
      name: 'NEAR',
      isAddress: (address) => address.endsWith('.near'),
    }
    const registry = createPluginRegistry([near])
    expect(registry.getPluginForNetwork('near:mainnet')?.name).toBe('NEAR')
    expect(registry.isCaipAddress('near:mainnet:alice.near')).toBe(true)
  })

  it('cannot register a namespace already taken', () => {
    expect(() => createPluginRegistry([fakeCosmos(), fakeCosmos()])).toThrow("Namespace 'cosmos' is registered twice.")
  })
})
