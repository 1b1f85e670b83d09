// The laziness rule (docs/plugins.md): creating the plugin and discovering wallets load
// neither viem's clients nor the wallet code; the first wallet operation does.
const mockLoaded: string[] = []
jest.mock('./wallet', () => {
  mockLoaded.push('wallet')
  return jest.requireActual('./wallet')
})
jest.mock('./balance', () => {
  mockLoaded.push('balance')
  return jest.requireActual('./balance')
})

import { DEV_PRIVATE_KEYS } from '../../../dev/chain/devAccounts'
import { createDevWalletProvider, installDevWallet } from '../../../dev/wallets/injected'
import { createTestHost } from '../../../dev/wallets/injected/testing'
import { mainnet } from './networks'
import { eip155 } from './plugin'

it('loads the wallet code on the first wallet call and the balance code on the first balance read', async () => {
  const host = createTestHost()
  // Never reached: chain 1 answers eth_chainId and eth_requestAccounts locally.
  const rpcUrls = { 1: 'http://127.0.0.1:9' }
  installDevWallet({ rpcUrls, window: host })
  const plugin = eip155()
  const stop = plugin.connectors!.discover({ projectId: 'p', networks: [mainnet], window: host as unknown as Window }, () => {})
  expect(mockLoaded).toEqual([])

  await plugin.connectors!.connect({ connectorId: 'dev.portico.wallet', network: mainnet })
  expect(mockLoaded).toEqual(['wallet'])

  const offline = { ...mainnet, rpcUrls: { default: { http: [] } } }
  await expect(plugin.balance!.getBalance({ address: createDevWalletProvider({ rpcUrls, privateKey: DEV_PRIVATE_KEYS[0] }).address, network: offline })).rejects.toThrow()
  expect(mockLoaded).toEqual(['wallet', 'balance'])
  stop()
})
