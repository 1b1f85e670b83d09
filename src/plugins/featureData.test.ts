import { resolveConfig } from '../config/resolveConfig'
import { createStore } from '../store/createStore'
import { bitcoin } from './bip122/networks'
import { bip122 } from './bip122/plugin'
import { mainnet, optimism, sepolia } from './eip155/networks'
import { eip155 } from './eip155/plugin'
import { pluginFeatureData } from './featureData'
import { solanaMainnet } from './solana/networks'
import { solana } from './solana/plugin'
import type { NamespacePlugin } from './types'

/** A third-party plugin whose swaps depend on the network, and which reads history itself. */
const acme: NamespacePlugin = {
  namespace: 'acme',
  name: 'Acme',
  networks: [
    { id: 'main', chainNamespace: 'acme', caipNetworkId: 'acme:main', name: 'Acme', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 6 }, rpcUrls: { default: { http: [] } } },
    { id: 'test', chainNamespace: 'acme', caipNetworkId: 'acme:test', name: 'Acme Test', nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 6 }, rpcUrls: { default: { http: [] } } },
  ],
  isAddress: (address) => address.startsWith('acme1'),
  features: { balance: false, names: false, activity: false, send: true, swaps: (network) => network.id === 'main' },
  accountTypes: ['eoa'],
  history: { getHistory: async () => ({ items: [], next: undefined }) },
}

describe('pluginFeatureData', () => {
  const plugins = [eip155({ networks: [mainnet, sepolia, optimism] }), solana(), bip122(), acme]
  const data = pluginFeatureData(
    plugins,
    plugins.flatMap((plugin) => plugin.networks),
  )

  it("evaluates swaps for each configured network of the plugin's namespace", () => {
    expect(data.eip155?.swapNetworks).toEqual(['eip155:1', 'eip155:10'])
    expect(data.acme?.swapNetworks).toEqual(['acme:main'])
    expect(data.solana?.swapNetworks).toEqual([])
  })

  it('asks swaps only about the networks the dapp configured', () => {
    expect(pluginFeatureData(plugins, [optimism, solanaMainnet, bitcoin]).eip155?.swapNetworks).toEqual(['eip155:10'])
    const asked: string[] = []
    const watched = { ...acme, features: { ...acme.features, swaps: (network: { caipNetworkId: string }) => (asked.push(network.caipNetworkId), true) } }
    pluginFeatureData([watched], [mainnet, acme.networks[1]!])
    expect(asked).toEqual(['acme:test'])
  })

  it('copies the flags, names the capabilities the plugin has, and its account types', () => {
    expect(data.eip155).toMatchObject({ name: 'Ethereum & EVM', balance: true, names: true, activity: true, send: true, accountTypes: ['eoa', 'smartAccount'] })
    expect(data.eip155?.capabilities).toEqual(expect.arrayContaining(['connectors', 'connectors.discover', 'connectors.sendTransaction', 'connectors.switchNetwork', 'balance', 'balance.getBalance']))
    expect(data.eip155?.capabilities).not.toContain('history')
    expect(data.bip122).toMatchObject({ balance: false, send: false, accountTypes: ['payment', 'ordinal'] })
    expect(data.bip122?.capabilities).toEqual(expect.arrayContaining(['history', 'history.getHistory', 'balance']))
    expect(data.acme).toEqual({
      name: 'Acme',
      balance: false,
      names: false,
      activity: false,
      send: true,
      swapNetworks: ['acme:main'],
      capabilities: ['history', 'history.getHistory'],
      accountTypes: ['eoa'],
    })
  })

  it('gives a plugin without account types the SPEC §5 rule', () => {
    const { accountTypes: _declared, ...plain } = acme
    expect(pluginFeatureData([plain], []).acme?.accountTypes).toEqual(['eoa', 'smartAccount'])
  })

  it('is plain data: it survives a JSON round trip unchanged', () => {
    expect(JSON.parse(JSON.stringify(data))).toEqual(data)
  })

  it('reaches the store as options.pluginFeatures, for the networks the dapp configured', () => {
    const config = resolveConfig({ projectId: 'p', plugins: [eip155(), acme], networks: [sepolia, optimism, acme.networks[0]!], devtools: false }, { defaultPlugins: () => [] })
    const state = createStore({ config }).getState()
    expect(state.options.pluginFeatures.eip155?.swapNetworks).toEqual(['eip155:10'])
    expect(state.options.pluginFeatures.acme?.swapNetworks).toEqual(['acme:main'])
    expect(Object.keys(state.options.pluginFeatures)).toEqual(['eip155', 'acme'])
  })
})
