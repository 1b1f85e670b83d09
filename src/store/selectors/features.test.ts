import type { PluginFeatureData } from '../../plugins/types'
import type { PorticoState } from '../rootReducer'
import { networkFeatures, selectPluginFeatures } from './features'

const plugin = (change: Partial<PluginFeatureData> = {}): PluginFeatureData => ({
  name: 'Acme',
  balance: false,
  names: false,
  activity: false,
  send: false,
  swapNetworks: [],
  capabilities: [],
  accountTypes: ['eoa'],
  ...change,
})
const stateWith = (pluginFeatures: Record<string, PluginFeatureData>) => ({ options: { pluginFeatures } }) as unknown as PorticoState

describe('selectPluginFeatures', () => {
  it("gives the stored data of a namespace's plugin, the same object each time", () => {
    const acme = plugin()
    const state = stateWith({ acme })
    expect(selectPluginFeatures(state, 'acme')).toBe(acme)
    expect(selectPluginFeatures(state, 'acme')).toBe(selectPluginFeatures(state, 'acme'))
  })

  it('gives nothing for no namespace, an unregistered one, or an inherited property name', () => {
    const state = stateWith({ acme: plugin() })
    expect(selectPluginFeatures(state, undefined)).toBeUndefined()
    expect(selectPluginFeatures(state, 'other')).toBeUndefined()
    expect(selectPluginFeatures(state, 'constructor')).toBeUndefined()
  })
})

describe('networkFeatures', () => {
  it('offers nothing without a plugin', () => {
    expect(networkFeatures(undefined, 'acme:main')).toEqual({ balance: false, names: false, activity: false, send: false, swaps: false })
  })

  it('offers swaps only on the networks where the plugin answered yes', () => {
    const acme = plugin({ swapNetworks: ['acme:main'] })
    expect(networkFeatures(acme, 'acme:main').swaps).toBe(true)
    expect(networkFeatures(acme, 'acme:test').swaps).toBe(false)
    expect(networkFeatures(acme, undefined).swaps).toBe(false)
  })

  it('offers send only when the plugin declares it and has sendTransaction to send with', () => {
    expect(networkFeatures(plugin({ send: true, capabilities: ['connectors', 'connectors.sendTransaction'] }), 'acme:main').send).toBe(true)
    expect(networkFeatures(plugin({ send: true, capabilities: ['connectors'] }), 'acme:main').send).toBe(false)
    expect(networkFeatures(plugin({ send: false, capabilities: ['connectors', 'connectors.sendTransaction'] }), 'acme:main').send).toBe(false)
  })

  it("offers activity and balances from the Blockchain API's flags or the plugin's own capabilities", () => {
    expect(networkFeatures(plugin({ activity: true }), undefined).activity).toBe(true)
    expect(networkFeatures(plugin({ capabilities: ['history', 'history.getHistory'] }), undefined).activity).toBe(true)
    expect(networkFeatures(plugin(), undefined).activity).toBe(false)
    expect(networkFeatures(plugin({ capabilities: ['balance', 'balance.getBalance'] }), undefined).balance).toBe(true)
    expect(networkFeatures(plugin({ balance: true }), undefined).balance).toBe(true)
  })

  it('offers names as the plugin declares them', () => {
    expect(networkFeatures(plugin({ names: true }), 'acme:main').names).toBe(true)
    expect(networkFeatures(plugin(), 'acme:main').names).toBe(false)
  })
})
