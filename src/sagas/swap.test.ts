import { createPortico, type Portico } from '../createPortico'
import type { ContractCallParameters, TransactionOutcome } from '../plugins/types'
import { sendJson, startHttpTestServer, type HttpTestServer, type RecordedRequest } from '../services/test/httpTestServer'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import { minimumReceived, toUnits } from './swapAccount'
import { parseUnits } from 'viem'
import { lazyState } from '../store/lazyState'
import { connectorsActions } from '../store/slices/connectors'
import { swapActions } from '../store/slices/swap'

// The swap saga against a fake Blockchain API (a real local HTTP server answering the
// /v1/convert/* calls) and a fake wallet that records the contract calls it is asked to send.
const user = '0x1111111111111111111111111111111111111111'
const pool = '0x2222222222222222222222222222222222222222'
const ptt = '0x3333333333333333333333333333333333333333'
const native = 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const pttCaip = `eip155:1:${ptt}`
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

let api: HttpTestServer
const instances: Portico[] = []
beforeEach(async () => {
  api = await startHttpTestServer()
})
afterEach(async () => {
  instances.splice(0).forEach((p) => p.destroy())
  await api.close()
})

/** The pool's answers; `allowance` is what the fake chain says the user approved. */
function serveConvert(options: { allowance?: string; toAmount?: string; buildStatus?: number } = {}) {
  api.handle((req, res) => {
    const route = `${req.method} ${req.path}`
    if (route === 'GET /v1/convert/tokens') {
      return sendJson(res, 200, {
        tokens: [
          { name: 'Ether', symbol: 'ETH', address: native, decimals: 18, logoUri: 'http://x/eth.png' },
          { name: 'Portico Test Token', symbol: 'PTT', address: pttCaip, decimals: 18, logoUri: 'http://x/ptt.png' },
        ],
      })
    }
    if (route === 'GET /v1/convert/gas-price') return sendJson(res, 200, { standard: '1000000000', fast: '1250000000', instant: '1500000000' })
    if (route === 'GET /v1/convert/quotes') {
      return sendJson(res, 200, {
        quotes: [{ id: null, fromAmount: req.query.get('amount'), fromAccount: req.query.get('from'), toAmount: options.toAmount ?? '1994000000000000000000', toAccount: req.query.get('to') }],
      })
    }
    if (route === 'GET /v1/convert/allowance') return sendJson(res, 200, { allowance: options.allowance ?? '0' })
    if (route === 'GET /v1/convert/build-approve') {
      return sendJson(res, 200, { tx: { from: `eip155:1:${user}`, to: pttCaip, data: '0x095ea7b3', value: '0', eip155: { gasPrice: '1000000000' } } })
    }
    if (route === 'POST /v1/convert/build-transaction') {
      if (options.buildStatus) return sendJson(res, options.buildStatus, { error: 'SWAP_WOULD_REVERT' })
      const body = req.json as { amount: string; from: string }
      return sendJson(res, 200, {
        tx: { from: `eip155:1:${user}`, to: `eip155:1:${pool}`, data: '0xdeadbeef', amount: body.from === native ? body.amount : '0', eip155: { gas: '120000', gasPrice: '1000000000' } },
      })
    }
    return sendJson(res, 404, { error: 'not found' })
  })
}

async function connected(options: { chainId?: number; outcome?: TransactionOutcome['status']; send?: (p: ContractCallParameters) => Promise<string>; mined?: Promise<void> } = {}) {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(options.chainId ?? 1, 'Ethereum')], connectors: [injectedConnector()], address: user })
  const sent: ContractCallParameters[] = []
  let nonce = 0
  const plugin = {
    ...wallet.plugin,
    features: { ...wallet.plugin.features, swaps: (n: { id: number | string }) => Number(n.id) === 1 },
    evm: {
      sendContractCall: async (p: ContractCallParameters & { connectorId: string }) => {
        sent.push(p)
        return options.send ? options.send(p) : hashOf(++nonce)
      },
    },
    connectors: {
      ...wallet.plugin.connectors!,
      waitForTransaction: async ({ hash }: { hash: string }): Promise<TransactionOutcome> => {
        await options.mined
        return { hash, status: options.outcome ?? 'success', blockNumber: '7' }
      },
    },
  }
  const portico = createPortico({ projectId: 'dapp', plugins: [plugin], devtools: false, endpoints: { blockchainApi: api.url } }, { storage: null })
  instances.push(portico)
  portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected')
  portico.open({ view: 'Swap' })
  return { portico, sent }
}

const requestsTo = (path: string): RecordedRequest[] => api.requests.filter((r) => r.path === path)

async function quotedForm(portico: Portico, amount: string, flip = false) {
  portico.store.dispatch(swapActions.tokensRequested())
  await untilState(portico, (s) => lazyState(s, 'swap').tokensStatus === 'loaded' && lazyState(s, 'swap').toToken !== undefined)
  if (flip) {
    const { sourceToken, toToken } = lazyState(portico.getState(), 'swap')
    portico.store.dispatch(swapActions.sourceTokenSet(toToken))
    portico.store.dispatch(swapActions.toTokenSet(sourceToken))
  }
  portico.store.dispatch(swapActions.sourceAmountSet(amount))
  portico.store.dispatch(swapActions.quoteRequested())
  await untilState(portico, (s) => lazyState(s, 'swap').status === 'quoted' || lazyState(s, 'swap').status === 'failed')
}

describe('swap saga', () => {
  it('loads the network’s tokens and preselects the pair', async () => {
    serveConvert()
    const { portico } = await connected()
    portico.store.dispatch(swapActions.tokensRequested())
    await untilState(portico, (s) => lazyState(s, 'swap').tokensStatus === 'loaded')
    expect(requestsTo('/v1/convert/tokens')[0]!.query.get('chainId')).toBe('eip155:1')
    expect(lazyState(portico.getState(), 'swap')).toMatchObject({
      tokens: [{ symbol: 'ETH', address: native, iconUrl: 'http://x/eth.png', decimals: 18 }, { symbol: 'PTT' }],
      sourceToken: { symbol: 'ETH' },
      toToken: { symbol: 'PTT' },
    })
  })

  it("says 'Network not supported for Swaps' off the plugin's swap networks, without a request", async () => {
    serveConvert()
    const { portico } = await connected({ chainId: 5 })
    portico.store.dispatch(swapActions.tokensRequested())
    await untilState(portico, (s) => lazyState(s, 'swap').tokensStatus === 'failed')
    expect(lazyState(portico.getState(), 'swap').error).toEqual({ code: 'network/no-swaps', key: 'errors.networkNotSupportedForSwaps', params: {} })
    expect(api.requests).toEqual([])
  })

  it('asks for one quote once typing settles, and previews rate, minimum received at the slippage and network fee', async () => {
    serveConvert({ toAmount: '1994000000000000000000' })
    const { portico } = await connected()
    portico.store.dispatch(swapActions.tokensRequested())
    await untilState(portico, (s) => lazyState(s, 'swap').tokensStatus === 'loaded' && lazyState(s, 'swap').toToken !== undefined)
    for (const typed of ['0', '0.', '1']) {
      portico.store.dispatch(swapActions.sourceAmountSet(typed))
      portico.store.dispatch(swapActions.quoteRequested())
    }
    await untilState(portico, (s) => lazyState(s, 'swap').status === 'quoted')
    expect(requestsTo('/v1/convert/quotes')).toHaveLength(1)
    expect(Object.fromEntries(requestsTo('/v1/convert/quotes')[0]!.query)).toMatchObject({
      amount: '1000000000000000000',
      from: native,
      to: pttCaip,
      userAddress: `eip155:1:${user}`,
      gasPrice: '1000000000',
    })
    // Buying with the native currency needs no allowance.
    expect(requestsTo('/v1/convert/allowance')).toEqual([])
    expect(lazyState(portico.getState(), 'swap')).toMatchObject({
      toAmount: '1994',
      gasPrice: '1000000000',
      quote: { toAmount: '1994', minimumReceived: '1974.06', rate: '1994', networkFee: '0.00012', networkFeeSymbol: 'ETH', needsApproval: false },
    })
  })

  it('buys the token: one wallet request with the value, ApproveTransaction meanwhile, then balances and the result state on Swap', async () => {
    serveConvert()
    let release!: (hash: string) => void
    const { portico, sent } = await connected({ send: () => new Promise((resolve) => (release = resolve)) })
    await quotedForm(portico, '1')
    portico.store.dispatch(swapActions.swapRequested())
    await untilState(portico, (s) => s.router.history.at(-1)?.view === 'ApproveTransaction')
    expect(lazyState(portico.getState(), 'swap').status).toBe('swapping')
    release(hashOf(9))
    await untilState(portico, (s) => lazyState(s, 'swap').status === 'done')
    expect(sent).toEqual([
      expect.objectContaining({ from: user, to: pool, data: '0xdeadbeef', value: '1000000000000000000', gas: '120000', network: expect.objectContaining({ caipNetworkId: 'eip155:1' }) }),
    ])
    expect((requestsTo('/v1/convert/build-transaction').at(-1)!.json as { slippage: number }).slippage).toBe(1)
    expect(portico.getState().router.history).toEqual([{ view: 'Swap' }])
    expect(lazyState(portico.getState(), 'swap')).toMatchObject({ hash: hashOf(9), result: { paid: { amount: '1', symbol: 'ETH' }, received: { amount: '1994', symbol: 'PTT' } } })
    expect(lazyState(portico.getState(), 'transactions').pending).toContain(hashOf(9))
    // The view says it: no toast a second time.
    expect(portico.getState().alerts.toast).toBeUndefined()
    // Opening Swap again starts a fresh form.
    portico.open({ view: 'Swap' })
    expect(lazyState(portico.getState(), 'swap')).toMatchObject({ status: 'idle', result: undefined, hash: undefined })
  })

  it('says it in a toast with the transaction when the visitor closed the modal while the swap was mined', async () => {
    serveConvert()
    let mine!: () => void
    const { portico } = await connected({ mined: new Promise<void>((resolve) => (mine = resolve)) })
    await quotedForm(portico, '1')
    portico.store.dispatch(swapActions.swapRequested())
    await untilState(portico, (s) => lazyState(s, 'swap').status === 'swapping' && lazyState(s, 'swap').hash !== undefined)
    portico.close()
    await untilState(portico, (s) => !s.modal.open)
    mine()
    await untilState(portico, (s) => s.alerts.toast?.message.key === 'notices.swapped')
    expect(portico.getState().alerts.toast).toMatchObject({
      message: { key: 'notices.swapped', params: { from: 'ETH', to: 'PTT' } },
      variant: 'success',
      transaction: { caipNetworkId: 'eip155:1', hash: hashOf(1) },
    })
  })

  it('sells the token after approving exactly the amount when the allowance is short', async () => {
    serveConvert({ allowance: '10' })
    const { portico, sent } = await connected()
    await quotedForm(portico, '1000', true)
    expect(lazyState(portico.getState(), 'swap').quote).toMatchObject({ needsApproval: true })
    // The swap cannot be estimated before the approval: built with the default gas instead.
    expect((requestsTo('/v1/convert/build-transaction')[0]!.json as { disableEstimate: boolean }).disableEstimate).toBe(true)
    portico.store.dispatch(swapActions.swapRequested())
    await untilState(portico, (s) => lazyState(s, 'swap').status === 'done')
    expect(Object.fromEntries(requestsTo('/v1/convert/build-approve')[0]!.query)).toMatchObject({ from: pttCaip, to: native, amount: '1000000000000000000000' })
    expect(sent.map((c) => [c.to, c.data, c.value])).toEqual([
      [ptt, '0x095ea7b3', '0'],
      [pool, '0xdeadbeef', '0'],
    ])
  })

  it('skips the approval when the allowance already covers the amount', async () => {
    serveConvert({ allowance: '1000000000000000000000' })
    const { portico, sent } = await connected()
    await quotedForm(portico, '1000', true)
    portico.store.dispatch(swapActions.swapRequested())
    await untilState(portico, (s) => lazyState(s, 'swap').status === 'done')
    expect(requestsTo('/v1/convert/build-approve')).toEqual([])
    expect(sent).toHaveLength(1)
  })

  it("stays on Swap with the wallet's reason when the visitor rejects", async () => {
    serveConvert()
    const { portico } = await connected({ send: () => Promise.reject({ code: 4001, message: 'User rejected the request.' }) })
    await quotedForm(portico, '1')
    portico.store.dispatch(swapActions.swapRequested())
    await untilState(portico, (s) => lazyState(s, 'swap').status === 'failed')
    expect(lazyState(portico.getState(), 'swap').error).toEqual({ code: 4001, key: 'errors.userRejectedRequest', params: {} })
    expect(portico.getState().router.history.at(-1)).toEqual({ view: 'Swap' })
  })

  it('reports a swap that reverted on chain instead of calling it done', async () => {
    serveConvert()
    const { portico } = await connected({ outcome: 'reverted' })
    await quotedForm(portico, '1')
    portico.store.dispatch(swapActions.swapRequested())
    await untilState(portico, (s) => lazyState(s, 'swap').status === 'failed')
    expect(lazyState(portico.getState(), 'swap').error).toMatchObject({ key: 'errors.swapReverted' })
    expect(portico.getState().router.history.at(-1)).toEqual({ view: 'Swap' })
  })

  it('reports a quote the API refuses', async () => {
    serveConvert()
    const { portico } = await connected()
    api.handle((_req, res) => sendJson(res, 400, { error: 'Network not supported for Swaps' }))
    portico.store.dispatch(swapActions.sourceTokenSet({ name: 'Ether', symbol: 'ETH', address: native, iconUrl: '', decimals: 18 }))
    portico.store.dispatch(swapActions.toTokenSet({ name: 'PTT', symbol: 'PTT', address: pttCaip, iconUrl: '', decimals: 18 }))
    portico.store.dispatch(swapActions.sourceAmountSet('1'))
    portico.store.dispatch(swapActions.quoteRequested())
    await untilState(portico, (s) => lazyState(s, 'swap').status === 'failed')
    expect(lazyState(portico.getState(), 'swap').error).toEqual({ code: 400, key: 'errors.httpStatus', params: { status: 400 } })
  })
})

describe('swap amounts', () => {
  it('reads typed amounts in the smallest unit and refuses what is not a positive number', () => {
    expect(toUnits('1.5', 6, { parseUnits })).toBe(1_500_000n)
    expect([toUnits('0', 18, { parseUnits }), toUnits('', 18, { parseUnits }), toUnits('abc', 18, { parseUnits }), toUnits('1e3', 18, { parseUnits }), toUnits('.', 18, { parseUnits })]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })

  it('takes the slippage off the quote as the pool does (minOut)', () => {
    expect(minimumReceived(1000n, 1)).toBe(990n)
    expect(minimumReceived(1000n, 0.5)).toBe(995n)
  })
})
