import { createPublicClient, erc20Abi, http, parseEther, parseUnits, verifyMessage, type Address, type Hex } from 'viem'
import { startDevChains, type DevChains } from '../../dev/chain'
import { devAccounts } from '../../dev/chain/devAccounts'
import { startRelay, type Relay } from '../../dev/relay'
import { createWalletConnectDevWallet, type WalletConnectDevWallet } from '../../dev/wallets/walletconnect/wallet'
import type { Portico } from '../createPortico'
import { ConnectorNotFoundError } from '../errors'
import { eip155 } from '../plugins/eip155'
import type { NamespacePlugin } from '../plugins/types'
import { untilState } from '../test/untilState'
import type { TokenBalance } from '../types/tokenBalance'
import { noteSignClientInit, pairedPortico, settleSignClientTimers, until } from '../walletconnect/test/harness'
import { lazyState } from '../store/lazyState'
import { sendActions } from '../store/slices/send'

// Signing and sending over a WalletConnect session through the eip155 plugin's own code:
// the session is attached to the plugin as an EIP-1193 provider. A real sign-client dapp
// (Portico's, lazily loaded) and a real sign-client wallet pair through the local relay;
// the wallet signs with a dev key and sends to real anvil chains.
jest.setTimeout(60_000)

let chains: DevChains
let relay: Relay
let wallet: WalletConnectDevWallet
let portico: Portico
let plugin: NamespacePlugin
let topic: string
/** The wallet's user says no to every request while set. */
let refuse = false
/** Every request the wallet received, as it received it. */
const received: { method: string; params: unknown }[] = []
const receiver = devAccounts[7]!.address
const visitor = devAccounts[0]!.address

const client = (index: number) => createPublicClient({ transport: http(chains.chains[index]!.rpcUrl) })
const account = () => portico.getState().account.byNamespace.eip155!

beforeAll(async () => {
  ;[chains, relay] = await Promise.all([startDevChains(), startRelay()])
  wallet = await createWalletConnectDevWallet({
    relayUrl: relay.url,
    rpcUrls: chains.rpcUrls,
    decideRequest: (request) => (received.push({ method: request.method, params: request.params }), !refuse),
  })
  noteSignClientInit()
  plugin = eip155({ networks: chains.networks })
  portico = await pairedPortico({ relay, wallet, plugins: [plugin], connected: (s) => s.account.byNamespace.eip155?.status === 'connected' })
  topic = wallet.sessions()[0]!.topic
})

afterAll(async () => {
  portico?.destroy()
  await until(() => relay.connections() <= 1).catch(() => undefined)
  await wallet?.destroy()
  await relay?.stop()
  await chains?.stop()
  await settleSignClientTimers()
})

const connectorId = 'walletConnect'

function native(): TokenBalance {
  return { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 0, price: 0, quantity: { decimals: '18', numeric: '1' }, iconUrl: '' }
}

async function send(token: TokenBalance, amount: string): Promise<{ hash: Hex; views: string[] }> {
  const views: string[] = []
  const stop = portico.subscribe(() => {
    const view = portico.getState().router.history.at(-1)?.view
    if (view && views.at(-1) !== view) views.push(view)
  })
  portico.open({ view: 'Send' })
  portico.store.dispatch(sendActions.tokenSet(token))
  portico.store.dispatch(sendActions.amountSet(amount))
  portico.store.dispatch(sendActions.receiverSet({ address: receiver }))
  portico.store.dispatch(sendActions.sendRequested())
  await untilState(portico, (s) => lazyState(s, 'send').status === 'sent' || lazyState(s, 'send').status === 'failed', 20_000)
  stop()
  const { status, error, hash } = lazyState(portico.getState(), 'send') as { status: string; error?: string; hash?: Hex }
  if (status !== 'sent') throw new Error(`send failed: ${error}`)
  return { hash: hash!, views }
}

describe('a WalletConnect session drives the eip155 plugin', () => {
  it('connects through the plugin: the session is its provider', async () => {
    expect(account()).toMatchObject({ caipAddress: `eip155:1:${visitor}`, connectedWalletInfo: { connectorId, type: 'WALLET_CONNECT' } })
    // The plugin's silent reconnect reads the provider: the session's accounts and chain, no round trip.
    await expect(plugin.connectors!.reconnect!({ connectorId, network: chains.networks[0]! })).resolves.toEqual({
      address: visitor,
      accounts: [{ address: visitor }],
      caipNetworkId: 'eip155:1',
    })
  })

  it('signs a message the wallet signs with its key; viem verifies it', async () => {
    const message = 'Sign in to Portico over WalletConnect'
    const signature = await plugin.connectors!.signMessage!({ connectorId, address: visitor, message })
    expect(await verifyMessage({ address: visitor, message, signature: signature as Hex })).toBe(true)
  })

  it('sends ETH with the ApproveTransaction view; the transfer is mined on the local chain', async () => {
    const before = await client(0).getBalance({ address: receiver })
    const { hash, views } = await send(native(), '0.25')
    expect(views).toContain('ApproveTransaction')
    const receipt = await client(0).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(visitor.toLowerCase())
    expect(await client(0).getBalance({ address: receiver })).toBe(before + parseEther('0.25'))
  })

  it('sends the ERC-20 test token', async () => {
    const token = chains.chains[0]!.token
    const balanceOf = () => client(0).readContract({ address: token.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })
    const before = await balanceOf()
    const ptt: TokenBalance = { ...native(), name: token.symbol, symbol: token.symbol, address: `eip155:1:${token.address}`, quantity: { decimals: '18', numeric: '100' } }
    const { hash } = await send(ptt, '3.5')
    expect((await client(0).waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await balanceOf()).toBe(before + parseUnits('3.5', 18))
  })

  it('EIP-5792: capabilities, wallet_sendCalls and its status go through the session', async () => {
    const capabilities = await plugin.evm!.getCapabilities!({ connectorId, address: visitor })
    expect(capabilities['0x1']).toEqual({ atomic: { status: 'unsupported' } })
    const before = await client(0).getBalance({ address: receiver })
    const { id } = await plugin.evm!.sendCalls!({
      connectorId,
      network: chains.networks[0]!,
      from: visitor,
      calls: [
        { to: receiver, value: parseEther('0.01').toString() },
        { to: receiver, value: parseEther('0.02').toString() },
      ],
    })
    let status = await plugin.evm!.getCallsStatus!({ connectorId, id })
    for (let i = 0; status.status === 100 && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      status = await plugin.evm!.getCallsStatus!({ connectorId, id })
    }
    expect(status).toMatchObject({ status: 200, atomic: false, chainId: '0x1' })
    expect(status.receipts).toHaveLength(2)
    expect(await client(0).getBalance({ address: receiver })).toBe(before + parseEther('0.03'))
  })

  it("ERC-7677: the dapp's paymasterService capability reaches the wallet untouched, through getProvider('eip155')", async () => {
    const capabilities = { paymasterService: { url: 'https://paymaster.example/rpc?key=abc', context: { policyId: 'p-1' }, optional: true }, 'x-custom': { kept: [1, 'two'] } }
    const { id } = (await portico.getProvider('eip155').request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x1', from: visitor, atomicRequired: false, calls: [{ to: receiver, value: '0x1' }], capabilities }],
    })) as { id: string }
    expect(id).toEqual(expect.any(String))
    const sent = received.filter((request) => request.method === 'wallet_sendCalls').at(-1)!
    expect((sent.params as [{ capabilities: unknown }])[0].capabilities).toEqual(capabilities)
  })

  it('follows the wallet to another chain and sends there', async () => {
    await wallet.emitChainChanged(topic, 10)
    await untilState(portico, (s) => s.network.activeCaipNetworkId === 'eip155:10', 5000)
    expect(account().caipAddress).toBe(`eip155:10:${visitor}`)
    const before = await client(1).getBalance({ address: receiver })
    const { hash } = await send({ ...native(), chainId: 'eip155:10' }, '0.5')
    expect((await client(1).waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client(1).getBalance({ address: receiver })).toBe(before + parseEther('0.5'))
  })

  it('a refusal in the wallet reaches the dapp as the wallet said it (4001), and a failing send returns to the form', async () => {
    refuse = true
    try {
      await expect(plugin.connectors!.signMessage!({ connectorId, address: visitor, message: 'no' })).rejects.toMatchObject({ code: 4001 })
      portico.open({ view: 'Send' })
      portico.store.dispatch(sendActions.tokenSet({ ...native(), chainId: 'eip155:10' }))
      portico.store.dispatch(sendActions.amountSet('0.1'))
      portico.store.dispatch(sendActions.receiverSet({ address: receiver }))
      portico.store.dispatch(sendActions.sendRequested())
      await untilState(portico, (s) => lazyState(s, 'send').status === 'failed', 20_000)
      expect(lazyState(portico.getState(), 'send').error?.code).toBe(4001)
      expect(portico.getState().router.history.at(-1)?.view).toBe('Send')
    } finally {
      refuse = false
    }
  })

  it('session_delete disconnects and detaches the provider from the plugin', async () => {
    await wallet.disconnect(topic)
    await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'disconnected', 5000)
    expect(lazyState(portico.getState(), 'walletConnect').status).toBe('idle')
    await expect(plugin.connectors!.signMessage!({ connectorId, address: visitor, message: 'gone' })).rejects.toBeInstanceOf(ConnectorNotFoundError)
  })
})
