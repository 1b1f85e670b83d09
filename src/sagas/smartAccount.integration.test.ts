/**
 * The embedded wallet's account type through the dapp's real sagas and store
 * (`createPortico`, the real frame client in a jsdom page) and the real secure page logic,
 * against the REAL reference server (auth, bundler route, smart-account networks)
 * and a REAL anvil chain with EntryPoint v0.7, the factory and Alto in front of it: SPEC §9's default puts the
 * smart account in effect, `switchAccountType` moves to the EOA and back, the address,
 * account list and balance follow; a dapp's `defaultAccountTypes: { eip155: 'eoa' }` starts
 * on the EOA. A dapp on wagmi (`porticoConnector`) whose unfunded smart account sends
 * hears the bundler's AA21 in words, with a code it can test.
 */
import { JSDOM } from 'jsdom'
import { connect, createConfig, sendCalls, writeContract } from '@wagmi/core'
import { BaseError, createPublicClient, defineChain, http, parseAbi, parseEther } from 'viem'
import { startLocalBundlerChain, type LocalBundlerChain } from '../../dev/chain/alto'
import { type LocalChain } from '../../dev/chain/localChain'
import { createSmartAccounts } from '../../secure/accountType'
import { createMemoryStore } from '../../secure/session'
import { createDeviceProver } from '../../secure/deviceKey'
import { SECURE_ORIGIN, startAuthTestServer, type AuthTestServer } from '../../server/test/authServer'
import { tempSqliteFile, type TempSqliteFile } from '../../server/test/sqlite'
import type { AccountType } from '../config/constants'
import { createPortico, type Portico } from '../createPortico'
import { LoginCacheKeys } from '../frame'
import { eip155 } from '../plugins/eip155'
import { embeddedActions } from '../store/slices/embedded'
import { smartAccountActions } from '../store/slices/smartAccount'
import { testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import type { CaipNetwork } from '../types/network'
import { connectSecurePage, DAPP_ORIGIN, fromSecureOrigin } from '../test/secureFrameBridge'
import { lazyState } from '../store/lazyState'
import { rejection } from '../test/rejection'
import { porticoConnector } from '../wagmi'

jest.setTimeout(90_000)

let server: AuthTestServer
let chain: LocalChain
let bundlerChain: LocalBundlerChain
let sqlite: TempSqliteFile

beforeAll(async () => {
  sqlite = tempSqliteFile()
  bundlerChain = await startLocalBundlerChain({ chainId: 1 })
  chain = bundlerChain.chain
  server = await startAuthTestServer({
    database: { sqliteFile: sqlite.file },
    blockchain: { chains: [{ chainId: 'eip155:1', rpcUrl: chain.rpcUrl }] },
    bundlers: { urls: { 'eip155:1': bundlerChain.alto.url } },
  })
})
afterAll(async () => {
  await Promise.all([server?.close(), bundlerChain?.stop()])
  sqlite?.remove()
})

async function login(defaultAccountTypes?: Partial<Record<string, AccountType>>) {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: `${DAPP_ORIGIN}/` })
  const network: CaipNetwork = { ...testNetwork(1, 'Local'), rpcUrls: { default: { http: [chain.rpcUrl] } } }
  const plugin = eip155({ networks: [network] })
  const portico: Portico = createPortico(
    {
      projectId: 'shop',
      plugins: [plugin],
      metadata: { name: 'Shop', description: 'A shop', url: DAPP_ORIGIN, icons: [] },
      endpoints: { secureFrame: SECURE_ORIGIN, blockchainApi: server.baseUrl, walletListing: server.baseUrl },
      features: { analytics: false },
      devtools: false,
      ...(defaultAccountTypes ? { defaultAccountTypes } : {}),
    },
    { window: dom.window as unknown as Window, storage: dom.window.localStorage },
  )
  const email = `smart.${crypto.randomUUID()}@example.com`
  portico.store.dispatch(embeddedActions.emailSubmitted({ email }))
  const secureStorage = createMemoryStore()
  const secure = await connectSecurePage(dom, {
    secureStorage,
    prove: createDeviceProver({ now: () => server.clock.now }),
    apiUrl: server.baseUrl,
    rpcUrls: { 'eip155:1': chain.rpcUrl },
    smartAccounts: createSmartAccounts({ apiUrl: server.baseUrl, projectId: 'shop', rpcUrls: { 'eip155:1': chain.rpcUrl }, store: secureStorage, fetch: fromSecureOrigin }),
  })
  await untilState(portico, (s) => lazyState(s, 'embedded').step === 'VERIFY_OTP', 15_000)
  portico.store.dispatch(embeddedActions.otpSubmitted({ otp: server.latestCode(email) }))
  await untilState(portico, (s) => s.account.byNamespace.eip155?.allAccounts.length === 2, 20_000)
  return { portico, secure, dom }
}

describe('account type through the dapp sagas', () => {
  it('starts on the smart account (SPEC §9), switches to the EOA and back; the address, the accounts and the balance follow', async () => {
    const { portico, secure, dom } = await login()
    const state = () => portico.getState()
    const accounts = state().account.byNamespace.eip155!.allAccounts
    const eoa = accounts.find((a) => a.type === 'eoa')!.address
    const smart = accounts.find((a) => a.type === 'smartAccount')!.address
    expect(lazyState(state(), 'smartAccount').enabledNetworks).toEqual(['eip155:1'])
    expect(JSON.parse(dom.window.localStorage.getItem(LoginCacheKeys.smartAccountEnabledNetworks)!)).toEqual([1])
    await untilState(portico, (s) => s.account.byNamespace.eip155?.address === smart, 10_000)
    expect(state().account.byNamespace.eip155).toMatchObject({ preferredAccountTypes: { eip155: 'smartAccount' }, smartAccountDeployed: false, user: { preferredAccountType: 'smartAccount' } })

    // Fund the EOA only: its balance shows once the switch lands on it.
    await createPublicClient({ transport: http(chain.rpcUrl) }).request({ method: 'anvil_setBalance' as never, params: [eoa, `0x${parseEther('2').toString(16)}`] as never })
    portico.store.dispatch(smartAccountActions.switchAccountType({ namespace: 'eip155', type: 'eoa' }))
    await untilState(portico, (s) => s.account.byNamespace.eip155?.address === eoa && lazyState(s, 'smartAccount').switchingTo === undefined, 15_000)
    expect(state().account.byNamespace.eip155).toMatchObject({ caipAddress: `eip155:1:${eoa}`, preferredAccountTypes: { eip155: 'eoa' }, user: { address: eoa, preferredAccountType: 'eoa' } })
    await untilState(portico, (s) => s.account.byNamespace.eip155?.balance === '2', 15_000)

    portico.store.dispatch(smartAccountActions.switchAccountType({ namespace: 'eip155', type: 'smartAccount' }))
    await untilState(portico, (s) => s.account.byNamespace.eip155?.address === smart && lazyState(s, 'smartAccount').switchingTo === undefined, 15_000)
    await untilState(portico, (s) => s.account.byNamespace.eip155?.balance === '0', 15_000)
    expect(secure.misaddressed).toEqual([])
    portico.destroy()
    secure.page.stop()
  })

  it("a dapp's defaultAccountTypes { eip155: 'eoa' } starts embedded users on their EOA", async () => {
    const { portico, secure } = await login({ eip155: 'eoa' })
    const eoa = portico.getState().account.byNamespace.eip155!.allAccounts.find((a) => a.type === 'eoa')!.address
    await untilState(portico, (s) => s.account.byNamespace.eip155?.address === eoa && s.account.byNamespace.eip155?.user?.preferredAccountType === 'eoa', 15_000)
    expect(portico.getState().account.byNamespace.eip155!.preferredAccountTypes).toEqual({ eip155: 'eoa' })
    // Only the embedded EVM account has types to switch between.
    portico.store.dispatch(smartAccountActions.switchAccountType({ namespace: 'solana', type: 'smartAccount' }))
    expect(lazyState(portico.getState(), 'smartAccount')).toMatchObject({ switchingTo: undefined, error: { code: null, key: 'errors.accountTypeEmailOnly', params: {} } })
    expect(portico.getState().account.byNamespace.eip155!.address).toBe(eoa)
    portico.destroy()
    secure.page.stop()
  })

  it("wagmi's writeContract and sendCalls from an unfunded smart account reject with the sentence and the code AA21, asked once", async () => {
    const { portico, secure } = await login()
    const smart = portico.getState().account.byNamespace.eip155!.allAccounts.find((a) => a.type === 'smartAccount')!.address as `0x${string}`
    await untilState(portico, (s) => s.account.byNamespace.eip155?.address === smart, 10_000)
    const local = defineChain({ id: 1, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } })
    const config = createConfig({ chains: [local], connectors: [porticoConnector({ portico })], transports: { 1: http(chain.rpcUrl) }, storage: null, multiInjectedProviderDiscovery: false })
    await connect(config, { connector: config.connectors[0]! })
    const asked = () => secure.methods.filter((method) => method === 'eth_sendTransaction' || method === 'wallet_sendCalls').length

    const written = (await rejection(writeContract(config, { address: smart, abi: parseAbi(['function mint(address)']), functionName: 'mint', args: [smart] }))) as BaseError
    expect(written).toBeInstanceOf(BaseError)
    expect(written.shortMessage).toBe('This account has no ETH to pay the network fee')
    expect(written.walk((e) => (e as { code?: unknown }).code === 'AA21')).toMatchObject({ name: 'NoFundsForFeeError', code: 'AA21' })
    expect(asked()).toBe(1)

    const called = (await rejection(sendCalls(config, { calls: [{ to: smart, value: 1n }] }))) as BaseError
    expect(called.shortMessage).toBe('This account has no ETH to pay the network fee')
    expect(called.walk((e) => (e as { code?: unknown }).code === 'AA21')).toMatchObject({ name: 'NoFundsForFeeError', code: 'AA21' })
    expect(asked()).toBe(2)
    portico.destroy()
    secure.page.stop()
  })
})
