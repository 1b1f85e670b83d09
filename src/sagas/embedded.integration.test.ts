/**
 * The embedded wallet end to end, with nothing stubbed but the browser's window plumbing:
 * `createPortico` (the real sagas and store) with the real frame client in a jsdom page,
 * the real secure page logic (`createSecureFrame`) answering through a postMessage
 * bridge with the right origins and source windows, the REAL reference server (auth API
 * on a real SQLite file) and a REAL local chain (anvil). Email → code → connected
 * account in the store → signed message checked with viem → transaction mined →
 * reload restores the session → disconnect signs out.
 */
import { JSDOM } from 'jsdom'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import { startLocalChain, type LocalChain } from '../../dev/chain/localChain'
import { createMemoryStore } from '../../secure/session'
import { createDeviceProver } from '../../secure/deviceKey'
import { SECURE_ORIGIN, startAuthTestServer, type AuthTestServer } from '../../server/test/authServer'
import { tempSqliteFile, type TempSqliteFile } from '../../server/test/sqlite'
import { createPortico, type Portico } from '../createPortico'
import { LoginCacheKeys } from '../frame'
import { eip155 } from '../plugins/eip155'
import { embeddedActions } from '../store/slices/embedded'
import { testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import type { CaipNetwork } from '../types/network'
import { connectSecurePage, DAPP_ORIGIN } from '../test/secureFrameBridge'
import { lazyState } from '../store/lazyState'

jest.setTimeout(90_000)

let server: AuthTestServer
let chain: LocalChain
let sqlite: TempSqliteFile

beforeAll(async () => {
  sqlite = tempSqliteFile()
  ;[server, chain] = await Promise.all([startAuthTestServer({ database: { sqliteFile: sqlite.file } }), startLocalChain({ chainId: 1 })])
})
afterAll(async () => {
  await Promise.all([server?.close(), chain?.stop()])
  sqlite?.remove()
})

describe('the embedded wallet against the reference server and a local chain', () => {
  it('logs in by email code, signs, sends a mined transaction, survives a reload and signs out', async () => {
    const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: `${DAPP_ORIGIN}/` })
    const secureStorage = createMemoryStore()
    // One browser: its device key outlives the page's reload, as IndexedDB keeps it.
    const prove = createDeviceProver({ now: () => server.clock.now })
    const network: CaipNetwork = { ...testNetwork(1, 'Local'), rpcUrls: { default: { http: [chain.rpcUrl] } } }
    const plugin = eip155({ networks: [network] })
    const make = (): Portico =>
      createPortico(
        {
          projectId: 'shop',
          plugins: [plugin],
          metadata: { name: 'Shop', description: 'A shop', url: DAPP_ORIGIN, icons: [] },
          endpoints: { secureFrame: SECURE_ORIGIN, blockchainApi: server.baseUrl, walletListing: server.baseUrl },
          features: { analytics: false },
          devtools: false,
        },
        { window: dom.window as unknown as Window, storage: dom.window.localStorage },
      )

    // Nothing is created before the visitor acts.
    const portico = make()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(dom.window.document.querySelectorAll('iframe')).toHaveLength(0)

    const email = `ada.${Date.now()}@example.com`
    portico.store.dispatch(embeddedActions.emailSubmitted({ email }))
    const first = await connectSecurePage(dom, { secureStorage, prove, apiUrl: server.baseUrl, rpcUrls: { 'eip155:1': chain.rpcUrl } })
    await untilState(portico, (s) => lazyState(s, 'embedded').step === 'VERIFY_OTP', 15_000)
    expect(portico.getState().router.history.at(-1)).toEqual({ view: 'EmailVerifyOtp', params: { email } })
    expect(lazyState(portico.getState(), 'embedded').frameStatus).toBe('ready')

    portico.store.dispatch(embeddedActions.otpSubmitted({ otp: server.latestCode(email) }))
    await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected', 15_000)
    const account = portico.getState().account.byNamespace.eip155!
    expect(account).toMatchObject({ caipAddress: `eip155:1:${account.address}`, connectedWalletInfo: { connectorId: 'auth', type: 'AUTH' }, user: { email } })
    expect(dom.window.localStorage.getItem(LoginCacheKeys.emailLoginUsed)).toBe('true')
    const address = account.address as Hex

    // Sign and send exactly as the sign and send sagas do: the plugin, with the active connector id.
    const connectorId = portico.getState().connectors.active.eip155!
    const signature = await plugin.connectors!.signMessage!({ connectorId, address, message: 'hello from Portico' })
    expect(await verifyMessage({ address, message: 'hello from Portico', signature: signature as Hex })).toBe(true)

    const publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
    await publicClient.request({ method: 'anvil_setBalance' as never, params: [address, '0x56bc75e2d63100000'] as never })
    const receiver = chain.accounts[1]!.address
    const hash = await plugin.connectors!.sendTransaction!({ connectorId, network, from: address, to: receiver, amount: parseEther('1').toString() })
    const receipt = await publicClient.waitForTransactionReceipt({ hash: hash as Hex })
    expect(receipt).toMatchObject({ status: 'success', from: address.toLowerCase(), to: receiver.toLowerCase() })

    // Reload: a new page (same dapp storage, same secure-origin storage) restores the session silently.
    portico.destroy()
    first.page.stop()
    expect(dom.window.document.querySelectorAll('iframe')).toHaveLength(0)
    const reloaded = make()
    const second = await connectSecurePage(dom, { secureStorage, prove, apiUrl: server.baseUrl, rpcUrls: { 'eip155:1': chain.rpcUrl } })
    await untilState(reloaded, (s) => s.account.byNamespace.eip155?.status === 'connected', 15_000)
    expect(reloaded.getState().account.byNamespace.eip155).toMatchObject({ address, connectedWalletInfo: { type: 'AUTH' } })
    expect(reloaded.getState().modal.open).toBe(false)

    await reloaded.disconnect()
    expect(reloaded.getState().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(reloaded.getState().connectors.active).toEqual({})
    expect(dom.window.localStorage.getItem(LoginCacheKeys.emailLoginUsed)).toBeNull()
    expect(dom.window.localStorage.getItem(LoginCacheKeys.email)).toBeNull()
    // Signed out on the secure page too: its session is gone.
    expect(secureStorage.getItem('portico.secure.session/shop')).toBeNull()

    // Nothing secret reached the dapp's storage, and every message named its exact target.
    for (let i = 0; i < dom.window.localStorage.length; i++) {
      const key = dom.window.localStorage.key(i)!
      expect(dom.window.localStorage.getItem(key)).not.toMatch(/pts_/)
    }
    expect([...first.misaddressed, ...second.misaddressed]).toEqual([])
    reloaded.destroy()
    second.page.stop()
  })
})
