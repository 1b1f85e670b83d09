import type { Hex } from 'viem'
import { DEV_PRIVATE_KEYS } from '../../../dev/chain/devAccounts'
import { DEV_WALLET_ICON, createDevWalletProvider, installDevWallet } from '../../../dev/wallets/injected'
import { announce, createTestHost } from '../../../dev/wallets/injected/testing'
import type { ConnectorInfo } from '../../types/connector'
import type { PluginContext } from '../types'
import { discoverEip155Connectors } from './discovery'
import { mainnet } from './networks'
import { createEip155Runtime } from './runtime'

// Discovery never calls the wallets, so their RPC URL is never reached.
const rpcUrls = { 1: 'http://127.0.0.1:9' }
const wallet = (key: Hex = DEV_PRIVATE_KEYS[0]) => createDevWalletProvider({ rpcUrls, privateKey: key })

function discover(host: EventTarget | undefined) {
  const runtime = createEip155Runtime()
  const lists: (readonly ConnectorInfo[])[] = []
  const context: PluginContext = { projectId: 'p', networks: [mainnet], window: host as unknown as Window }
  const stop = discoverEip155Connectors(runtime, context, (list) => lists.push(list))
  return { runtime, lists, stop, latest: () => lists.at(-1) ?? [] }
}

describe('EIP-6963 and injected discovery', () => {
  it('lists two announced wallets and a separate legacy window.ethereum, in that order, as plain data', () => {
    const host = createTestHost()
    const first = installDevWallet({ rpcUrls, window: host })
    const second = installDevWallet({ rpcUrls, window: host, info: { name: 'Second Wallet', rdns: 'com.example.second' } })
    host.ethereum = wallet(DEV_PRIVATE_KEYS[2])

    const { lists, latest, runtime, stop } = discover(host)
    expect(lists).toHaveLength(1) // the first round of announcements is reported once
    expect(latest()).toEqual([
      { id: 'dev.portico.wallet', name: 'Portico Dev Wallet', type: 'ANNOUNCED', chain: 'eip155', imageUrl: DEV_WALLET_ICON, info: { rdns: 'dev.portico.wallet' } },
      { id: 'com.example.second', name: 'Second Wallet', type: 'ANNOUNCED', chain: 'eip155', imageUrl: DEV_WALLET_ICON, info: { rdns: 'com.example.second' } },
      { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155' },
    ])
    expect(JSON.parse(JSON.stringify(latest()))).toEqual(latest())
    // The live providers stay in the plugin, under the connector ids the store holds.
    expect(runtime.connectors.get('dev.portico.wallet')?.provider).toBe(first.provider)
    expect(runtime.connectors.get('com.example.second')?.provider).toBe(second.provider)
    expect(runtime.connectors.get('injected')?.provider).toBe(host.ethereum)
    stop()
  })

  it('leaves window.ethereum out when it is the same object as an announced wallet', () => {
    const host = createTestHost()
    installDevWallet({ rpcUrls, window: host, legacy: true })
    installDevWallet({ rpcUrls, window: host, info: { name: 'Second Wallet', rdns: 'com.example.second' } })
    const { latest, stop } = discover(host)
    expect(latest().map((c) => [c.id, c.type])).toEqual([
      ['dev.portico.wallet', 'ANNOUNCED'],
      ['com.example.second', 'ANNOUNCED'],
    ])
    stop()
  })

  it('drops the injected entry when its wallet announces itself later', () => {
    const host = createTestHost()
    const provider = wallet()
    host.ethereum = provider
    const { latest, stop } = discover(host)
    expect(latest().map((c) => c.type)).toEqual(['INJECTED'])
    announce(host, provider, { rdns: 'io.late', name: 'Late Wallet', icon: DEV_WALLET_ICON })
    expect(latest().map((c) => [c.id, c.type])).toEqual([['io.late', 'ANNOUNCED']])
    stop()
  })

  it('deduplicates by rdns: the first provider announced for an rdns is kept', () => {
    const host = createTestHost()
    const original = wallet()
    announce(host, original, { rdns: 'io.metamask', name: 'MetaMask' })
    announce(host, wallet(DEV_PRIVATE_KEYS[1]), { rdns: 'io.metamask', name: 'MetaMask (impostor)' })
    const { latest, runtime, stop } = discover(host)
    expect(latest().map((c) => c.name)).toEqual(['MetaMask'])
    expect(runtime.connectors.get('io.metamask')?.provider).toBe(original)
    stop()
  })

  it('reports wallets that announce after discovery started, and a late window.ethereum', () => {
    const host = createTestHost()
    const { lists, latest, stop } = discover(host)
    expect(latest()).toEqual([])
    installDevWallet({ rpcUrls, window: host })
    expect(latest().map((c) => c.id)).toEqual(['dev.portico.wallet'])
    host.ethereum = wallet(DEV_PRIVATE_KEYS[3])
    host.dispatchEvent(new Event('ethereum#initialized'))
    expect(latest().map((c) => c.id)).toEqual(['dev.portico.wallet', 'injected'])
    const count = lists.length
    host.dispatchEvent(new Event('eip6963:requestProvider')) // re-announcements change nothing
    expect(lists).toHaveLength(count)
    stop()
  })

  it('ignores malformed announcements and icons that are not data URIs', () => {
    const host = createTestHost()
    host.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: null }))
    announce(host, { notAProvider: true }, { rdns: 'io.broken', name: 'Broken' })
    announce(host, wallet(), { rdns: '', name: 'No rdns' })
    announce(host, wallet(), { rdns: 'io.tracker', name: 'Tracker', icon: 'https://tracker.example/pixel.png' })
    const { latest, stop } = discover(host)
    expect(latest()).toEqual([{ id: 'io.tracker', name: 'Tracker', type: 'ANNOUNCED', chain: 'eip155', imageUrl: undefined, info: { rdns: 'io.tracker' } }])
    stop()
  })

  it('stops listening when stopped', () => {
    const host = createTestHost()
    const { lists, stop } = discover(host)
    stop()
    installDevWallet({ rpcUrls, window: host })
    host.dispatchEvent(new Event('ethereum#initialized'))
    expect(lists).toEqual([[]])
  })

  it('reports an empty list without a window (server rendering, Node)', () => {
    const { lists, stop } = discover(undefined)
    expect(lists).toEqual([[]])
    stop()
  })
})
