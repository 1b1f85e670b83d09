import { createPortico, type Portico } from '../createPortico'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import type { TokenBalance } from '../types/tokenBalance'
import { lazyState } from '../store/lazyState'
import { connectorsActions } from '../store/slices/connectors'
import { sendActions } from '../store/slices/send'

const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 0, price: 0, quantity: { decimals: '18', numeric: '2' }, iconUrl: '' }
const usdc: TokenBalance = { ...eth, name: 'USD Coin', symbol: 'USDC', address: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', quantity: { decimals: '6', numeric: '10' } }
const receiver = '0x2222222222222222222222222222222222222222'

async function connected() {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1), testNetwork(10)], connectors: [injectedConnector()] })
  const portico = createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false }, { storage: null })
  instances.push(portico)
  portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected')
  portico.open({ view: 'Send' })
  return { portico, wallet }
}

const fill = (p: Portico, form: { token?: TokenBalance; amount?: string; receiver?: string }) => {
  if (form.token) p.store.dispatch(sendActions.tokenSet(form.token))
  if (form.amount !== undefined) p.store.dispatch(sendActions.amountSet(form.amount))
  if (form.receiver !== undefined) p.store.dispatch(sendActions.receiverSet({ address: form.receiver }))
}

describe('send flow', () => {
  it.each([
    [{ token: eth, receiver }, 'errors.amountAndReceiverRequired'],
    [{ token: eth, amount: '1' }, 'errors.amountAndReceiverRequired'],
    [{ amount: '1', receiver }, 'errors.tokenRequired'],
  ])('refuses %j with %s and asks the wallet nothing', async (form, key) => {
    const { portico, wallet } = await connected()
    fill(portico, form)
    portico.store.dispatch(sendActions.sendRequested())
    // The send saga is in the account-action chunk, which may still be loading after the connection.
    await untilState(portico, (s) => lazyState(s, 'send').status === 'failed')
    expect(lazyState(portico.getState(), 'send')).toMatchObject({ status: 'failed', error: { code: 'validation', key, params: {} } })
    expect(wallet.calls.some((c) => c.method === 'sendTransaction')).toBe(false)
  })

  it('shows ApproveTransaction while the wallet is asked, blocks closing, then records the hash and ends on the result state', async () => {
    const { portico, wallet } = await connected()
    let approve!: (hash: string) => void
    wallet.behaviour.sendTransaction = () => new Promise((resolve) => (approve = resolve))
    fill(portico, { token: usdc, amount: '1.5', receiver })
    portico.store.dispatch(sendActions.sendRequested())
    await untilState(portico, (s) => s.router.history.at(-1)?.view === 'ApproveTransaction')
    portico.close()
    expect(portico.getState().modal.open).toBe(true)
    // ERC-20 amount in the token's smallest unit, token address without its CAIP prefix.
    expect(wallet.calls.at(-1)).toMatchObject({
      method: 'sendTransaction',
      args: { to: receiver, amount: '1500000', token: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', network: { caipNetworkId: 'eip155:1' } },
    })
    approve(`0x${'cd'.repeat(32)}`)
    await untilState(portico, (s) => lazyState(s, 'send').status === 'sent')
    expect(lazyState(portico.getState(), 'transactions').pending).toEqual([`0x${'cd'.repeat(32)}`])
    // Back on Send, which shows what was sent; no toast says it a second time.
    expect(portico.getState().router.history).toEqual([{ view: 'Send' }])
    expect(portico.getState().alerts.toast).toBeUndefined()
  })

  it('sends the native coin in wei', async () => {
    const { portico, wallet } = await connected()
    fill(portico, { token: eth, amount: '0.25', receiver })
    portico.store.dispatch(sendActions.sendRequested())
    await untilState(portico, (s) => lazyState(s, 'send').status === 'sent')
    expect(wallet.calls.at(-1)!.args).toMatchObject({ amount: '250000000000000000', token: undefined })
  })

  it("returns to the form with the wallet's reason when the visitor rejects", async () => {
    const { portico, wallet } = await connected()
    wallet.behaviour.sendTransaction = () => Promise.reject({ code: 4001, message: 'User rejected the request.' })
    fill(portico, { token: eth, amount: '1', receiver })
    portico.store.dispatch(sendActions.sendRequested())
    await untilState(portico, (s) => lazyState(s, 'send').status === 'failed')
    expect(lazyState(portico.getState(), 'send').error).toEqual({ code: 4001, key: 'errors.userRejectedRequest', params: {} })
    expect(portico.getState().router.history.at(-1)).toEqual({ view: 'Send' })
  })

  it('switching network clears the pending send form (SPEC §4)', async () => {
    const { portico } = await connected()
    fill(portico, { token: eth, amount: '1', receiver })
    await portico.switchNetwork('eip155:10')
    expect(lazyState(portico.getState(), 'send')).toMatchObject({ token: undefined, amount: undefined, receiverAddress: undefined })
  })
})
