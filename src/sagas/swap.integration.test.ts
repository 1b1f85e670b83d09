// The swap and onramp sagas end to end, with nothing faked: a real anvil chain with the
// test token and the PorticoPool, the reference server's convert and onramp routes over
// HTTP (real SQLite for purchases), the eip155 plugin driving a real EIP-1193 wallet (the
// development wallet over a dev key), and the real Portico store and sagas.
import Fastify, { type FastifyInstance } from 'fastify'
import { type Kysely, Migrator } from 'kysely'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem'
import { localNetwork } from '../../dev/chain/devChains'
import { DEV_PRIVATE_KEYS, devAccounts } from '../../dev/chain/devAccounts'
import { startLocalChain, type LocalChain } from '../../dev/chain/localChain'
import { deployPool, type Pool } from '../../dev/chain/pool'
import { deployTestToken, type TestToken } from '../../dev/chain/testToken'
import { createDevWalletProvider } from '../../dev/wallets/injected'
import { createChainClients } from '../../server/chain/clients'
import { createPriceTable } from '../../server/chain/prices'
import { registerConvertRoutes } from '../../server/convert/routes'
import { openDatabase } from '../../server/db/connect'
import { installErrorHandlers } from '../../server/httpErrors'
import { createOnrampPurchaseStore, onrampPurchasesMigration, type OnrampDatabase } from '../../server/onramp/purchases'
import { registerOnrampRoutes } from '../../server/onramp/routes'
import { createProjectRegistry } from '../../server/projects'
import { TEST_PROJECTS } from '../../server/test/projects'
import { tempSqliteFile, type TempSqliteFile } from '../../server/test/sqlite'
import { createPortico, type Portico } from '../createPortico'
import { eip155 } from '../plugins/eip155'
import { untilState } from '../test/untilState'
import { lazyState } from '../store/lazyState'
import { connectorsActions } from '../store/slices/connectors'
import { onrampActions } from '../store/slices/onramp'
import { swapActions } from '../store/slices/swap'

jest.setTimeout(90_000)

const visitor = devAccounts[4]!
let chain: LocalChain
let token: TestToken
let pool: Pool
let sqlite: TempSqliteFile
let db: Kysely<OnrampDatabase>
let app: FastifyInstance
let baseUrl: string
let portico: Portico

const reader = () => createPublicClient({ transport: http(chain.rpcUrl) })
const eth = () => reader().getBalance({ address: visitor.address })
const ptt = () => reader().readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [visitor.address as Address] })

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 1 })
  token = await deployTestToken(chain.rpcUrl)
  pool = await deployPool(chain.rpcUrl, token.address)
  sqlite = tempSqliteFile()
  db = openDatabase({ sqliteFile: sqlite.file }) as unknown as Kysely<OnrampDatabase>
  const migrated = await new Migrator({ db, provider: { getMigrations: async () => ({ '0004_onramp_purchases': onrampPurchasesMigration('sqlite') }) } }).migrateToLatest()
  if (migrated.error) throw migrated.error
  app = Fastify()
  installErrorHandlers(app)
  const clients = createChainClients([{ chainId: 'eip155:1', rpcUrl: chain.rpcUrl }])
  const projects = createProjectRegistry(TEST_PROJECTS)
  registerConvertRoutes(app, { projects, clients, pools: { 'eip155:1': pool.address } })
  registerOnrampRoutes(app, { projects, clients, prices: createPriceTable(), testProvider: { funderKey: DEV_PRIVATE_KEYS[9], purchases: createOnrampPurchaseStore(db) } })
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })

  const plugin = eip155({ networks: [localNetwork(1, chain.rpcUrl)] })
  portico = createPortico({ projectId: 'shop', plugins: [plugin], devtools: false, endpoints: { blockchainApi: baseUrl } }, { storage: null, window: undefined })
  const wallet = createDevWalletProvider({ rpcUrls: { 1: chain.rpcUrl }, privateKey: visitor.privateKey })
  const info = { id: 'dev-wallet', name: 'Portico Dev Wallet', type: 'INJECTED' as const, chain: 'eip155' }
  plugin.connectors!.attach!({ info, provider: wallet })
  // What discovery would report for an announced wallet, once discovery has run.
  await portico.ready()
  portico.store.dispatch(connectorsActions.discovered({ namespace: 'eip155', connectors: [info] }))
  portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'dev-wallet', namespace: 'eip155' }))
  await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected', 20_000)
})

afterAll(async () => {
  portico?.destroy()
  await app?.close()
  await db?.destroy()
  sqlite?.remove()
  await chain?.stop()
})

async function swap(amount: string, flip: boolean) {
  portico.open({ view: 'Swap' })
  const state = () => lazyState(portico.getState(), 'swap')
  if (state().tokensStatus !== 'loaded') {
    portico.store.dispatch(swapActions.tokensRequested())
    await untilState(portico, (s) => lazyState(s, 'swap').tokensStatus === 'loaded', 20_000)
  }
  const [native, erc20] = state().tokens
  portico.store.dispatch(swapActions.sourceTokenSet(flip ? erc20 : native))
  portico.store.dispatch(swapActions.toTokenSet(flip ? native : erc20))
  portico.store.dispatch(swapActions.sourceAmountSet(amount))
  portico.store.dispatch(swapActions.quoteRequested())
  await untilState(portico, (s) => lazyState(s, 'swap').status === 'quoted' || lazyState(s, 'swap').status === 'failed', 20_000)
  expect(state().error).toBeUndefined()
  const quote = state().quote!
  portico.store.dispatch(swapActions.swapRequested())
  await untilState(portico, (s) => lazyState(s, 'swap').status === 'done' || lazyState(s, 'swap').status === 'failed', 60_000)
  expect(state().error).toBeUndefined()
  return quote
}

describe('swap through the real pool, signed by a real wallet', () => {
  it('swaps ETH for PTT: PTT grows by the quote, ETH drops by the amount and the fee', async () => {
    const [ethBefore, pttBefore] = [await eth(), await ptt()]
    const quote = await swap('1', false)
    expect(quote).toMatchObject({ needsApproval: false, networkFeeSymbol: 'ETH' })
    expect(await ptt()).toBe(pttBefore + parseUnits(quote.toAmount, 18))
    const spent = ethBefore - (await eth())
    expect(spent > parseEther('1') && spent < parseEther('1.01')).toBe(true)
    // The swap ends on its result state in the Swap view.
    expect(portico.getState().router.history).toEqual([{ view: 'Swap' }])
    expect(lazyState(portico.getState(), 'swap').result?.paid).toEqual({ amount: '1', symbol: 'ETH' })
  })

  it('swaps PTT back for ETH after approving the pool: both balances move', async () => {
    const [ethBefore, pttBefore] = [await eth(), await ptt()]
    const quote = await swap('500', true)
    expect(quote.needsApproval).toBe(true)
    expect(await ptt()).toBe(pttBefore - parseUnits('500', 18))
    expect((await eth()) > ethBefore).toBe(true)
    const allowance = await reader().readContract({ address: token.address, abi: erc20Abi, functionName: 'allowance', args: [visitor.address as Address, pool.address] })
    // Exactly the amount was approved, and the swap spent it.
    expect(allowance).toBe(0n)
  })
})

describe('onramp through the test provider', () => {
  it('gets a checkout URL whose purchase funds the address, and sees it arrive', async () => {
    portico.open({ view: 'Buy' })
    portico.store.dispatch(onrampActions.providersRequested())
    await untilState(portico, (s) => lazyState(s, 'onramp').providersStatus === 'loaded', 20_000)
    expect(lazyState(portico.getState(), 'onramp').providers.map((p) => p.name)).toEqual(['test'])
    portico.store.dispatch(onrampActions.amountSet('100'))
    portico.store.dispatch(onrampActions.quoteRequested())
    await untilState(portico, (s) => lazyState(s, 'onramp').status === 'quoted', 20_000)
    const quoted = lazyState(portico.getState(), 'onramp').quote!.purchaseAmount

    const before = await eth()
    portico.store.dispatch(onrampActions.buyRequested({ provider: 'test', windowName: undefined }))
    await untilState(portico, (s) => lazyState(s, 'onramp').purchase?.status === 'waiting', 20_000)
    const url = new URL(lazyState(portico.getState(), 'onramp').purchase!.url!)
    expect(url.origin + url.pathname).toBe(`${baseUrl}/onramp/test-provider`)
    // What the provider page's Buy button does.
    const bought = await fetch(`${baseUrl}/onramp/test-provider/purchase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ session: url.searchParams.get('session'), amount: '100', currency: 'USD', paymentMethod: 'card' }),
    })
    expect(await bought.json()).toMatchObject({ status: 'completed', purchaseAmount: quoted, address: visitor.address })
    await untilState(portico, (s) => lazyState(s, 'onramp').purchase?.status === 'completed', 20_000)
    expect(lazyState(portico.getState(), 'onramp').purchase!.received).toBe(quoted)
    expect(await eth()).toBe(before + parseEther(quoted))
  })
})
