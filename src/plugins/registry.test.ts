import { createPortico } from '../createPortico'
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
 * acme code, and nothing in core changes to accept it.
 */
function fakeAcme(networks?: readonly CaipNetwork[]): NamespacePlugin {
  const hub: CaipNetwork = {
    id: 'acmehub-1',
    chainNamespace: 'acme',
    caipNetworkId: 'acme:acmehub-1',
    name: 'Acme Hub',
    nativeCurrency: { name: 'Acme', symbol: 'ACME', decimals: 6 },
    rpcUrls: { default: { http: ['https://acme-rpc.example'] } },
  }
  return {
    namespace: 'acme',
    name: 'Acme',
    networks: networks ?? [hub],
    isAddress: (address) => /^acme1[02-9ac-hj-np-z]{38}$/.test(address),
    features: { balance: false, names: false, activity: false, send: false, swaps: () => false },
  }
}
const acmeAddress = `acme1${'q'.repeat(38)}`

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
  const attempt = (plugins: readonly unknown[]) => {
    try {
      createPluginRegistry(plugins as readonly NamespacePlugin[])
    } catch (error) {
      return error
    }
    throw new Error('expected createPluginRegistry to throw')
  }
  /** The acme plugin with `change` applied over it, as a plugin with a bad field. */
  const acmeWith = (change: Record<string, unknown>) => ({ ...fakeAcme(), ...change })
  const hubWith = (change: Record<string, unknown>) => acmeWith({ networks: [{ ...fakeAcme().networks[0], ...change }] })

  it('a namespace registered twice, with a ConfigError that names it', () => {
    const error = attempt([eip155(), solana(), eip155({ networks: [base] })])
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toMatchObject({ shortMessage: expect.stringMatching(/^Plugin 'eip155': namespace 'eip155' is registered twice/), code: 'config/duplicate-plugin' })
  })

  it('a malformed namespace, naming the plugin by its place in config.plugins', () => {
    expect(attempt([{ ...eip155(), namespace: 'EIP155' }])).toMatchObject({
      shortMessage: `Plugin config.plugins[0]: namespace must be a CAIP-2 namespace (3 to 8 lower-case letters, digits or hyphens, e.g. 'tezos'), got "EIP155".`,
      code: 'config/invalid-plugin',
    })
    expect(attempt([eip155(), { ...eip155(), namespace: 'ab' }])).toMatchObject({ shortMessage: expect.stringMatching(/^Plugin config\.plugins\[1\]: namespace /) })
    expect(attempt([{ ...eip155(), namespace: 'eip:155' }])).toMatchObject({ code: 'config/invalid-plugin' })
    expect(attempt([{ ...eip155(), namespace: 155 }])).toMatchObject({ shortMessage: expect.stringContaining('got 155') })
  })

  it('something that is not a plugin (e.g. the factory itself)', () => {
    expect(attempt([eip155])).toMatchObject({
      shortMessage: 'Plugin config.plugins[0] is not a namespace plugin object, got a function: pass the plugin, e.g. eip155(), not the factory itself.',
      code: 'config/invalid-plugin',
    })
    expect(attempt([null])).toMatchObject({ shortMessage: 'Plugin config.plugins[0] is not a namespace plugin object, got null.' })
    expect(attempt([eip155(), [eip155()]])).toMatchObject({ shortMessage: 'Plugin config.plugins[1] is not a namespace plugin object, got an array.' })
    expect(attempt('eip155' as unknown as unknown[])).toMatchObject({ shortMessage: 'config.plugins must be an array of namespace plugins.' })
  })

  it.each([
    ['name', { name: '' }, `Plugin 'acme': name must be a non-empty string, got "".`],
    ['name', { name: undefined }, `Plugin 'acme': name must be a non-empty string, got undefined.`],
    ['isAddress', { isAddress: undefined }, `Plugin 'acme': isAddress must be a function, got undefined.`],
    ['isAddress', { isAddress: /^acme1/ }, `Plugin 'acme': isAddress must be a function, got an object.`],
    ['features', { features: undefined }, `Plugin 'acme': features must be an object, got undefined.`],
    ['features.send', { features: { balance: true, names: false, activity: false, send: 'yes', swaps: () => false } }, `Plugin 'acme': features.send must be a boolean, got "yes".`],
    ['features.balance', { features: { names: false, activity: false, send: false, swaps: () => false } }, `Plugin 'acme': features.balance must be a boolean, got undefined.`],
    ['features.swaps', { features: { balance: false, names: false, activity: false, send: false, swaps: false } }, `Plugin 'acme': features.swaps must be a function, got false.`],
    ['networks', { networks: undefined }, `Plugin 'acme': networks must be an array of networks, got undefined.`],
    ['accountTypes', { accountTypes: 'eoa' }, `Plugin 'acme': accountTypes must be a non-empty list of 'eoa', 'smartAccount', 'payment', 'ordinal' when present, got "eoa".`],
    ['accountTypes', { accountTypes: [] }, `Plugin 'acme': accountTypes must be a non-empty list of 'eoa', 'smartAccount', 'payment', 'ordinal' when present, got an array.`],
    ['accountTypes[1]', { accountTypes: ['eoa', 'multisig'] }, `Plugin 'acme': accountTypes[1] must be one of 'eoa', 'smartAccount', 'payment', 'ordinal', got "multisig".`],
  ])('a plugin whose %s breaks the contract', (_field, change, message) => {
    const error = attempt([eip155(), acmeWith(change)])
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toMatchObject({ shortMessage: message })
    expect((error as ConfigError).details).toContain('docs/plugins.md')
  })

  it.each([
    ['caipNetworkId', { caipNetworkId: 'acme:theta' }, `Plugin 'acme': networks[0].caipNetworkId must be 'acme:<id>' ('acme:acmehub-1'), got "acme:theta".`],
    ['chainNamespace', { chainNamespace: 'eip155' }, `Plugin 'acme': networks[0].chainNamespace must be 'acme', got "eip155".`],
    [
      'id',
      { id: 'acme hub', caipNetworkId: 'acme:acme hub' },
      `Plugin 'acme': networks[0].id must be a CAIP-2 reference (a non-negative integer, or 1 to 32 letters, digits, '-' or '_'), got "acme hub".`,
    ],
    ['id', { id: 1.5, caipNetworkId: 'acme:1.5' }, expect.stringMatching(/^Plugin 'acme': networks\[0\]\.id must be a CAIP-2 reference .* got 1\.5\.$/)],
    ['name', { name: 7 }, `Plugin 'acme': networks[0].name must be a non-empty string, got 7.`],
    ['nativeCurrency', { nativeCurrency: undefined }, `Plugin 'acme': networks[0].nativeCurrency must be { name, symbol, decimals }, got undefined.`],
    ['nativeCurrency.decimals', { nativeCurrency: { name: 'Acme', symbol: 'ACME', decimals: '6' } }, `Plugin 'acme': networks[0].nativeCurrency.decimals must be an integer from 0 to 255, got "6".`],
    ['nativeCurrency.symbol', { nativeCurrency: { name: 'Acme', decimals: 6 } }, `Plugin 'acme': networks[0].nativeCurrency.symbol must be a non-empty string, got undefined.`],
    [
      'rpcUrls',
      { rpcUrls: { default: { http: 'https://acme-rpc.example' } } },
      `Plugin 'acme': networks[0].rpcUrls.default.http must be an array of URLs (empty when the namespace has no RPC), got "https://acme-rpc.example".`,
    ],
    ['testnet', { testnet: 'no' }, `Plugin 'acme': networks[0].testnet must be a boolean when set, got "no".`],
  ])('a network whose %s breaks the contract, with its index', (_field, change, message) => {
    const error = attempt([hubWith(change)])
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toMatchObject({ shortMessage: message, code: 'config/invalid-network' })
  })

  it("a network of another namespace in a plugin's list", () => {
    const error = attempt([eip155({ networks: [mainnet, solanaMainnet] })])
    expect(error).toBeInstanceOf(ConfigError)
    expect(error).toMatchObject({ shortMessage: `Plugin 'eip155': networks[1].chainNamespace must be 'eip155', got "solana".`, code: 'config/invalid-network' })
  })

  it('a network whose caipNetworkId does not match its id', () => {
    expect(attempt([eip155({ networks: [{ ...mainnet, caipNetworkId: 'eip155:2' }] })])).toMatchObject({
      shortMessage: `Plugin 'eip155': networks[0].caipNetworkId must be 'eip155:<id>' ('eip155:1'), got "eip155:2".`,
      code: 'config/invalid-network',
    })
  })

  it('a network listed twice', () => {
    expect(attempt([eip155({ networks: [mainnet, sepolia, mainnet] })])).toMatchObject({
      shortMessage: `Plugin 'eip155': networks[2].caipNetworkId 'eip155:1' is listed twice.`,
      code: 'config/duplicate-network',
    })
  })

  it('an optional capability that is not an object of functions', () => {
    expect(attempt([acmeWith({ connectors: 'acme-wallet' })])).toMatchObject({ shortMessage: `Plugin 'acme': connectors must be an object of functions when present, got "acme-wallet".` })
    expect(attempt([acmeWith({ balance: null })])).toMatchObject({ shortMessage: `Plugin 'acme': balance must be an object of functions when present, got null.` })
    const connectors = { discover: () => () => {}, connect: async () => ({}), disconnect: async () => {} }
    expect(attempt([acmeWith({ connectors: { ...connectors, connect: undefined } })])).toMatchObject({ shortMessage: `Plugin 'acme': connectors.connect must be a function, got undefined.` })
    expect(attempt([acmeWith({ connectors: { ...connectors, signMessage: 'personal_sign' } })])).toMatchObject({
      shortMessage: `Plugin 'acme': connectors.signMessage must be a function when present, got "personal_sign".`,
    })
    expect(attempt([acmeWith({ connectors: { ...connectors, createProvider: {} } })])).toMatchObject({
      shortMessage: `Plugin 'acme': connectors.createProvider must be a function when present, got an object.`,
    })
    expect(attempt([acmeWith({ balance: { getTokenBalance: async () => ({}) } })])).toMatchObject({ shortMessage: `Plugin 'acme': balance.getBalance must be a function, got undefined.` })
    expect(attempt([acmeWith({ balance: { getBalance: async () => ({}), getTokenBalance: 1 } })])).toMatchObject({
      shortMessage: `Plugin 'acme': balance.getTokenBalance must be a function when present, got 1.`,
    })
    expect(attempt([acmeWith({ history: [] })])).toMatchObject({ shortMessage: `Plugin 'acme': history must be an object of functions when present, got an array.` })
    expect(attempt([acmeWith({ history: { getHistory: 'esplora' } })])).toMatchObject({ shortMessage: `Plugin 'acme': history.getHistory must be a function, got "esplora".` })
  })

  it('the remote, embedded and evm capabilities: remote and embedded load on first use, evm has only optional methods', () => {
    expect(attempt([acmeWith({ remote: { methods: ['acme_sign'] } })])).toMatchObject({ shortMessage: `Plugin 'acme': remote.load must be a function, got undefined.` })
    expect(attempt([acmeWith({ embedded: 'frame' })])).toMatchObject({ shortMessage: `Plugin 'acme': embedded must be an object of functions when present, got "frame".` })
    expect(attempt([acmeWith({ evm: { sendCalls: 'wallet_sendCalls' } })])).toMatchObject({ shortMessage: `Plugin 'acme': evm.sendCalls must be a function when present, got "wallet_sendCalls".` })
    expect(createPluginRegistry([acmeWith({ remote: { load: async () => ({}) }, embedded: { load: async () => ({}) }, evm: {} }) as unknown as NamespacePlugin]).namespaces).toEqual(['acme'])
  })

  it('accepts every capability the contract names, and leaves unknown extra fields alone', () => {
    const fn = () => undefined
    const connectors = Object.fromEntries(
      [
        'discover',
        'connect',
        'disconnect',
        'attach',
        'reconnect',
        'watch',
        'switchNetwork',
        'signMessage',
        'sendTransaction',
        'sendContractCall',
        'waitForTransaction',
        'sendCalls',
        'getCallsStatus',
        'getCapabilities',
        'createProvider',
      ].map((name) => [name, fn]),
    )
    const registry = createPluginRegistry([acmeWith({ connectors, balance: { getBalance: fn, getTokenBalance: fn }, history: { getHistory: fn }, icon: 'acme.svg' }) as NamespacePlugin])
    expect(registry.getPlugin('acme')?.connectors).toBe(connectors)
  })
})

describe('createPortico registers plugins through the registry', () => {
  const create = (plugins: readonly unknown[]) => () => createPortico({ projectId: 'p', devtools: false, plugins: plugins as NamespacePlugin[] }, { storage: null })

  it('refuses a third-party plugin with a bad network, naming the plugin and the field', () => {
    const badHub = { ...fakeAcme().networks[0]!, caipNetworkId: 'acme:1' as const }
    expect(create([eip155(), fakeAcme([badHub])])).toThrow(ConfigError)
    expect(create([eip155(), fakeAcme([badHub])])).toThrow(`Plugin 'acme': networks[0].caipNetworkId must be 'acme:<id>' ('acme:acmehub-1'), got "acme:1".`)
  })

  it('refuses a plugin without an address rule, a duplicate namespace and malformed features', () => {
    expect(create([{ ...fakeAcme(), isAddress: undefined }])).toThrow(`Plugin 'acme': isAddress must be a function, got undefined.`)
    expect(create([eip155(), fakeAcme(), fakeAcme()])).toThrow(`Plugin 'acme': namespace 'acme' is registered twice`)
    expect(create([{ ...fakeAcme(), features: { ...fakeAcme().features, activity: 1 } }])).toThrow(`Plugin 'acme': features.activity must be a boolean, got 1.`)
    expect(create([eip155])).toThrow('Plugin config.plugins[0] is not a namespace plugin object')
  })

  it('refuses every malformed field of a third-party plugin when the instance is made, naming the plugin and the field', () => {
    const hub = fakeAcme().networks[0]!
    const connectors = { discover: () => () => {}, connect: async () => ({}), disconnect: async () => {} }
    const faults: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, `Plugin 'acme': name must be a non-empty string, got " ".`],
      [{ features: { ...fakeAcme().features, swaps: true } }, `Plugin 'acme': features.swaps must be a function, got true.`],
      [{ features: { ...fakeAcme().features, names: undefined } }, `Plugin 'acme': features.names must be a boolean, got undefined.`],
      [{ networks: [{ ...hub, nativeCurrency: { ...hub.nativeCurrency, decimals: -1 } }] }, `Plugin 'acme': networks[0].nativeCurrency.decimals must be an integer from 0 to 255, got -1.`],
      [{ networks: [hub, hub] }, `Plugin 'acme': networks[1].caipNetworkId 'acme:acmehub-1' is listed twice.`],
      [{ connectors: { ...connectors, discover: 'acme-wallet' } }, `Plugin 'acme': connectors.discover must be a function, got "acme-wallet".`],
      [{ connectors: { ...connectors, sendTransaction: true } }, `Plugin 'acme': connectors.sendTransaction must be a function when present, got true.`],
      [{ balance: { getBalance: null } }, `Plugin 'acme': balance.getBalance must be a function, got null.`],
      [{ history: 'acme-explorer' }, `Plugin 'acme': history must be an object of functions when present, got "acme-explorer".`],
      [{ accountTypes: ['payment', 'vault'] }, `Plugin 'acme': accountTypes[1] must be one of 'eoa', 'smartAccount', 'payment', 'ordinal', got "vault".`],
    ]
    for (const [change, message] of faults) {
      let error: unknown
      try {
        createPortico({ projectId: 'p', devtools: false, plugins: [eip155(), { ...fakeAcme(), ...change } as NamespacePlugin] }, { storage: null })
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(ConfigError)
      expect(error).toMatchObject({ shortMessage: message })
    }
  })

  it('hands the sagas the registered plugins, so a valid third-party plugin is served', () => {
    const acme = fakeAcme()
    const portico = createPortico({ projectId: 'p', devtools: false, plugins: [eip155(), acme] }, { storage: null })
    expect(portico.config.registry.getPlugin('acme')).toBe(acme)
    expect(portico.config.plugins).toEqual([expect.objectContaining({ namespace: 'eip155' }), acme])
    expect(portico.getState().options.namespaces).toEqual(['eip155', 'acme'])
    // getProvider reads the saga context's map: the acme plugin is found, and offers no provider.
    expect(() => portico.getProvider('acme', { allowDisconnected: true })).toThrow("The 'acme' plugin offers no provider for the dapp.")
    expect(() => portico.getProvider('acme', { allowDisconnected: true })).toThrow(expect.objectContaining({ messageKey: 'pluginOffersNoProvider', code: 'provider/unsupported' }))
    expect(() => portico.getProvider('near', { allowDisconnected: true })).toThrow("No plugin serves the 'near' namespace.")
    portico.destroy()
  })
})

describe('a third-party namespace plugin', () => {
  it('registers beside the built-in ones with no change to core', () => {
    const registry = createPluginRegistry([eip155(), solana(), fakeAcme()])
    expect(registry.namespaces).toEqual(['eip155', 'solana', 'acme'])
    expect(registry.getPluginForNetwork('acme:acmehub-1')?.name).toBe('Acme')
    expect(registry.getNetwork('acme:acmehub-1')?.nativeCurrency.symbol).toBe('ACME')
    expect(registry.isAddressFor('acme', acmeAddress)).toBe(true)
    expect(registry.isAddressFor('acme', vitalik)).toBe(false)
    expect(registry.isCaipAddress(`acme:acmehub-1:${acmeAddress}`)).toBe(true)
  })

  it('may use a namespace outside the SPEC list', () => {
    const near: NamespacePlugin = {
      ...fakeAcme([]),
      namespace: 'near',
      name: 'NEAR',
      isAddress: (address) => address.endsWith('.near'),
    }
    const registry = createPluginRegistry([near])
    expect(registry.getPluginForNetwork('near:mainnet')?.name).toBe('NEAR')
    expect(registry.isCaipAddress('near:mainnet:alice.near')).toBe(true)
  })

  it('cannot register a namespace already taken', () => {
    expect(() => createPluginRegistry([fakeAcme(), fakeAcme()])).toThrow("Plugin 'acme': namespace 'acme' is registered twice")
  })
})
