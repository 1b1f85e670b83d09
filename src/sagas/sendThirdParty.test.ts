import { createPortico, type Portico } from '../createPortico'
import { createFakeNamespacePlugin } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import type { CaipNetwork } from '../types/network'
import type { TokenBalance } from '../types/tokenBalance'
import { lazyState } from '../store/lazyState'
import { connectorsActions } from '../store/slices/connectors'
import { sendActions } from '../store/slices/send'

// Issue 18: a third-party plugin that declares `send` sends through the modal's Send view
// and the send saga with no change to core; one that does not is refused before its
// wallet is asked. Core reads only the plugin's features (in the store) and its rules.

const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

const testnet: CaipNetwork = {
  id: 'acme-test-1',
  chainNamespace: 'acme',
  caipNetworkId: 'acme:acme-test-1',
  name: 'Acme Testnet',
  nativeCurrency: { name: 'Acme', symbol: 'ACM', decimals: 6 },
  rpcUrls: { default: { http: [] } },
}
const sender = 'acme1sender'
const receiver = 'acme1receiver'
const acm: TokenBalance = { name: 'Acme', symbol: 'ACM', chainId: testnet.caipNetworkId, value: 0, price: 0, quantity: { decimals: '6', numeric: '5' }, iconUrl: '' }

async function connectedAcme(send: boolean) {
  const wallet = createFakeNamespacePlugin({
    namespace: 'acme',
    networks: [testnet],
    connectors: [{ id: 'acme-wallet', name: 'Acme Wallet', type: 'INJECTED', chain: 'acme' }],
    address: sender,
  })
  const plugin = { ...wallet.plugin, isAddress: (address: string) => /^acme1[a-z]+$/.test(address), features: { ...wallet.plugin.features, send } }
  const portico = createPortico({ projectId: 'p', plugins: [plugin], devtools: false }, { storage: null })
  instances.push(portico)
  portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'acme-wallet', namespace: 'acme' }))
  await untilState(portico, (s) => s.account.byNamespace.acme?.status === 'connected')
  portico.open({ view: 'Send' })
  portico.store.dispatch(sendActions.tokenSet(acm))
  portico.store.dispatch(sendActions.amountSet('1.25'))
  return { portico, wallet }
}

describe('send through a third-party namespace plugin', () => {
  it("keeps the plugin's features in the store as plain data", async () => {
    const { portico } = await connectedAcme(true)
    expect(portico.getState().options.pluginFeatures.acme).toEqual({
      name: 'Fake acme',
      balance: false,
      names: false,
      activity: false,
      send: true,
      swapNetworks: [],
      capabilities: expect.arrayContaining(['connectors', 'connectors.sendTransaction']),
      accountTypes: ['eoa', 'smartAccount'],
    })
  })

  it("sends with the plugin's sendTransaction, in the token's smallest unit", async () => {
    const { portico, wallet } = await connectedAcme(true)
    portico.store.dispatch(sendActions.receiverSet({ address: receiver }))
    portico.store.dispatch(sendActions.sendRequested())
    await untilState(portico, (s) => lazyState(s, 'send').status === 'sent')
    expect(wallet.calls.filter((c) => c.method === 'sendTransaction')).toEqual([
      {
        method: 'sendTransaction',
        args: { connectorId: 'acme-wallet', network: expect.objectContaining({ caipNetworkId: 'acme:acme-test-1' }), from: sender, to: receiver, amount: '1250000', token: undefined },
      },
    ])
  })

  it("refuses a receiver the plugin's address rule refuses, and asks the wallet nothing", async () => {
    const { portico, wallet } = await connectedAcme(true)
    portico.store.dispatch(sendActions.receiverSet({ address: '0x2222222222222222222222222222222222222222' }))
    portico.store.dispatch(sendActions.sendRequested())
    await untilState(portico, (s) => lazyState(s, 'send').status === 'failed')
    expect(JSON.stringify(lazyState(portico.getState(), 'send').error)).toMatch(/invalid ?receiver ?address/i)
    expect(wallet.calls.some((c) => c.method === 'sendTransaction')).toBe(false)
  })

  it("refuses as 'Unsupported chain' when the plugin does not declare send, and asks the wallet nothing", async () => {
    const { portico, wallet } = await connectedAcme(false)
    portico.store.dispatch(sendActions.receiverSet({ address: receiver }))
    portico.store.dispatch(sendActions.sendRequested())
    await untilState(portico, (s) => lazyState(s, 'send').status === 'failed')
    expect(JSON.stringify(lazyState(portico.getState(), 'send').error)).toMatch(/unsupported ?chain/i)
    expect(wallet.calls.some((c) => c.method === 'sendTransaction')).toBe(false)
  })
})
