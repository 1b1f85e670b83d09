// The examples of docs/solana-bitcoin.md "A Bitcoin account in the modal", run against
// the Esplora stand-in and through createPortico's real sagas.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startEsplora, type Esplora } from '../../dev/esplora'
import { regtestAccount } from '../../dev/esplora/testSpend'
import { createPortico, type CaipNetwork, type Portico } from '../../src'
import { bip122 } from '../../src/bitcoin'
import { bitcoinRegtest } from '../../src/plugins/bip122/networks'
import { connectorsActions } from '../../src/store/slices/connectors'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../../src/test/fakeNamespacePlugin'
import { untilState } from '../../src/test/untilState'
import { bitcoinActivity, switchOrStay } from './bitcoinAccount'

let esplora: Esplora
beforeAll(async () => {
  esplora = await startEsplora()
})
afterAll(() => esplora.stop())
const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

it('docs/solana-bitcoin.md embeds docs/examples/bitcoinAccount.ts', () => {
  const code = readFileSync(join(__dirname, 'bitcoinAccount.ts'), 'utf8')
  expect(readFileSync(join(__dirname, '..', 'solana-bitcoin.md'), 'utf8')).toContain(`\`\`\`ts\n${code}\`\`\``)
})

it('bitcoinActivity reads every page of an address from Esplora, newest first', async () => {
  const { address } = regtestAccount()
  const fundings = Array.from({ length: 30 }, (_, i) => esplora.fund(address, 1_000 + i)).reverse()
  const items = await bitcoinActivity(bip122({ networks: [bitcoinRegtest], esploraUrl: esplora.url }), address, bitcoinRegtest)
  expect(items.map((i) => i.id)).toEqual(fundings)
  expect(items[0]).toMatchObject({ metadata: { operationType: 'receive', status: 'confirmed' }, transfers: [{ direction: 'in', quantity: { numeric: '0.00001029' } }] })
})

it('switchOrStay: false when the visitor closes the Connect view the switch needs, true once they connect', async () => {
  const regtest: CaipNetwork = { ...bitcoinRegtest }
  const evm = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [injectedConnector()] })
  const btc = createFakeNamespacePlugin({ namespace: 'bip122', networks: [regtest], connectors: [{ ...injectedConnector('sats-connect:dev'), chain: 'bip122' }], address: 'bcrt1qdev' })
  const portico = createPortico({ projectId: 'dapp', plugins: [evm.plugin, btc.plugin], devtools: false }, { storage: null })
  instances.push(portico)
  portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'sats-connect:dev', namespace: 'bip122' }))
  await untilState(portico, (s) => s.account.activeNamespace === 'bip122')

  const closed = switchOrStay(portico, 'eip155:1')
  await untilState(portico, (s) => s.modal.open)
  portico.close()
  await expect(closed).resolves.toBe(false)
  expect(portico.getState().network.activeCaipNetworkId).toBe(regtest.caipNetworkId)

  const connected = switchOrStay(portico, 'eip155:1')
  await untilState(portico, (s) => s.modal.open)
  portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  await expect(connected).resolves.toBe(true)
  expect(portico.getState()).toMatchObject({ account: { activeNamespace: 'eip155' }, network: { activeCaipNetworkId: 'eip155:1' } })
})
