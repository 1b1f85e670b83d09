// The solana() plugin as core uses it, against the real local stand-ins: the LiteSVM
// JSON-RPC (dev/solana) and the Wallet Standard dev wallet (dev/wallets/solana), which
// signs with real ed25519 keys. Wallet Standard apps listen on `window`; plain Node has
// none, so an EventTarget stands in for it.
import { WalletConnectionError } from '@solana/wallet-adapter-base'
import { createSolanaRpc, generateKeyPairSigner, getBase58Encoder, getPublicKeyFromAddress, verifySignature, type SignatureBytes } from '@solana/kit'
import type { Wallet } from '@wallet-standard/base'

import { solanaLocalnet, startSolanaRpc, TEST_SPL_TOKEN, testTokenAccountOf, type SolanaRpc } from '../../../dev/solana'
import { createSolanaDevWallet, installSolanaDevWallet, registerWallet, type InstalledSolanaDevWallet } from '../../../dev/wallets/solana'
import { ConnectorNotFoundError, RpcError, TransactionNodeError, ValidationError, WalletSessionError } from '../../errors'
import type { ConnectorInfo } from '../../types/connector'
import type { CaipNetwork } from '../../types/network'
import type { ConnectorEvent, NamespacePlugin, PluginContext } from '../types'
import { solanaDevnet } from './networks'
import { solana } from './plugin'

const SOL = 1_000_000_000n
const FEE = 5_000n
const pageWindow = new EventTarget()
Object.defineProperty(globalThis, 'window', { value: pageWindow, configurable: true })

let rpc: SolanaRpc
let localnet: CaipNetwork
let installed: InstalledSolanaDevWallet
let plugin: NamespacePlugin
let context: PluginContext
const stops: (() => void)[] = []
const DEV_WALLET = 'wallet-standard:Portico Dev Wallet'

const connectors = () => plugin.connectors!
const lamportsOf = async (address: string) => BigInt((await plugin.balance!.getBalance({ address, network: localnet })).value)

/** Runs discovery until `predicate` holds for the emitted list. */
function discovered(predicate: (list: readonly ConnectorInfo[]) => boolean): Promise<readonly ConnectorInfo[]> {
  return new Promise((resolve) => {
    const stop = connectors().discover(context, (list) => {
      if (predicate(list)) resolve(list)
    })
    stops.push(stop)
  })
}

/** Collects a connection's events; `next()` resolves with the next one. */
function events(connectorId: string) {
  const queue: ConnectorEvent[] = []
  const waiting: ((event: ConnectorEvent) => void)[] = []
  const stop = connectors().watch!({ connectorId }, (event) => {
    const waiter = waiting.shift()
    if (waiter) waiter(event)
    else queue.push(event)
  })
  stops.push(stop)
  return { next: () => new Promise<ConnectorEvent>((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve))), stop }
}

/** The dev wallet's accounts behind a wallet without solana:signAndSendTransaction, as 'Sign Only'. */
function registerSignOnlyWallet(): () => void {
  const { wallet } = installed
  const { 'solana:signAndSendTransaction': _omitted, ...features } = wallet.features
  const signOnly: Wallet = {
    version: '1.0.0',
    name: 'Sign Only',
    icon: wallet.icon,
    chains: wallet.chains,
    features,
    get accounts() {
      return wallet.accounts
    },
  }
  return registerWallet(pageWindow, signOnly)
}

beforeAll(async () => {
  rpc = await startSolanaRpc()
  localnet = solanaLocalnet(rpc.url)
  installed = await installSolanaDevWallet({ rpcUrl: rpc.url })
  rpc.airdrop(installed.wallet.dev.addresses()[0]!, 5n * SOL)
})

beforeEach(() => {
  plugin = solana({ networks: [localnet, solanaDevnet] })
  context = { projectId: 'test', networks: plugin.networks, window: pageWindow as unknown as Window }
  installed.wallet.dev.setApprove(() => true)
})

afterEach(async () => {
  for (const stop of stops.splice(0)) stop()
  await connectors().disconnect({ connectorId: DEV_WALLET })
})

afterAll(async () => {
  installed.uninstall()
  await rpc.stop()
})

describe('discovery (Wallet Standard)', () => {
  it('lists the registered Solana wallet as ANNOUNCED, with the networks it serves', async () => {
    const [wallet] = await discovered((list) => list.length > 0)
    expect(wallet).toEqual({
      id: DEV_WALLET,
      name: 'Portico Dev Wallet',
      type: 'ANNOUNCED',
      chain: 'solana',
      chains: [localnet.caipNetworkId, solanaDevnet.caipNetworkId],
      imageUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    })
  })

  it('follows wallets that register and unregister later, and ignores wallets without Solana', async () => {
    await discovered((list) => list.length === 1)
    const evmOnly = { ...installed.wallet, name: 'EVM Only', chains: ['eip155:1'], features: installed.wallet.features, accounts: [] } as unknown as Wallet
    const late = await installSolanaDevWallet({ rpcUrl: rpc.url, name: 'Late Wallet' })
    const offEvm = registerWallet(pageWindow, evmOnly)
    const withLate = await discovered((list) => list.some((c) => c.name === 'Late Wallet'))
    expect(withLate.map((c) => c.name)).toEqual(['Portico Dev Wallet', 'Late Wallet'])
    late.uninstall()
    offEvm()
    await discovered((list) => list.length === 1 && list[0]!.name === 'Portico Dev Wallet')
  })

  it('finds nothing without a window', async () => {
    const list = await new Promise<readonly ConnectorInfo[]>((resolve) => stops.push(connectors().discover({ ...context, window: undefined }, resolve)))
    expect(list).toEqual([])
  })
})

describe('connection', () => {
  it('connects with standard:connect on the requested network', async () => {
    const account = await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    const address = installed.wallet.dev.addresses()[0]!
    expect(account).toEqual({ address, accounts: [{ address, type: 'eoa' }], caipNetworkId: localnet.caipNetworkId })
    expect(installed.wallet.dev.isAuthorized()).toBe(true)
  })

  it('reconnects silently after a reload while authorised, and not after the wallet revoked the dapp', async () => {
    await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    installed.wallet.dev.setApprove(() => false) // any prompt would now be refused
    const reloaded = solana({ networks: [localnet] })
    await expect(reloaded.connectors!.reconnect!({ connectorId: DEV_WALLET, network: localnet })).resolves.toMatchObject({
      address: installed.wallet.dev.addresses()[0],
    })
    installed.wallet.dev.revoke()
    await expect(reloaded.connectors!.reconnect!({ connectorId: DEV_WALLET, network: localnet })).resolves.toBeNull()
  })

  it('reports a refused connection as a user rejection with the wallet-adapter error as cause', async () => {
    installed.wallet.dev.setApprove(() => false)
    const error = await connectors()
      .connect({ connectorId: DEV_WALLET, network: localnet })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).isUserRejection).toBe(true)
    expect((error as RpcError).walk((e) => e instanceof WalletConnectionError)).toBeInstanceOf(WalletConnectionError)
  })

  it('refuses an unknown connector, and operations after disconnect', async () => {
    await expect(connectors().connect({ connectorId: 'wallet-standard:Nope', network: localnet })).rejects.toBeInstanceOf(ConnectorNotFoundError)
    await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    await connectors().disconnect({ connectorId: DEV_WALLET })
    expect(installed.wallet.dev.isAuthorized()).toBe(false)
    await expect(connectors().signMessage!({ connectorId: DEV_WALLET, address: installed.wallet.dev.addresses()[0]!, message: 'hi' })).rejects.toBeInstanceOf(ConnectorNotFoundError)
  })

  it('turns standard:events changes into accountsChanged, active account first', async () => {
    await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    const [first] = installed.wallet.dev.addresses()
    const watcher = events(DEV_WALLET)
    await new Promise((resolve) => setTimeout(resolve, 0)) // the watcher subscribes once its module is loaded
    const second = await installed.wallet.dev.addAccount()
    await expect(watcher.next()).resolves.toEqual({ type: 'accountsChanged', accounts: [first, second] })
    installed.wallet.dev.selectAccount(second)
    await expect(watcher.next()).resolves.toEqual({ type: 'accountsChanged', accounts: [second, first] })
    installed.wallet.dev.revoke()
    await expect(watcher.next()).resolves.toEqual({ type: 'accountsChanged', accounts: [] })
    installed.wallet.dev.selectAccount(first!)
  })
})

describe('signMessage (solana:signMessage)', () => {
  it('returns a base58 ed25519 signature that verifies against the address', async () => {
    const { address } = await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    const message = 'Sign in to Portico\nNonce: 42'
    const signature = await connectors().signMessage!({ connectorId: DEV_WALLET, address, message })
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(bytes).toHaveLength(64)
    const publicKey = await getPublicKeyFromAddress(address as never)
    await expect(verifySignature(publicKey, bytes, new TextEncoder().encode(message))).resolves.toBe(true)
    await expect(verifySignature(publicKey, bytes, new TextEncoder().encode(`${message}!`))).resolves.toBe(false)
  })

  it('refuses an address the wallet did not connect', async () => {
    await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    const stranger = await generateKeyPairSigner()
    await expect(connectors().signMessage!({ connectorId: DEV_WALLET, address: stranger.address, message: 'x' })).rejects.toThrow(/not a connected account/)
  })
})

describe('balance and send SOL', () => {
  it('reads the SOL balance from the network RPC', async () => {
    const fresh = await generateKeyPairSigner()
    rpc.airdrop(fresh.address, 1_234_567n)
    await expect(plugin.balance!.getBalance({ address: fresh.address, network: localnet })).resolves.toEqual({
      value: '1234567',
      decimals: 9,
      symbol: 'SOL',
    })
    await expect(lamportsOf((await generateKeyPairSigner()).address)).resolves.toBe(0n)
  })

  it('sends SOL through solana:signAndSendTransaction; both balances move on the RPC', async () => {
    const { address: from } = await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    const to = (await generateKeyPairSigner()).address
    const before = await lamportsOf(from)
    const signature = await connectors().sendTransaction!({ connectorId: DEV_WALLET, network: localnet, from, to, amount: '250000000' })
    const { value } = await createSolanaRpc(rpc.url)
      .getSignatureStatuses([signature as never])
      .send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    await expect(lamportsOf(to)).resolves.toBe(250_000_000n)
    await expect(lamportsOf(from)).resolves.toBe(before - 250_000_000n - FEE)
  })

  it('signs with solana:signTransaction and sends through the RPC when the wallet cannot send', async () => {
    const off = registerSignOnlyWallet()
    try {
      const { address: from } = await connectors().connect({ connectorId: 'wallet-standard:Sign Only', network: localnet })
      const to = (await generateKeyPairSigner()).address
      await connectors().sendTransaction!({ connectorId: 'wallet-standard:Sign Only', network: localnet, from, to, amount: '1000000' })
      await expect(lamportsOf(to)).resolves.toBe(1_000_000n)
    } finally {
      off()
    }
  })

  it('reports a balance too low for the transfer as the insufficient-funds node error, and nothing moves', async () => {
    const { address: from } = await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    const to = (await generateKeyPairSigner()).address
    const before = await lamportsOf(from)
    const error = await connectors().sendTransaction!({ connectorId: DEV_WALLET, network: localnet, from, to, amount: String(1000n * SOL) }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransactionNodeError)
    expect((error as TransactionNodeError).kind).toBe('insufficientFunds')
    await expect(lamportsOf(from)).resolves.toBe(before)
  })

  it('explains a transfer that would leave a new account below the rent-exempt minimum', async () => {
    const { address: from } = await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    const to = (await generateKeyPairSigner()).address
    const error = await connectors().sendTransaction!({ connectorId: DEV_WALLET, network: localnet, from, to, amount: '1000' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'solana/insufficient-funds-for-rent', shortMessage: expect.stringMatching(/rent-exempt minimum/) })
    await expect(lamportsOf(to)).resolves.toBe(0n)
  })

  it('applies the address and amount rules before asking the wallet', async () => {
    const { address: from } = await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    installed.wallet.dev.setApprove(() => {
      throw new Error('the wallet must not be asked')
    })
    const send = (to: string, amount: string, token?: string) => connectors().sendTransaction!({ connectorId: DEV_WALLET, network: localnet, from, to, amount, token })
    await expect(send('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '1')).rejects.toBeInstanceOf(ValidationError)
    await expect(send('1111111111111111111111111111111111111111111', '1')).rejects.toBeInstanceOf(ValidationError) // base58, not 32 bytes
    await expect(send(from, '0')).rejects.toBeInstanceOf(ValidationError)
    await expect(send(from, '1.5')).rejects.toBeInstanceOf(ValidationError)
    await expect(send(from, '1', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).rejects.toMatchObject({ name: 'ValidationError', shortMessage: 'Unknown token' }) // no such mint here
    await expect(send(from, '1', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).rejects.toMatchObject({ shortMessage: 'Unknown token' })
    const noRpc = { ...localnet, rpcUrls: { default: { http: [] } } }
    await expect(connectors().sendTransaction!({ connectorId: DEV_WALLET, network: noRpc, from, to: from, amount: '1' })).rejects.toBeInstanceOf(WalletSessionError)
  })
})

describe('send SPL tokens (the stand-in test token, 6 decimals)', () => {
  const mint = TEST_SPL_TOKEN.mint
  /** Base units of the test token `owner` holds, read from the stand-in (0 without a token account). */
  const tokensOf = async (owner: string) => {
    const { value } = await createSolanaRpc(rpc.url)
      .getTokenAccountsByOwner(owner as never, { mint: mint as never }, { encoding: 'jsonParsed' })
      .send()
    return value.reduce((sum, { account }) => sum + BigInt((account.data as { parsed: { info: { tokenAmount: { amount: string } } } }).parsed.info.tokenAmount.amount), 0n)
  }
  const accountExists = async (address: string) =>
    (
      await createSolanaRpc(rpc.url)
        .getAccountInfo(address as never)
        .send()
    ).value !== null

  it("creates a fresh receiver's associated token account and transfers into it; the sender pays fee and rent", async () => {
    const { address: from } = await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    await rpc.mintTestToken(from, 10_000_000n)
    const to = (await generateKeyPairSigner()).address
    const held = await tokensOf(from)
    const lamportsBefore = await lamportsOf(from)
    expect(await accountExists(await testTokenAccountOf(to))).toBe(false)
    const signature = await connectors().sendTransaction!({ connectorId: DEV_WALLET, network: localnet, from, to, amount: '1250000', token: mint })
    expect(
      (
        await createSolanaRpc(rpc.url)
          .getSignatureStatuses([signature as never])
          .send()
      ).value[0],
    ).toMatchObject({ err: null })
    await expect(tokensOf(to)).resolves.toBe(1_250_000n)
    await expect(tokensOf(from)).resolves.toBe(held - 1_250_000n)
    expect(await accountExists(await testTokenAccountOf(to))).toBe(true)
    await expect(lamportsOf(to)).resolves.toBe(0n) // the receiver pays nothing
    await expect(lamportsOf(from)).resolves.toBe(lamportsBefore - FEE - rpc.ledger.svm.minimumBalanceForRentExemption(165n))
  })

  it('transfers into an associated token account that already exists, signing only when the wallet cannot send', async () => {
    const off = registerSignOnlyWallet()
    try {
      const { address: from } = await connectors().connect({ connectorId: 'wallet-standard:Sign Only', network: localnet })
      await rpc.mintTestToken(from, 5_000_000n)
      const to = (await generateKeyPairSigner()).address
      await rpc.mintTestToken(to, 1n)
      const before = await lamportsOf(from)
      await connectors().sendTransaction!({ connectorId: 'wallet-standard:Sign Only', network: localnet, from, to, amount: '3000000', token: mint })
      await expect(tokensOf(to)).resolves.toBe(3_000_001n)
      await expect(lamportsOf(from)).resolves.toBe(before - FEE) // no rent: the account existed
    } finally {
      await connectors().disconnect({ connectorId: 'wallet-standard:Sign Only' })
      off()
    }
  })

  it('refuses more tokens than the account holds before the wallet is asked, and nothing moves', async () => {
    const { address: from } = await connectors().connect({ connectorId: DEV_WALLET, network: localnet })
    const held = await tokensOf(from)
    installed.wallet.dev.setApprove(() => {
      throw new Error('the wallet must not be asked')
    })
    const to = (await generateKeyPairSigner()).address
    const error = await connectors().sendTransaction!({ connectorId: DEV_WALLET, network: localnet, from, to, amount: String(held + 1n), token: mint }).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'ValidationError', shortMessage: 'Insufficient token balance' })
    await expect(tokensOf(from)).resolves.toBe(held)
    await expect(tokensOf(to)).resolves.toBe(0n)
  })
})

describe('attach (a wallet the plugin did not discover, as the embedded wallet is)', () => {
  it('connects, signs and sends through an attached Wallet Standard wallet under the given id, until it is detached', async () => {
    const foreign = await createSolanaDevWallet({ rpcUrl: rpc.url, name: 'Attached Wallet', chains: ['solana:localnet'] })
    const info: ConnectorInfo = { id: 'auth', name: 'Email wallet', type: 'AUTH', chain: 'solana' }
    const detach = connectors().attach!({ info, provider: foreign })
    // Not in the registry: discovery does not list it.
    const listed = await discovered(() => true)
    expect(listed.map((c) => c.id)).not.toContain('auth')

    const { address } = await connectors().connect({ connectorId: 'auth', network: localnet })
    expect(address).toBe(foreign.dev.addresses()[0])
    const signature = await connectors().signMessage!({ connectorId: 'auth', address, message: 'attached' })
    const publicKey = await getPublicKeyFromAddress(address as never)
    await expect(verifySignature(publicKey, getBase58Encoder().encode(signature) as SignatureBytes, new TextEncoder().encode('attached'))).resolves.toBe(true)
    rpc.airdrop(address, SOL)
    const receiver = (await generateKeyPairSigner()).address
    await connectors().sendTransaction!({ connectorId: 'auth', network: localnet, from: address, to: receiver, amount: String(SOL / 10n) })
    expect(await lamportsOf(receiver)).toBe(SOL / 10n)

    detach()
    await expect(connectors().signMessage!({ connectorId: 'auth', address, message: 'x' })).rejects.toBeInstanceOf(ConnectorNotFoundError)
    await expect(connectors().connect({ connectorId: 'auth', network: localnet })).rejects.toBeInstanceOf(ConnectorNotFoundError)
  })

  it('refuses a provider that is not a Wallet Standard wallet', () => {
    const info: ConnectorInfo = { id: 'auth', name: 'Email wallet', type: 'AUTH', chain: 'solana' }
    expect(() => connectors().attach!({ info, provider: { request: () => undefined } })).toThrow(ConnectorNotFoundError)
  })
})
