import { createPortico, type Portico } from '../createPortico'
import { sendJson, startHttpTestServer, type HttpTestServer } from '../services/test/httpTestServer'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import { openCheckout } from './onramp'
import { lazyState } from '../store/lazyState'
import { connectorsActions } from '../store/slices/connectors'
import { onrampActions } from '../store/slices/onramp'

// The onramp saga against a fake Blockchain API (a real local HTTP server) and a fake
// wallet whose balance the test moves, as a provider's delivery would.
const user = '0x1111111111111111111111111111111111111111'
let api: HttpTestServer
const instances: Portico[] = []
beforeEach(async () => {
  api = await startHttpTestServer()
})
afterEach(async () => {
  instances.splice(0).forEach((p) => p.destroy())
  await api.close()
  jest.useRealTimers()
})

const options = {
  paymentCurrencies: [
    {
      id: 'USD',
      payment_method_limits: [
        { id: 'card', min: 20, max: 5000 },
        { id: 'ach_bank_account', min: 10, max: 25000 },
      ],
    },
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: 15, max: 4000 }] },
  ],
  purchaseCurrencies: [{ id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' }] }],
}
const quote = {
  quoteId: 'q',
  paymentTotal: { amount: '100.00', currency: 'USD' },
  paymentSubtotal: { amount: '98.87', currency: 'USD' },
  purchaseAmount: { amount: '0.03295666', currency: 'ETH' },
  providerFee: { amount: '1.00', currency: 'USD' },
  networkFee: { amount: '0.13', currency: 'USD' },
}

function serveOnramp(overrides: { providers?: number } = {}) {
  api.handle((req, res) => {
    const route = `${req.method} ${req.path}`
    if (route === 'GET /v1/onramp/options') return sendJson(res, 200, options)
    if (route === 'GET /v1/onramp/providers') {
      if (overrides.providers) return sendJson(res, overrides.providers, { error: 'not found' })
      return sendJson(res, 200, { providers: [{ name: 'test', label: 'Portico Test Provider', feeRange: { min: 0.01, max: 0.01 }, paymentMethods: ['card', 'bank'] }] })
    }
    if (route === 'POST /v1/onramp/quote') return sendJson(res, 200, quote)
    if (route === 'POST /v1/generators/onrampurl') return sendJson(res, 200, { url: 'http://127.0.0.1:1/onramp/test-provider?session=abc' })
    return sendJson(res, 404, { error: 'not found' })
  })
}

async function connected() {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [injectedConnector()], address: user })
  let balance = 10n ** 18n
  const plugin = { ...wallet.plugin, balance: { getBalance: async () => ({ value: balance.toString(), decimals: 18, symbol: 'ETH' }) } }
  const navigated: { name: string; url?: string; opener?: unknown }[] = []
  const popup = {
    closed: false,
    opener: {} as unknown,
    location: { replace: (url: string) => navigated.push({ name: 'checkout', url, opener: popup.opener }) },
  }
  const fakeWindow = { open: (url: string, name: string) => (url === '' && name === 'checkout' ? popup : null) } as unknown as Window
  const portico = createPortico({ projectId: 'dapp', plugins: [plugin], devtools: false, endpoints: { blockchainApi: api.url } }, { storage: null, window: fakeWindow })
  instances.push(portico)
  portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected')
  portico.open({ view: 'Buy' })
  return { portico, navigated, fund: (wei: bigint) => (balance += wei) }
}

describe('onramp saga', () => {
  it('takes currencies, per-method limits, the network’s asset and the providers from the service', async () => {
    serveOnramp()
    const { portico } = await connected()
    portico.store.dispatch(onrampActions.providersRequested())
    await untilState(portico, (s) => lazyState(s, 'onramp').providersStatus === 'loaded')
    expect(lazyState(portico.getState(), 'onramp')).toMatchObject({
      currencies: ['USD', 'EUR'],
      limits: { card: { min: 20, max: 5000 }, bank: { min: 10, max: 25000 } },
      purchaseCurrency: 'ETH',
      purchaseNetwork: 'ethereum',
      providers: [{ name: 'test', label: 'Portico Test Provider', feeRange: { min: 0.01, max: 0.01 } }],
    })
    // EUR has no bank limit of its own: SPEC §9's fallback fills it in.
    portico.store.dispatch(onrampActions.paymentCurrencySet('EUR'))
    expect(lazyState(portico.getState(), 'onramp').limits).toEqual({ card: { min: 15, max: 4000 }, bank: { min: 10, max: 25000 } })
  })

  it('keeps SPEC §9 fallback limits and offers the default provider at 1–2 % when the service has neither', async () => {
    api.handle((_req, res) => sendJson(res, 404, { error: 'not found' }))
    const { portico } = await connected()
    portico.store.dispatch(onrampActions.providersRequested())
    await untilState(portico, (s) => lazyState(s, 'onramp').providersStatus === 'loaded')
    expect(lazyState(portico.getState(), 'onramp')).toMatchObject({
      currencies: ['USD', 'EUR'],
      limits: { card: { min: 10, max: 7500 }, bank: { min: 10, max: 25000 } },
      providers: [{ name: '', feeRange: { min: 0.01, max: 0.02 } }],
    })
  })

  it('quotes the amount for the payment method and provider, fees added up', async () => {
    serveOnramp()
    const { portico } = await connected()
    portico.store.dispatch(onrampActions.providersRequested())
    await untilState(portico, (s) => lazyState(s, 'onramp').providersStatus === 'loaded')
    portico.store.dispatch(onrampActions.paymentMethodSet('bank'))
    portico.store.dispatch(onrampActions.amountSet('100'))
    portico.store.dispatch(onrampActions.quoteRequested())
    await untilState(portico, (s) => lazyState(s, 'onramp').status === 'quoted')
    expect(api.requests.find((r) => r.path === '/v1/onramp/quote')!.json).toEqual({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'ethereum',
      provider: 'test',
      paymentMethod: 'bank',
    })
    expect(lazyState(portico.getState(), 'onramp').quote).toEqual({ purchaseAmount: '0.03295666', fee: '1.13 USD' })
  })

  it('sends the pre-opened window to the checkout URL without an opener, then reports the funds that arrive', async () => {
    serveOnramp()
    const { portico, navigated, fund } = await connected()
    portico.store.dispatch(onrampActions.providersRequested())
    await untilState(portico, (s) => lazyState(s, 'onramp').providersStatus === 'loaded')
    portico.store.dispatch(onrampActions.amountSet('100'))
    portico.store.dispatch(onrampActions.buyRequested({ provider: 'test', windowName: 'checkout' }))
    await untilState(portico, (s) => lazyState(s, 'onramp').purchase?.status === 'waiting')
    expect(api.requests.find((r) => r.path === '/v1/generators/onrampurl')!.json).toEqual({
      destinationWallets: [{ address: user, blockchains: ['ethereum'], assets: ['ETH'] }],
      defaultNetwork: 'ethereum',
      partnerUserId: user,
      presetFiatAmount: 100,
      presetFiatCurrency: 'USD',
      provider: 'test',
    })
    expect(navigated).toEqual([{ name: 'checkout', url: 'http://127.0.0.1:1/onramp/test-provider?session=abc', opener: null }])
    expect(lazyState(portico.getState(), 'onramp').purchase).toMatchObject({ windowOpened: true, url: 'http://127.0.0.1:1/onramp/test-provider?session=abc' })
    fund(32_956_660_000_000_000n)
    await untilState(portico, (s) => lazyState(s, 'onramp').purchase?.status === 'completed', 8000)
    expect(lazyState(portico.getState(), 'onramp').purchase?.received).toBe('0.03295666')
    await untilState(portico, (s) => s.alerts.toast !== undefined)
    expect(portico.getState().alerts.toast).toMatchObject({ message: { key: 'notices.purchaseReceived', params: { amount: '0.03295666', symbol: 'ETH' } }, variant: 'success' })
  })

  it('offers the URL as a link when the window was blocked, and stops watching when dismissed', async () => {
    serveOnramp()
    const { portico, navigated } = await connected()
    portico.store.dispatch(onrampActions.buyRequested({ provider: 'test', windowName: undefined }))
    await untilState(portico, (s) => lazyState(s, 'onramp').purchase?.status === 'waiting')
    expect(lazyState(portico.getState(), 'onramp').purchase).toMatchObject({ windowOpened: false, url: 'http://127.0.0.1:1/onramp/test-provider?session=abc' })
    expect(navigated).toEqual([])
    portico.store.dispatch(onrampActions.purchaseDismissed())
    expect(lazyState(portico.getState(), 'onramp').purchase).toBeUndefined()
  })

  it('reports a URL the service refuses', async () => {
    api.handle((_req, res) => sendJson(res, 400, { error: 'Chain is not supported' }))
    const { portico } = await connected()
    portico.store.dispatch(onrampActions.buyRequested({ provider: 'test', windowName: 'checkout' }))
    await untilState(portico, (s) => lazyState(s, 'onramp').purchase?.status === 'failed')
    expect(lazyState(portico.getState(), 'onramp').purchase?.error).toEqual({ code: 400, key: 'errors.httpStatus', params: { status: 400 } })
  })
})

describe('openCheckout', () => {
  it('does nothing without a window, a name, or when the named window is gone', () => {
    expect(openCheckout(undefined, 'x', 'https://p.example')).toBe(false)
    expect(openCheckout({ open: () => null } as unknown as Window, undefined, 'https://p.example')).toBe(false)
    expect(openCheckout({ open: () => ({ closed: true }) } as unknown as Window, 'x', 'https://p.example')).toBe(false)
  })
})
