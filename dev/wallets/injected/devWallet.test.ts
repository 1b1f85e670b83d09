import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { devAccounts } from '../../chain/devAccounts'
import { startLocalChain, type LocalChain } from '../../chain/localChain'
import { buildDevWallet } from './build'
import { DEV_WALLET_NAME, DEV_WALLET_RDNS, createDevWalletProvider, installDevWallet, type DevWalletOptions } from './index'
import { createTestHost } from './testing'

let chain: LocalChain
let chainTen: LocalChain
beforeAll(async () => {
  ;[chain, chainTen] = await Promise.all([startLocalChain({ chainId: 1 }), startLocalChain({ chainId: 10 })])
})
afterAll(() => Promise.all([chain?.stop(), chainTen?.stop()]))

const [alice, bob] = devAccounts as [(typeof devAccounts)[0], (typeof devAccounts)[0]]
const wallet = (options: Partial<DevWalletOptions> = {}) => createDevWalletProvider({ rpcUrls: { 1: chain.rpcUrl }, privateKey: alice.privateKey, ...options })

async function codeOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise
  } catch (error) {
    return (error as { code?: number }).code
  }
  throw new Error('expected a rejection')
}

describe('dev wallet provider (EIP-1193)', () => {
  it('shares its account only after eth_requestAccounts, and says so with events', async () => {
    const provider = wallet()
    const accountsChanged: unknown[] = []
    provider.on('accountsChanged', (accounts) => accountsChanged.push(accounts))
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([alice.address])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([alice.address])
    expect(accountsChanged).toEqual([[alice.address]])
  })

  it('signs with personal_sign (either parameter order) and eth_signTypedData_v4', async () => {
    const provider = wallet({ authorized: true })
    const message = 'hello portico'
    const hex = `0x${Buffer.from(message).toString('hex')}`
    const signature = (await provider.request({ method: 'personal_sign', params: [hex, alice.address] })) as Hex
    expect(await verifyMessage({ address: alice.address, message, signature })).toBe(true)
    expect(await provider.request({ method: 'personal_sign', params: [alice.address, hex] })).toBe(signature)

    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 1 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'hi' },
    }
    const typedSignature = (await provider.request({ method: 'eth_signTypedData_v4', params: [alice.address, JSON.stringify(typed)] })) as Hex
    expect(await verifyTypedData({ address: alice.address, ...typed, signature: typedSignature })).toBe(true)
  })

  it('refuses to sign or send before it is authorised, or for an address it does not hold (4100)', async () => {
    expect(await codeOf(wallet().request({ method: 'personal_sign', params: ['0x00', alice.address] }))).toBe(4100)
    expect(await codeOf(wallet({ authorized: true }).request({ method: 'personal_sign', params: ['0x00', bob.address] }))).toBe(4100)
    expect(await codeOf(wallet().request({ method: 'eth_sendTransaction', params: [{ from: alice.address, to: bob.address }] }))).toBe(4100)
  })

  it('sends a transaction on its chain and forwards reads to the node', async () => {
    const provider = wallet({ authorized: true })
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: bob.address })
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: alice.address, to: bob.address, value: `0x${parseEther('2').toString(16)}` }],
    })) as Hex
    await client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(await client.getBalance({ address: bob.address })).toBe(before + parseEther('2'))
    expect(await provider.request({ method: 'eth_getBalance', params: [bob.address, 'latest'] })).toBe(`0x${(before + parseEther('2')).toString(16)}`)
  })

  it('passes node refusals on with the node code and words', async () => {
    const provider = wallet({ authorized: true })
    const error = (await provider
      .request({ method: 'eth_sendTransaction', params: [{ from: alice.address, to: bob.address, value: `0x${parseEther('1000000').toString(16)}` }] })
      .catch((e: unknown) => e)) as { code: number; message: string }
    expect(error.message).toMatch(/insufficient funds/i)
    expect(typeof error.code).toBe('number')
  })

  it('switches only to chains it knows (4902 otherwise), and learns chains from wallet_addEthereumChain', async () => {
    const provider = wallet({ authorized: true })
    const chainChanged: unknown[] = []
    provider.on('chainChanged', (id) => chainChanged.push(id))
    expect(await codeOf(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }))).toBe(4902)
    const add = (rpcUrl: string) =>
      provider.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0xa', chainName: 'OP', rpcUrls: [rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      })
    expect(await codeOf(add(chain.rpcUrl))).toBe(-32602) // that URL serves chain 1, not 10
    await add(chainTen.rpcUrl)
    expect(provider.chainId).toBe(1) // adding does not switch
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')
    expect(chainChanged).toEqual(['0xa'])
    expect(await codeOf(provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x5', rpcUrls: ['javascript:alert(1)'] }] }))).toBe(-32602)
  })

  it('rejects with 4001 when the visitor declines and 4200 for methods it lacks', async () => {
    expect(await codeOf(wallet({ approve: () => false }).request({ method: 'eth_requestAccounts' }))).toBe(4001)
    expect(await codeOf(wallet({ unsupportedMethods: ['wallet_switchEthereumChain'] }).request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))).toBe(4200)
    expect(await codeOf(wallet().request({ method: 'wallet_watchAsset' }))).toBe(4200)
  })

  it('revokes its permission and drops the page', async () => {
    const provider = wallet({ authorized: true })
    const accountsChanged: unknown[] = []
    provider.on('accountsChanged', (accounts) => accountsChanged.push(accounts))
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(accountsChanged).toEqual([[]])
  })

  it('tells the page when its authorisation starts and ends, so the page can remember it across reloads', async () => {
    const changes: boolean[] = []
    const provider = wallet({ onAuthorizedChange: (authorized) => changes.push(authorized) })
    await provider.request({ method: 'eth_requestAccounts' })
    await provider.request({ method: 'eth_requestAccounts' })
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(changes).toEqual([true, false])
  })
})

describe('installDevWallet (EIP-6963)', () => {
  it('announces itself on install and on every request, and as window.ethereum when asked', () => {
    const host = createTestHost()
    const details: { info: { name: string; rdns: string; icon: string; uuid: string }; provider: unknown }[] = []
    host.addEventListener('eip6963:announceProvider', (event) => details.push((event as CustomEvent).detail))
    const installed = installDevWallet({ rpcUrls: { 1: chain.rpcUrl }, window: host, legacy: true })
    host.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
    expect(details[0]).toBe(details[1])
    expect(details[0]!.info).toMatchObject({ name: DEV_WALLET_NAME, rdns: DEV_WALLET_RDNS })
    expect(details[0]!.info.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Object.isFrozen(details[0]!.info)).toBe(true)
    expect(details[0]!.provider).toBe(installed.provider)
    expect(host.ethereum).toBe(installed.provider)

    installed.uninstall()
    host.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
    expect(host.ethereum).toBeUndefined()
  })
})

describe('browser bundle', () => {
  it('builds one classic script that installs the wallet from PORTICO_DEV_WALLET', async () => {
    const outdir = await mkdtemp(path.join(os.tmpdir(), 'portico-dev-wallet-'))
    try {
      const { script, configScript } = await buildDevWallet({ outdir, config: { rpcUrls: { 1: chain.rpcUrl } } })
      expect((await stat(path.join(outdir, script))).size).toBeGreaterThan(10_000)
      // Run both scripts as a page would, in a fresh global scope whose window is an EventTarget.
      const page = createTestHost()
      const announced: unknown[] = []
      page.addEventListener('eip6963:announceProvider', (event) => announced.push((event as CustomEvent).detail))
      const context = vm.createContext({
        window: page,
        console,
        fetch,
        crypto: globalThis.crypto,
        btoa,
        atob,
        TextEncoder,
        TextDecoder,
        URL,
        AbortController,
        Headers,
        Event,
        CustomEvent,
        EventTarget,
        setTimeout,
        clearTimeout,
      })
      vm.runInContext(await readFile(path.join(outdir, configScript), 'utf8'), context)
      vm.runInContext(await readFile(path.join(outdir, script), 'utf8'), context)
      expect(announced).toHaveLength(1)
      const provider = (announced[0] as { provider: { request(a: { method: string }): Promise<unknown> } }).provider
      expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([alice.address])
      expect(await provider.request({ method: 'eth_blockNumber' })).toMatch(/^0x[0-9a-f]+$/)
    } finally {
      await rm(outdir, { recursive: true, force: true })
    }
  })
})
