// Discovery in a real DOM (jsdom): the page's own Event classes, window.ethereum and
// EIP-6963 together, as in a browser tab.
import { installDevWallet } from '../../../dev/wallets/injected'
import type { ConnectorInfo } from '../../types/connector'
import { discoverEip155Connectors } from './discovery'
import { mainnet } from './networks'
import { createEip155Runtime } from './runtime'

it('finds the dev wallet announced in the page, and not twice when it is also window.ethereum', () => {
  const installed = installDevWallet({ rpcUrls: { 1: 'http://127.0.0.1:9' }, legacy: true })
  const lists: (readonly ConnectorInfo[])[] = []
  const stop = discoverEip155Connectors(createEip155Runtime(), { projectId: 'p', networks: [mainnet], window }, (list) => lists.push(list))
  expect(lists.at(-1)?.map((c) => [c.id, c.name, c.type])).toEqual([['dev.portico.wallet', 'Portico Dev Wallet', 'ANNOUNCED']])
  expect((window as unknown as { ethereum?: unknown }).ethereum).toBe(installed.provider)
  stop()
  installed.uninstall()
})
