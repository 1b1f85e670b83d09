// The bip122() plugin as core uses it, against the real local stand-ins: the Esplora
// API (dev/esplora, which checks every input signature) and the sats-connect dev wallet
// (dev/wallets/bitcoin, real keys and PSBTs). sats-connect looks providers up on the
// global `window`; plain Node has none, so an object stands in for it.
import * as ecc from '@bitcoinerlab/secp256k1'
import { networks, payments } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'

import { startEsplora, type Esplora } from '../../../dev/esplora'
import { installBitcoinDevWallet, verifyBitcoinMessage, type InstalledBitcoinDevWallet } from '../../../dev/wallets/bitcoin'
import { ConnectorNotFoundError, RpcError, TransactionNodeError, ValidationError } from '../../errors'
import type { ConnectorInfo } from '../../types/connector'
import type { ConnectorEvent, NamespacePlugin, PluginContext } from '../types'
import { isBitcoinAddress } from './address'
import { bip122 } from './plugin'
import { bitcoinRegtest, bitcoinTestnet } from './networks'

const pageWindow: Record<string, unknown> = {}
Object.defineProperty(globalThis, 'window', { value: pageWindow, configurable: true })

const ECPair = ECPairFactory(ecc)
const CONNECTOR = 'sats-connect:PorticoDevProviders.BitcoinProvider'
let esplora: Esplora
let installed: InstalledBitcoinDevWallet
let plugin: NamespacePlugin
let context: PluginContext
const stops: (() => void)[] = []

const connectors = () => plugin.connectors!
const satsOf = async (address: string) => BigInt((await plugin.balance!.getBalance({ address, network: bitcoinRegtest })).value)
const freshAddress = () => payments.p2wpkh({ pubkey: ECPair.makeRandom().publicKey, network: networks.regtest }).address!

function events(connectorId: string) {
  const queue: ConnectorEvent[] = []
  const waiting: ((event: ConnectorEvent) => void)[] = []
  stops.push(
    connectors().watch!({ connectorId }, (event) => {
      const waiter = waiting.shift()
      if (waiter) waiter(event)
      else queue.push(event)
    }),
  )
  return { next: () => new Promise<ConnectorEvent>((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve))) }
}

beforeAll(async () => {
  esplora = await startEsplora()
  installed = installBitcoinDevWallet({ window: pageWindow, esploraUrl: esplora.url, feeRate: 2 })
  esplora.fund(installed.wallet.dev.addresses().payment, 600_000)
  esplora.fund(installed.wallet.dev.addresses().payment, 400_000)
})

beforeEach(() => {
  plugin = bip122({ networks: [bitcoinRegtest, bitcoinTestnet], esploraUrl: esplora.url })
  context = { projectId: 'test', networks: plugin.networks, window: pageWindow as unknown as Window }
  installed.wallet.dev.setApprove(() => true)
})

afterEach(async () => {
  for (const stop of stops.splice(0)) stop()
  await connectors().disconnect({ connectorId: CONNECTOR })
})

afterAll(async () => {
  installed.uninstall()
  await esplora.stop()
})

describe('discovery (sats-connect providers)', () => {
  const discover = (ctx: PluginContext) => new Promise<readonly ConnectorInfo[]>((resolve) => stops.push(connectors().discover(ctx, resolve)))

  it('lists a wallet from btc_providers once, as INJECTED, though it also sits at window.BitcoinProvider', async () => {
    expect(pageWindow.BitcoinProvider).toBe(installed.wallet)
    await expect(discover(context)).resolves.toEqual([
      { id: CONNECTOR, name: 'Portico Dev Bitcoin Wallet', type: 'INJECTED', chain: 'bip122', imageUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
    ])
  })

  it('also finds Xverse at window.XverseProviders.BitcoinProvider, and nothing without a window', async () => {
    pageWindow.XverseProviders = { BitcoinProvider: { request: async () => ({}) } }
    try {
      const list = await discover(context)
      expect(list.map((c) => [c.id, c.name])).toEqual([
        [CONNECTOR, 'Portico Dev Bitcoin Wallet'],
        ['sats-connect:XverseProviders.BitcoinProvider', 'Xverse'],
      ])
    } finally {
      delete pageWindow.XverseProviders
    }
    await expect(discover({ ...context, window: undefined })).resolves.toEqual([])
  })
})

describe('connection', () => {
  it('gets the payment and ordinals accounts and the wallet network', async () => {
    const { payment, ordinals } = installed.wallet.dev.addresses()
    const account = await connectors().connect({ connectorId: CONNECTOR, network: bitcoinRegtest })
    expect(account).toEqual({
      address: payment,
      accounts: [
        { address: payment, type: 'payment' },
        { address: ordinals, type: 'ordinal' },
      ],
      caipNetworkId: bitcoinRegtest.caipNetworkId,
    })
    expect(payment).toMatch(/^bcrt1q/) // P2WPKH
    expect(ordinals).toMatch(/^bcrt1p/) // P2TR
    expect(isBitcoinAddress(payment, bitcoinRegtest) && isBitcoinAddress(ordinals, bitcoinRegtest)).toBe(true)
  })

  it('reports a refusal as a 4001 user rejection', async () => {
    installed.wallet.dev.setApprove(() => false)
    const error = await connectors()
      .connect({ connectorId: CONNECTOR, network: bitcoinRegtest })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).isUserRejection).toBe(true)
  })

  it('reconnects silently (wallet_getAccount) while authorised, and not after the wallet revoked the dapp', async () => {
    await connectors().connect({ connectorId: CONNECTOR, network: bitcoinRegtest })
    installed.wallet.dev.setApprove(() => false)
    const reloaded = bip122({ networks: [bitcoinRegtest], esploraUrl: esplora.url })
    await expect(reloaded.connectors!.reconnect!({ connectorId: CONNECTOR, network: bitcoinRegtest })).resolves.toMatchObject({
      address: installed.wallet.dev.addresses().payment,
    })
    installed.wallet.dev.revoke()
    await expect(reloaded.connectors!.reconnect!({ connectorId: CONNECTOR, network: bitcoinRegtest })).resolves.toBeNull()
  })

  it('disconnects, after which the wallet no longer answers for the dapp', async () => {
    const { address } = await connectors().connect({ connectorId: CONNECTOR, network: bitcoinRegtest })
    await connectors().disconnect({ connectorId: CONNECTOR })
    expect(installed.wallet.dev.isAuthorized()).toBe(false)
    await expect(connectors().signMessage!({ connectorId: CONNECTOR, address, message: 'x' })).rejects.toBeInstanceOf(ConnectorNotFoundError)
    await expect(connectors().connect({ connectorId: 'sats-connect:Nowhere.Provider', network: bitcoinRegtest })).rejects.toBeInstanceOf(ConnectorNotFoundError)
  })

  it('turns accountChange, networkChange and disconnect into connector events', async () => {
    await connectors().connect({ connectorId: CONNECTOR, network: bitcoinRegtest })
    const watcher = events(CONNECTOR)
    await new Promise((resolve) => setTimeout(resolve, 0)) // the watcher subscribes once its module is loaded
    const { ordinals } = installed.wallet.dev.addresses()
    const original = installed.wallet.dev.addresses().payment
    const switched = installed.wallet.dev.switchPaymentAccount()
    await expect(watcher.next()).resolves.toEqual({ type: 'accountsChanged', accounts: [switched, ordinals] })

    await connectors().switchNetwork!({ connectorId: CONNECTOR, network: bitcoinTestnet })
    await expect(watcher.next()).resolves.toEqual({ type: 'chainChanged', caipNetworkId: bitcoinTestnet.caipNetworkId })
    const onTestnet = await watcher.next()
    expect(onTestnet).toEqual({ type: 'accountsChanged', accounts: [expect.stringMatching(/^tb1q/), expect.stringMatching(/^tb1p/)] })

    installed.wallet.dev.revoke()
    await expect(watcher.next()).resolves.toEqual({ type: 'disconnect' })

    // Back to the funded regtest account for the other tests.
    installed.wallet.dev.setApprove(() => true)
    await installed.wallet.request('wallet_changeNetwork', { name: 'Regtest' })
    expect(installed.wallet.dev.addresses().payment).not.toBe(original)
  })
})

describe('signMessage', () => {
  it('returns a BIP-322 signature that verifies for the payment (P2WPKH) and ordinals (P2TR) addresses', async () => {
    const { address } = await connectors().connect({ connectorId: CONNECTOR, network: bitcoinRegtest })
    const { ordinals } = installed.wallet.dev.addresses()
    const message = 'Sign in to Portico\nNonce: 7'
    for (const signer of [address, ordinals]) {
      const signature = await connectors().signMessage!({ connectorId: CONNECTOR, address: signer, message })
      expect(verifyBitcoinMessage(signer, message, signature, networks.regtest)).toBe(true)
      expect(verifyBitcoinMessage(signer, `${message}.`, signature, networks.regtest)).toBe(false)
    }
  })

  it('refuses an address the wallet did not share', async () => {
    await connectors().connect({ connectorId: CONNECTOR, network: bitcoinRegtest })
    await expect(connectors().signMessage!({ connectorId: CONNECTOR, address: freshAddress(), message: 'x' })).rejects.toThrow(/not a connected address/)
  })
})

describe('balance (Esplora) and sendTransfer', () => {
  it('reads funded minus spent sats from the Esplora API', async () => {
    const address = freshAddress()
    await expect(plugin.balance!.getBalance({ address, network: bitcoinRegtest })).resolves.toEqual({ value: '0', decimals: 8, symbol: 'BTC' })
    esplora.fund(address, 12_345)
    await expect(satsOf(address)).resolves.toBe(12_345n)
  })

  it('sends a transfer the wallet builds and signs as a PSBT; both balances move on Esplora', async () => {
    const { address: from } = await connectors().connect({ connectorId: CONNECTOR, network: bitcoinRegtest })
    esplora.fund(from, 1_000_000)
    const to = freshAddress()
    const before = await satsOf(from)
    const txid = await connectors().sendTransaction!({ connectorId: CONNECTOR, network: bitcoinRegtest, from, to, amount: '150000' })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    await expect(fetch(`${esplora.url}/tx/${txid}/status`).then((r) => r.json())).resolves.toMatchObject({ confirmed: true })
    const fee = esplora.chain.tx(txid)!.fee
    expect(fee).toBeGreaterThan(0n)
    await expect(satsOf(to)).resolves.toBe(150_000n)
    await expect(satsOf(from)).resolves.toBe(before - 150_000n - fee)
  })

  it('reports a transfer above the balance as the insufficient-funds node error', async () => {
    const { address: from } = await connectors().connect({ connectorId: CONNECTOR, network: bitcoinRegtest })
    const error = await connectors().sendTransaction!({ connectorId: CONNECTOR, network: bitcoinRegtest, from, to: freshAddress(), amount: String(21e14) }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransactionNodeError)
    expect((error as TransactionNodeError).kind).toBe('insufficientFunds')
  })

  it('checks the receiver against the network and the amount before asking the wallet', async () => {
    const { address: from } = await connectors().connect({ connectorId: CONNECTOR, network: bitcoinRegtest })
    installed.wallet.dev.setApprove(() => {
      throw new Error('the wallet must not be asked')
    })
    const send = (to: string, amount: string, token?: string) => connectors().sendTransaction!({ connectorId: CONNECTOR, network: bitcoinRegtest, from, to, amount, token })
    await expect(send('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '1000')).rejects.toBeInstanceOf(ValidationError) // mainnet address
    await expect(send(freshAddress(), '0')).rejects.toBeInstanceOf(ValidationError)
    await expect(send(freshAddress(), '10.5')).rejects.toBeInstanceOf(ValidationError)
    await expect(send(freshAddress(), '1000', 'rune')).rejects.toThrow(/not supported/)
  })

  it('names the missing Esplora URL for a network without one', async () => {
    const noEsplora = bip122({ networks: [bitcoinRegtest], esploraUrl: {} })
    await expect(noEsplora.balance!.getBalance({ address: freshAddress(), network: bitcoinRegtest })).rejects.toThrow(/No Esplora API is configured/)
  })
})
