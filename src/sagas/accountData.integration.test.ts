/**
 * Account data end to end, with nothing stubbed: `createPortico` (real sagas and store)
 * with the eip155 plugin driving a development wallet (an EIP-1193 provider signing with
 * a dev key), the REAL reference server (Blockchain API, names, SIWX sessions on a real
 * SQLite file) and a REAL local chain (anvil). Send → the activity lists it; an NFT
 * minted to the account → the NFTs it holds; register a name → identity returns it →
 * the account shows it; SIWE sign-in → session → reload (a new instance, same storage)
 * still signed in → disconnect signs out.
 */
import { verifyMessage, type Hex } from 'viem'
import { devAccounts } from '../../dev/chain/devAccounts'
import { createDevWalletProvider, type DevWalletProvider } from '../../dev/wallets/injected/provider'
import { startChainTestServer, type ChainTestServer } from '../../server/test/chainServer'
import { createPortico, type Portico } from '../createPortico'
import { eip155 } from '../plugins/eip155'
import type { NamespacePlugin } from '../plugins/types'
import { createPorticoSiwx } from '../siwx'
import { namesActions } from '../store/slices/names'
import { sendActions } from '../store/slices/send'
import { siwxActions } from '../store/slices/siwx'
import { transactionsActions } from '../store/slices/transactions'
import { testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import type { KeyValueStore } from '../storage/createStorage'
import type { ConnectorInfo } from '../types/connector'
import { heldNfts } from '../ui/format/heldNfts'
import { lazyState } from '../store/lazyState'
import { connectorsActions } from '../store/slices/connectors'

jest.setTimeout(120_000)

const wallet = devAccounts[3]!
const receiver = devAccounts[4]!
const devWalletInfo: ConnectorInfo = { id: 'dev.wallet', name: 'Dev Wallet', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'dev.wallet' } }

let server: ChainTestServer
const instances: Portico[] = []

beforeAll(async () => {
  server = await startChainTestServer()
})
afterAll(async () => {
  await server?.close()
})
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}

/** The eip155 plugin with the dev wallet attached and announced, as a browser extension would be. */
function pluginWith(provider: DevWalletProvider): NamespacePlugin {
  const plugin = eip155({ networks: [{ ...testNetwork(1, 'Local'), rpcUrls: { default: { http: [server.chain.rpcUrl] } } }] })
  plugin.connectors!.attach!({ info: devWalletInfo, provider })
  return { ...plugin, connectors: { ...plugin.connectors!, discover: (_context, emit) => (emit([devWalletInfo]), () => {}) } }
}

function start(options: { provider: DevWalletProvider; storage: KeyValueStore; siwxStorage?: KeyValueStore; siwx?: boolean }) {
  const siwx = options.siwx
    ? createPorticoSiwx({ url: server.baseUrl, projectId: 'shop', storage: options.siwxStorage, messageParams: { domain: 'shop.example', uri: 'https://shop.example', statement: 'Sign in to Shop' } })
    : undefined
  const p = createPortico(
    { projectId: 'shop', plugins: [pluginWith(options.provider)], devtools: false, endpoints: { blockchainApi: server.baseUrl }, ...(siwx ? { siwx } : {}) },
    { storage: options.storage },
  )
  instances.push(p)
  return { p, siwx }
}

const devWallet = (authorized = false) => createDevWalletProvider({ rpcUrls: { 1: server.chain.rpcUrl }, privateKey: wallet.privateKey, authorized })
const eip = (p: Portico) => p.getState().account.byNamespace.eip155

async function connect(p: Portico) {
  p.store.dispatch(connectorsActions.connectRequested({ connectorId: devWalletInfo.id, namespace: 'eip155' }))
  await untilState(p, () => eip(p)?.status === 'connected', 10_000)
}

describe('account data against the reference server and a local chain', () => {
  it('tokens with prices, a sent transaction pending then in the activity, and the NFTs held', async () => {
    const tokenId = await server.nft.mint(wallet.address)
    await server.index()
    const { p } = start({ provider: devWallet(), storage: memoryStore() })
    await connect(p)
    await untilState(p, () => eip(p)?.tokenBalanceStatus === 'loaded', 10_000)
    const native = eip(p)!.tokenBalance.find((t) => !t.address)!
    expect(native).toMatchObject({ symbol: 'ETH', chainId: 'eip155:1' })
    expect(native.price).toBeGreaterThan(0)
    expect(native.value).toBeCloseTo(Number(native.quantity.numeric) * native.price, 2)

    p.store.dispatch(transactionsActions.fetchRequested())
    await untilState(p, (s) => lazyState(s, 'transactions').status === 'loaded', 10_000)
    expect(heldNfts(lazyState(p.getState(), 'transactions').items).map((n) => n.name)).toContain(`${server.nft.name} #${tokenId}`)

    p.store.dispatch(sendActions.tokenSet(native))
    p.store.dispatch(sendActions.amountSet('0.25'))
    p.store.dispatch(sendActions.receiverSet({ address: receiver.address }))
    p.store.dispatch(sendActions.sendRequested())
    await untilState(p, (s) => lazyState(s, 'send').status === 'sent', 10_000)
    const hash = lazyState(p.getState(), 'send').hash as Hex
    expect(lazyState(p.getState(), 'transactions').pending).toEqual([hash])
    await server.index()
    await untilState(p, (s) => lazyState(s, 'transactions').pending.length === 0, 15_000)
    const sent = lazyState(p.getState(), 'transactions').items.find((i) => i.metadata.hash.toLowerCase() === hash.toLowerCase())!
    expect(sent.metadata).toMatchObject({ operationType: 'send', status: 'confirmed' })
    expect(sent.transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '0.25' }, fungible_info: { symbol: 'ETH' } })
  })

  it('registers a name with the wallet’s signature; identity returns it; the account shows it after a reconnect', async () => {
    const label = `dev${Date.now().toString(36)}`
    const { p } = start({ provider: devWallet(), storage: memoryStore() })
    await connect(p)
    p.store.dispatch(namesActions.queryChanged({ name: label }))
    await untilState(p, (s) => lazyState(s, 'names').availability === 'available', 10_000)
    expect(lazyState(p.getState(), 'names').fullName).toBe(`${label}.portico.id`)
    p.store.dispatch(namesActions.registerRequested({ name: label }))
    await untilState(p, (s) => lazyState(s, 'names').status === 'registered', 10_000)
    expect(eip(p)?.profileName).toBe(`${label}.portico.id`)
    expect(p.getState().router.history.at(-1)).toEqual({ view: 'RegisterAccountNameSuccess', params: { name: `${label}.portico.id` } })

    const identity = await server.get(`/v1/identity/${wallet.address}`)
    expect(identity.body).toEqual({ name: `${label}.portico.id`, avatar: null })

    // A new page: the name comes from the identity endpoint.
    const second = start({ provider: devWallet(), storage: memoryStore() }).p
    await connect(second)
    await untilState(second, () => eip(second)?.profileName === `${label}.portico.id`, 10_000)
    p.store.dispatch(namesActions.queryChanged({ name: label }))
    await untilState(p, (s) => lazyState(s, 'names').availability === 'taken', 10_000)
  })

  it('signs in with SIWE, stays signed in across a reload, and signs out on disconnect', async () => {
    const storage = memoryStore()
    const siwxStorage = memoryStore()
    const { p, siwx } = start({ provider: devWallet(), storage, siwxStorage, siwx: true })
    await connect(p)
    await untilState(p, (s) => s.modal.open && s.router.history.at(-1)?.view === 'ConnectingSiwe', 10_000)
    p.store.dispatch(siwxActions.signInRequested())
    await untilState(p, (s) => lazyState(s, 'siwx').status === 'signedIn', 10_000)
    const session = lazyState(p.getState(), 'siwx').session!
    expect(await verifyMessage({ address: wallet.address, message: session.message!, signature: session.signature as Hex })).toBe(true)
    const token = siwx!.getToken()!
    expect(token).toMatch(/^psx_/)
    expect((await server.get('/siwx/v1/session', { authorization: `Bearer ${token}` })).body).toMatchObject({ session: { address: wallet.address, chainId: 'eip155:1' } })

    // Reload: a new instance with the same storage reconnects silently and finds the session.
    const reloaded = start({ provider: devWallet(true), storage, siwxStorage, siwx: true }).p
    await untilState(reloaded, (s) => lazyState(s, 'siwx').status === 'signedIn', 10_000)
    expect(lazyState(reloaded.getState(), 'siwx').session?.address).toBe(wallet.address)
    expect(reloaded.getState().modal.open).toBe(false)

    await reloaded.disconnect()
    await untilState(reloaded, (s) => lazyState(s, 'siwx').status === 'idle', 10_000)
    expect(siwxStorage.data.size).toBe(0)
    expect((await server.get('/siwx/v1/session', { authorization: `Bearer ${token}` })).status).toBe(401)
  })

  it("refusing the signature is 'Signature declined' and opens no session", async () => {
    const provider = createDevWalletProvider({ rpcUrls: { 1: server.chain.rpcUrl }, privateKey: wallet.privateKey, approve: ({ method }) => method !== 'personal_sign' })
    const siwxStorage = memoryStore()
    const { p } = start({ provider, storage: memoryStore(), siwxStorage, siwx: true })
    await connect(p)
    await untilState(p, (s) => s.router.history.at(-1)?.view === 'ConnectingSiwe', 10_000)
    p.store.dispatch(siwxActions.signInRequested())
    await untilState(p, (s) => lazyState(s, 'siwx').status === 'error', 10_000)
    expect(lazyState(p.getState(), 'siwx').error).toMatchObject({ key: 'errors.signatureDeclined', code: 4001 })
    expect(siwxStorage.data.size).toBe(0)
  })
})
