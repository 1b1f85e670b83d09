/**
 * The embedded user's Solana account end to end (issue 9), nothing stubbed but the
 * browser's window plumbing: `createPortico` with the eip155 AND solana plugins, the real
 * frame client in a jsdom page, the real secure page logic, the REAL reference server
 * (both keys of the user, SQLite) and the REAL Solana runtime (LiteSVM behind the local
 * JSON-RPC stand-in). Email → code → the same user connected in both namespaces →
 * switch to the Solana network → `portico.signMessage` is an ed25519 signature of the
 * user's Solana key → SOL sent from the embedded account → reload restores both →
 * disconnect clears both.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { address as toAddress, createSolanaRpc, getBase58Encoder } from '@solana/kit'
import { JSDOM } from 'jsdom'
import { verifyMessage, type Hex } from 'viem'
import { startLocalChain, type LocalChain } from '../../dev/chain/localChain'
import { solanaLocalnet, startSolanaRpc, type SolanaRpc } from '../../dev/solana'
import { createMemoryStore } from '../../secure/session'
import { createDeviceProver } from '../../secure/deviceKey'
import { SECURE_ORIGIN, startAuthTestServer, type AuthTestServer } from '../../server/test/authServer'
import { tempSqliteFile, type TempSqliteFile } from '../../server/test/sqlite'
import { createPortico, type Portico } from '../createPortico'
import { eip155 } from '../plugins/eip155'
import { solana } from '../plugins/solana'
import { embeddedActions } from '../store/slices/embedded'
import { testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import type { CaipNetwork } from '../types/network'
import { connectSecurePage, DAPP_ORIGIN } from '../test/secureFrameBridge'
import { lazyState } from '../store/lazyState'

jest.setTimeout(90_000)

let server: AuthTestServer
let chain: LocalChain
let solanaRpc: SolanaRpc
let sqlite: TempSqliteFile

beforeAll(async () => {
  sqlite = tempSqliteFile()
  ;[server, chain, solanaRpc] = await Promise.all([startAuthTestServer({ database: { sqliteFile: sqlite.file } }), startLocalChain({ chainId: 1 }), startSolanaRpc()])
})
afterAll(async () => {
  await Promise.all([server?.close(), chain?.stop(), solanaRpc?.stop()])
  sqlite?.remove()
})

describe('the embedded user in both namespaces against the reference server, a local chain and LiteSVM', () => {
  it('connects eip155 and solana with the same user, signs on Solana with ed25519, sends SOL, restores both on reload, clears both on disconnect', async () => {
    const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: `${DAPP_ORIGIN}/` })
    const secureStorage = createMemoryStore()
    // One browser: its device key outlives the page's reload, as IndexedDB keeps it.
    const prove = createDeviceProver({ now: () => server.clock.now })
    const evmNetwork: CaipNetwork = { ...testNetwork(1, 'Local'), rpcUrls: { default: { http: [chain.rpcUrl] } } }
    const solanaNetwork = solanaLocalnet(solanaRpc.url)
    const rpcUrls = { 'eip155:1': chain.rpcUrl, [solanaNetwork.caipNetworkId]: solanaRpc.url }
    const solanaPlugin = solana({ networks: [solanaNetwork] })
    const make = (): Portico =>
      createPortico(
        {
          projectId: 'shop',
          plugins: [eip155({ networks: [evmNetwork] }), solanaPlugin],
          metadata: { name: 'Shop', description: 'A shop', url: DAPP_ORIGIN, icons: [] },
          endpoints: { secureFrame: SECURE_ORIGIN, blockchainApi: server.baseUrl, walletListing: server.baseUrl },
          features: { analytics: false },
          devtools: false,
        },
        { window: dom.window as unknown as Window, storage: dom.window.localStorage },
      )

    const portico = make()
    const email = `grace.${Date.now()}@example.com`
    portico.store.dispatch(embeddedActions.emailSubmitted({ email }))
    const first = await connectSecurePage(dom, { secureStorage, prove, apiUrl: server.baseUrl, rpcUrls })
    await untilState(portico, (s) => lazyState(s, 'embedded').step === 'VERIFY_OTP', 15_000)
    portico.store.dispatch(embeddedActions.otpSubmitted({ otp: server.latestCode(email) }))
    await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected' && s.account.byNamespace.solana?.status === 'connected', 15_000)

    // One user, two addresses, both through the AUTH connector; the EVM network stays the active one.
    const state = portico.getState()
    const evm = state.account.byNamespace.eip155!
    const sol = state.account.byNamespace.solana!
    expect(evm).toMatchObject({ connectedWalletInfo: { connectorId: 'auth', type: 'AUTH' }, user: { email } })
    expect(sol).toMatchObject({
      caipAddress: `${solanaNetwork.caipNetworkId}:${sol.address}`,
      connectedWalletInfo: { connectorId: 'auth', type: 'AUTH' },
      user: { email, address: sol.address },
    })
    expect(evm.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(sol.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(state.connectors.active).toEqual({ eip155: 'auth', solana: 'auth' })
    expect(state.account.activeNamespace).toBe('eip155')
    expect(state.network.activeCaipNetworkId).toBe('eip155:1')
    const evmSignature = await portico.signMessage({ message: 'hello from the EVM side' })
    expect(await verifyMessage({ address: evm.address as Hex, message: 'hello from the EVM side', signature: evmSignature as Hex })).toBe(true)

    // On the Solana network, the dapp's signMessage is the user's ed25519 signature.
    await portico.switchNetwork(solanaNetwork.caipNetworkId)
    expect(portico.getState().account.activeNamespace).toBe('solana')
    const message = 'Hello from the Portico demo'
    const signature = await portico.signMessage({ message })
    const signatureBytes = new Uint8Array(getBase58Encoder().encode(signature))
    const publicKey = new Uint8Array(getBase58Encoder().encode(sol.address!))
    expect(ed25519.verify(signatureBytes, new TextEncoder().encode(message), publicKey)).toBe(true)
    expect(ed25519.verify(signatureBytes, new TextEncoder().encode(`${message}!`), publicKey)).toBe(false)
    // The EVM account is unchanged by the switch.
    expect(portico.getState().account.byNamespace.eip155).toMatchObject({ status: 'connected', address: evm.address })

    // SOL from the embedded account: the plugin's own send, signed and sent by the frame.
    solanaRpc.airdrop(sol.address!, 2_000_000_000n)
    const receiver = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    const txSignature = await solanaPlugin.connectors!.sendTransaction!({ connectorId: 'auth', network: solanaNetwork, from: sol.address!, to: receiver, amount: '250000000' })
    expect(txSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const { value: received } = await createSolanaRpc(solanaRpc.url).getBalance(toAddress(receiver)).send()
    expect(received).toBe(250_000_000n)
    expect(first.methods).toEqual(expect.arrayContaining(['personal_sign', 'solana_signMessage', 'solana_signAndSendTransaction']))

    // Reload: both namespaces come back silently, with the same addresses.
    portico.destroy()
    first.page.stop()
    const reloaded = make()
    const second = await connectSecurePage(dom, { secureStorage, prove, apiUrl: server.baseUrl, rpcUrls })
    await untilState(reloaded, (s) => s.account.byNamespace.eip155?.status === 'connected' && s.account.byNamespace.solana?.status === 'connected', 15_000)
    expect(reloaded.getState().account.byNamespace.eip155).toMatchObject({ address: evm.address, connectedWalletInfo: { type: 'AUTH' } })
    expect(reloaded.getState().account.byNamespace.solana).toMatchObject({ address: sol.address, connectedWalletInfo: { type: 'AUTH' } })

    await reloaded.disconnect()
    expect(reloaded.getState().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(reloaded.getState().account.byNamespace.solana?.status).toBe('disconnected')
    expect(reloaded.getState().connectors.active).toEqual({})
    expect(secureStorage.getItem('portico.secure.session/shop')).toBeNull()
    expect([...first.misaddressed, ...second.misaddressed]).toEqual([])
    reloaded.destroy()
    second.page.stop()
  })
})
