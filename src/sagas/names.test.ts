import { createPortico, type Portico } from '../createPortico'
import { RpcError } from '../errors'
import { sendJson, startHttpTestServer, type HttpTestServer } from '../services/test/httpTestServer'
import { namesActions } from '../store/slices/names'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import { lazyState } from '../store/lazyState'
import { connectorsActions } from '../store/slices/connectors'

// The names saga against a real local HTTP server speaking the /v1/profile and identity calls.
const address = '0x1111111111111111111111111111111111111111'
const signature = `0x${'51'.repeat(65)}`
let api: HttpTestServer
const instances: Portico[] = []
const clock = 1_700_000_000_000

beforeEach(async () => {
  api = await startHttpTestServer()
})
afterEach(async () => {
  instances.splice(0).forEach((p) => p.destroy())
  await api.close()
})

const profile = (name: string) => ({ name, registered: 1, updated: 1, addresses: { '60': { address, created: '2024-01-01T00:00:00Z' } }, attributes: [] })

async function connectedPortico() {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [injectedConnector()], address })
  const plugin = { ...wallet.plugin, features: { ...wallet.plugin.features, names: true } }
  const p = createPortico({ projectId: 'dapp', plugins: [plugin], devtools: false, endpoints: { blockchainApi: api.url } }, { storage: null, now: () => clock })
  instances.push(p)
  p.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  await untilState(p, (s) => s.account.byNamespace.eip155?.status === 'connected')
  return { p, wallet }
}

const names = (p: Portico) => lazyState(p.getState(), 'names')

describe('names saga', () => {
  it('loads the profile name of a connected account from the identity endpoint', async () => {
    api.handle((req, res) => sendJson(res, 200, req.path.startsWith('/v1/identity/') ? { name: 'ada.portico.id', avatar: null } : {}))
    const { p } = await connectedPortico()
    await untilState(p, (s) => s.account.byNamespace.eip155?.profileName === 'ada.portico.id')
    expect(api.requests.find((r) => r.path === `/v1/identity/${address}`)).toBeDefined()
  })

  it('asks for suggestions once typing pauses, and says whether the name is free', async () => {
    api.handle((req, res) => {
      if (req.path.startsWith('/v1/identity/')) return sendJson(res, 200, { name: null, avatar: null })
      sendJson(res, 200, {
        suggestions: [
          { name: 'alice.portico.id', registered: true },
          { name: 'alice1.portico.id', registered: false },
        ],
      })
    })
    const { p } = await connectedPortico()
    for (const typed of ['ali', 'alic', 'alice']) p.store.dispatch(namesActions.queryChanged({ name: typed }))
    await untilState(p, () => names(p).availability === 'taken')
    const asked = api.requests.filter((r) => r.path.startsWith('/v1/profile/suggestions/')).map((r) => r.path)
    expect(asked).toEqual(['/v1/profile/suggestions/alice'])
    expect(names(p)).toMatchObject({ fullName: 'alice.portico.id', suggestions: [{ name: 'alice.portico.id' }, { name: 'alice1.portico.id', registered: false }] })
  })

  it("reports 'Error fetching name suggestions', then resolves the name itself (404 means free)", async () => {
    api.handle((req, res) => {
      if (req.path.startsWith('/v1/identity/')) return sendJson(res, 200, { name: null, avatar: null })
      if (req.path.startsWith('/v1/profile/suggestions/')) return sendJson(res, 400, { error: 'Error fetching name suggestions' })
      sendJson(res, 404, { error: 'Error resolving name', code: 'NAME_NOT_FOUND' })
    })
    const { p } = await connectedPortico()
    p.store.dispatch(namesActions.queryChanged({ name: 'bobby' }))
    await untilState(p, () => names(p).availability === 'available')
    expect(names(p).error).toEqual({ code: 'names/suggestions', key: 'errors.errorFetchingNameSuggestions', params: {} })
    expect(names(p).suggestionsStatus).toBe('error')
  })

  it("reports 'Error resolving name' when the lookup fails for another reason", async () => {
    api.handle((req, res) => {
      if (req.path.startsWith('/v1/identity/')) return sendJson(res, 200, { name: null, avatar: null })
      if (req.path.startsWith('/v1/profile/suggestions/')) return sendJson(res, 400, { error: 'Error fetching name suggestions' })
      sendJson(res, 400, { error: 'Error resolving name' })
    })
    const { p } = await connectedPortico()
    p.store.dispatch(namesActions.queryChanged({ name: 'carol' }))
    await untilState(p, () => names(p).error?.key === 'errors.errorResolvingName')
    expect(names(p).error?.code).toBe('names/resolve')
  })

  it('registers with a signed registration message, sets the profile name and shows RegisterAccountNameSuccess', async () => {
    api.handle((req, res) => {
      if (req.path.startsWith('/v1/identity/')) return sendJson(res, 200, { name: null, avatar: null })
      sendJson(res, 200, profile('dave.portico.id'))
    })
    const { p, wallet } = await connectedPortico()
    p.store.dispatch(namesActions.registerRequested({ name: 'dave' }))
    await untilState(p, () => names(p).status === 'registered')
    const post = api.requests.find((r) => r.method === 'POST')!
    expect(post.path).toBe('/v1/profile/account')
    expect(post.json).toEqual({ coin_type: 60, address, message: JSON.stringify({ name: 'dave', attributes: {}, timestamp: clock }), signature })
    expect(wallet.calls.find((c) => c.method === 'signMessage')?.args).toMatchObject({ message: JSON.stringify({ name: 'dave', attributes: {}, timestamp: clock }) })
    expect(p.getState().account.byNamespace.eip155?.profileName).toBe('dave.portico.id')
    expect(p.getState().router.history.at(-1)).toEqual({ view: 'RegisterAccountNameSuccess', params: { name: 'dave.portico.id' } })
  })

  it("says 'Signature declined' when the visitor refuses to sign, and registers nothing", async () => {
    api.handle((_req, res) => sendJson(res, 200, { name: null, avatar: null }))
    const { p, wallet } = await connectedPortico()
    wallet.behaviour.signMessage = async () => {
      throw new RpcError(4001)
    }
    p.store.dispatch(namesActions.registerRequested({ name: 'erin' }))
    await untilState(p, () => names(p).status === 'error')
    expect(names(p).error).toEqual({ code: 4001, key: 'errors.signatureDeclined', params: {} })
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([])
  })

  it("says 'Error registering name' when the server refuses, marking a taken name", async () => {
    api.handle((req, res) => {
      if (req.path.startsWith('/v1/identity/')) return sendJson(res, 200, { name: null, avatar: null })
      sendJson(res, 409, { error: 'Error registering name', code: 'NAME_TAKEN' })
    })
    const { p } = await connectedPortico()
    p.store.dispatch(namesActions.registerRequested({ name: 'frank' }))
    await untilState(p, () => names(p).status === 'error')
    expect(names(p)).toMatchObject({ error: { code: 'names/register', key: 'errors.errorRegisteringName', params: {} }, reason: 'taken' })
    expect(p.getState().account.byNamespace.eip155?.profileName).toBeUndefined()
  })
})
