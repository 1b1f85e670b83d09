// wagmi (@wagmi/core, the code under wagmi's React hooks) with `porticoConnector`, over a
// real connection: the injected dev wallet on two local anvil chains, through
// createPortico's real store and sagas. What a wagmi dapp sees and does.
import { connect, createConfig, createStorage, disconnect, getAccount, reconnect, signTypedData, switchChain, waitForTransactionReceipt, watchAccount, writeContract, type Config } from '@wagmi/core'
import { defineChain, http, verifyTypedData, type Chain } from 'viem'
import type { Portico } from '../createPortico'
import { connectDevWallet, devWalletPorticos, memoryKeyValueStore } from '../test/devWalletPortico'
import { untilState } from '../test/untilState'
import { porticoConnector } from './porticoConnector'

jest.setTimeout(60_000)

const env = devWalletPorticos()
const { start } = env
let chains: [Chain, Chain]
beforeAll(() => {
  chains = env.dev.chains.map((c) =>
    defineChain({ id: c.chainId, name: `Local ${c.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } } }),
  ) as unknown as [Chain, Chain]
})

/** A wagmi config as a dapp writes it, with Portico as its connector. */
function wagmiFor(portico: Portico, storage = memoryKeyValueStore()): Config {
  return createConfig({
    chains,
    connectors: [porticoConnector({ portico })],
    transports: Object.fromEntries(chains.map((c) => [c.id, http(c.rpcUrls.default.http[0])])),
    storage: createStorage({ storage }),
    multiInjectedProviderDiscovery: false,
  })
}

/** Resolves once `predicate(getAccount(config))` holds. */
function untilAccount(config: Config, predicate: (account: ReturnType<typeof getAccount>) => boolean, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (predicate(getAccount(config))) return resolve()
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`wagmi account condition not reached; last status ${getAccount(config).status}`))
    }, timeoutMs)
    const stop = watchAccount(config, {
      onChange(account) {
        if (!predicate(account)) return
        clearTimeout(timer)
        stop()
        resolve()
      },
    })
  })
}

const portico = (config: Config) => config.connectors[0]!

describe('porticoConnector', () => {
  it("wagmi's connect opens Portico's modal and resolves with the account the visitor connects there", async () => {
    const { portico: p, wallet } = start({ account: 3 })
    const config = wagmiFor(p)
    const connecting = connect(config, { connector: portico(config) })
    await untilState(p, (s) => s.modal.open, 15_000)
    await connectDevWallet(p)
    expect(await connecting).toEqual({ accounts: [wallet.address], chainId: 1 })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: wallet.address, chainId: 1 })
    expect(getAccount(config).address).toBe(p.getState().account.byNamespace.eip155?.address)
  })

  it("wagmi's connect rejects as a user rejection when the visitor closes the modal", async () => {
    const { portico: p } = start()
    const config = wagmiFor(p)
    const connecting = connect(config, { connector: portico(config) })
    await untilState(p, (s) => s.modal.open, 15_000)
    p.close()
    await expect(connecting).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    expect(getAccount(config).status).toBe('disconnected')
  })

  it('writeContract mints the test NFT on the local chain; signTypedData verifies', async () => {
    const { portico: p, wallet } = start({ account: 4 })
    const config = wagmiFor(p)
    const connecting = connect(config, { connector: portico(config) })
    await connectDevWallet(p)
    await connecting
    const nft = env.dev.chains[0]!.nft
    const hash = await writeContract(config, { address: nft.address, abi: nft.abi, functionName: 'mint', args: [wallet.address] })
    const receipt = await waitForTransactionReceipt(config, { hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    const typedData = {
      domain: { name: 'Portico test', version: '1', chainId: 1 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const
    const signature = await signTypedData(config, typedData)
    expect(await verifyTypedData({ address: wallet.address, signature, ...typedData })).toBe(true)
  })

  it('a connection made in the modal shows in wagmi; a network switch in the modal moves wagmi; a disconnect in the modal disconnects wagmi', async () => {
    const { portico: p, wallet } = start({ account: 3 })
    const config = wagmiFor(p)
    await connectDevWallet(p)
    await untilAccount(config, (a) => a.status === 'connected')
    expect(getAccount(config)).toMatchObject({ address: wallet.address, chainId: 1, connector: { id: 'portico' } })
    await p.switchNetwork('eip155:10')
    await untilAccount(config, (a) => a.chainId === 10)
    await p.disconnect()
    await untilAccount(config, (a) => a.status === 'disconnected')
  })

  it("wagmi's switchChain and disconnect show in the modal", async () => {
    const { portico: p, wallet } = start({ account: 3 })
    const config = wagmiFor(p)
    const connecting = connect(config, { connector: portico(config) })
    await connectDevWallet(p)
    await connecting
    await switchChain(config, { chainId: 10 })
    expect(p.getState().network.activeCaipNetworkId).toBe('eip155:10')
    expect(wallet.chainId).toBe(10)
    expect(getAccount(config).chainId).toBe(10)
    await disconnect(config)
    expect(p.getState().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(getAccount(config).status).toBe('disconnected')
  })

  it('after a reload, wagmi waits for Portico to restore the connection instead of showing it disconnected', async () => {
    const porticoStorage = memoryKeyValueStore()
    const wagmiStorage = memoryKeyValueStore()
    const first = start({ account: 3, storage: porticoStorage })
    const config = wagmiFor(first.portico, wagmiStorage)
    const connecting = connect(config, { connector: portico(config) })
    await connectDevWallet(first.portico)
    await connecting
    first.stop()

    // The next page load: the wallet still authorises the dapp, Portico restores from its storage.
    const second = start({ account: 3, storage: porticoStorage, wallet: { authorized: true } })
    expect(second.portico.getState().connectors.restoring).toEqual({ eip155: 'dev.portico.wallet' })
    const reloaded = wagmiFor(second.portico, wagmiStorage)
    const statuses: string[] = []
    watchAccount(reloaded, { onChange: (account) => statuses.push(account.status) })
    const [connection] = await reconnect(reloaded)
    expect(connection).toMatchObject({ accounts: [second.wallet.address], chainId: 1 })
    expect(getAccount(reloaded)).toMatchObject({ status: 'connected', address: second.wallet.address })
    expect(statuses).not.toContain('disconnected')
    expect(statuses.at(-1)).toBe('connected')
  })

  it('isAuthorized is false, without waiting, when Portico has nothing to restore', async () => {
    const { portico: p } = start()
    const config = wagmiFor(p)
    expect(await portico(config).isAuthorized()).toBe(false)
    expect(await reconnect(config)).toEqual([])
  })
})
