// The dapp's EIP-1193 provider (`portico.getProvider('eip155')`) over a real connection:
// the injected dev wallet on two local anvil chains, through createPortico's real store
// and sagas. What a dapp sees: requests, events, errors.
import { createPublicClient, createWalletClient, custom, http, parseEventLogs, verifyMessage, type Address } from 'viem'
import { devAccounts } from '../../../dev/chain/devAccounts'
import { NotConnectedError, PorticoError, RpcError } from '../../errors'
import { connectDevWallet, devWalletPorticos } from '../../test/devWalletPortico'
import { rejection } from '../../test/rejection'
import { untilState } from '../../test/untilState'
import type { Eip1193EventMap, Eip1193EventName } from './dappProvider'

jest.setTimeout(60_000)

const env = devWalletPorticos()
const { start } = env

/** Every event the provider emits, in order. */
function record(provider: { on<E extends Eip1193EventName>(event: E, listener: (payload: Eip1193EventMap[E]) => void): unknown }) {
  const events: [Eip1193EventName, unknown][] = []
  for (const name of ['connect', 'accountsChanged', 'chainChanged', 'disconnect'] as const) provider.on(name, (payload) => events.push([name, payload]))
  return events
}

describe('getProvider while nothing is connected', () => {
  it('throws NotConnectedError at once instead of handing out a provider that hangs', () => {
    const { portico } = start()
    expect(() => portico.getProvider('eip155')).toThrow(NotConnectedError)
    expect(() => portico.getProvider('eip155')).toThrow("No wallet is connected for 'eip155'. Connect one through the Portico modal first.")
  })

  it('refuses a namespace no plugin serves, naming it', () => {
    const { portico } = start()
    expect(() => portico.getProvider('acme')).toThrow(PorticoError)
    expect(() => portico.getProvider('acme')).toThrow("No plugin serves the 'acme' namespace. Add it to config.plugins.")
    expect(() => portico.getProvider('acme')).toThrow(expect.objectContaining({ messageKey: 'noPluginForNamespace', messageParams: { namespace: 'acme' } }))
  })

  it('with allowDisconnected: no accounts, the default chain, and wallet requests refused with 4900', async () => {
    const { portico } = start()
    const provider = portico.getProvider('eip155', { allowDisconnected: true })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    const error = await rejection(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', devAccounts[0]!.address] }))
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(4900)
  })

  it('eth_requestAccounts opens the modal on Connect and resolves with the account the visitor connects', async () => {
    const { portico, wallet } = start({ account: 2 })
    const provider = portico.getProvider('eip155', { allowDisconnected: true })
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    expect(portico.getState().modal.open).toBe(true)
    expect(portico.getState().router.history.at(-1)?.view).toBe('Connect')
    await connectDevWallet(portico)
    expect(await accounts).toEqual([wallet.address])
  })

  it('eth_requestAccounts rejects with 4001 when the visitor closes the modal without connecting', async () => {
    const { portico } = start()
    const provider = portico.getProvider('eip155', { allowDisconnected: true })
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    portico.close()
    const error = await rejection(accounts)
    expect((error as RpcError).code).toBe(4001)
  })
})

describe('getProvider over the connected dev wallet', () => {
  it('is one object for the instance, reports the connection and sends wallet requests to the wallet', async () => {
    const { portico, wallet } = start({ account: 3 })
    await connectDevWallet(portico)
    const provider = portico.getProvider('eip155')
    expect(portico.getProvider('eip155')).toBe(provider)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([wallet.address])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    const signature = (await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] })) as `0x${string}`
    expect(await verifyMessage({ address: wallet.address, message: 'hello', signature })).toBe(true)
  })

  it('drives a viem WalletClient: a contract write mined on the local chain', async () => {
    const { portico, wallet } = start({ account: 5 })
    await connectDevWallet(portico)
    const client = createWalletClient({ transport: custom(portico.getProvider('eip155')) })
    const [account] = await client.getAddresses()
    expect(account).toBe(wallet.address)
    const nft = env.dev.chains[0]!.nft
    const hash = await client.writeContract({ account: account!, chain: null, address: nft.address, abi: nft.abi, functionName: 'mint', args: [account!] })
    const chain = createPublicClient({ transport: http(env.dev.chains[0]!.rpcUrl) })
    const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    const [transfer] = parseEventLogs({ abi: nft.abi, eventName: 'Transfer', logs: receipt.logs })
    expect(transfer?.args.to).toBe(account)
    expect(await chain.readContract({ address: nft.address, abi: nft.abi, functionName: 'ownerOf', args: [transfer!.args.tokenId] })).toBe(account)
  })

  it('emits connect and accountsChanged when the visitor connects in the modal', async () => {
    const { portico, wallet } = start({ account: 3 })
    const events = record(portico.getProvider('eip155', { allowDisconnected: true }))
    await connectDevWallet(portico)
    expect(events).toEqual([
      ['connect', { chainId: '0x1' }],
      ['accountsChanged', [wallet.address]],
    ])
  })

  it('emits accountsChanged and chainChanged when the wallet changes account and chain', async () => {
    const { portico, wallet } = start({ account: 3 })
    await connectDevWallet(portico)
    const provider = portico.getProvider('eip155')
    const events = record(provider)
    wallet.setAccount(devAccounts[6]!.privateKey)
    await untilState(portico, (s) => s.account.byNamespace.eip155?.address === devAccounts[6]!.address, 15_000)
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    await untilState(portico, (s) => s.account.byNamespace.eip155?.caipAddress?.startsWith('eip155:10:') === true, 15_000)
    expect(events).toEqual([
      ['accountsChanged', [devAccounts[6]!.address]],
      ['chainChanged', '0xa'],
    ])
  })

  it('wallet_switchEthereumChain moves the wallet and the modal together; a chain the dapp lacks is 4902', async () => {
    const { portico, wallet } = start({ account: 3 })
    await connectDevWallet(portico)
    const provider = portico.getProvider('eip155')
    const events = record(provider)
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })).toBeNull()
    expect(wallet.chainId).toBe(10)
    expect(portico.getState().network.activeCaipNetworkId).toBe('eip155:10')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')
    expect(events).toEqual([['chainChanged', '0xa']])
    const error = await rejection(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }))
    expect((error as RpcError).code).toBe(4902)
    expect(portico.getState().network.activeCaipNetworkId).toBe('eip155:10')
  })

  it('a switch made in the modal reaches the dapp as chainChanged', async () => {
    const { portico } = start({ account: 3 })
    await connectDevWallet(portico)
    const events = record(portico.getProvider('eip155'))
    await portico.switchNetwork('eip155:10')
    expect(events).toEqual([['chainChanged', '0xa']])
  })

  it('a disconnect in the modal emits accountsChanged([]) then disconnect (4900); later wallet requests are refused with 4900', async () => {
    const { portico, wallet } = start({ account: 3 })
    await connectDevWallet(portico)
    const provider = portico.getProvider('eip155')
    const events = record(provider)
    await portico.disconnect()
    expect(events.map(([name]) => name)).toEqual(['accountsChanged', 'disconnect'])
    expect(events[0]![1]).toEqual([])
    expect((events[1]![1] as RpcError).code).toBe(4900)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    const error = await rejection(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', wallet.address] }))
    expect((error as RpcError).code).toBe(4900)
    expect(() => portico.getProvider('eip155')).toThrow(NotConnectedError)
  })

  it('wallet_revokePermissions disconnects through Portico, so the modal shows it too', async () => {
    const { portico } = start({ account: 3 })
    await connectDevWallet(portico)
    await portico.getProvider('eip155').request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(portico.getState().account.byNamespace.eip155?.status).toBe('disconnected')
    expect(portico.getState().connectors.active.eip155).toBeUndefined()
  })

  it('a wallet refusal reaches the dapp with its code (4001)', async () => {
    const { portico, wallet } = start({ account: 3, wallet: { approve: ({ method }) => method !== 'personal_sign' } })
    await connectDevWallet(portico)
    const error = await rejection(portico.getProvider('eip155').request({ method: 'personal_sign', params: ['0x68656c6c6f', wallet.address as Address] }))
    expect((error as { code?: unknown }).code).toBe(4001)
  })

  it('stops emitting once the instance is destroyed', async () => {
    const { portico, wallet } = start({ account: 3 })
    await connectDevWallet(portico)
    const events = record(portico.getProvider('eip155'))
    portico.destroy()
    wallet.setAccount(devAccounts[7]!.privateKey)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(events).toEqual([])
  })
})
