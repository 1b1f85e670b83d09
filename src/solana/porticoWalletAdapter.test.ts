// PorticoWalletAdapter (`portico/solana`) as a dapp on @solana/wallet-adapter-base uses it,
// over a real connection: the Wallet Standard dev wallet (real ed25519 keys) and the
// LiteSVM RPC stand-in, through createPortico's real store and sagas.
import { getPublicKeyFromAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit'
import { WalletSendTransactionError } from '@solana/wallet-adapter-base'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { solanaLocalnet, startSolanaRpc, type SolanaRpc } from '../../dev/solana'
import { installSolanaDevWallet, type InstalledSolanaDevWallet } from '../../dev/wallets/solana'
import { createPortico, type Portico } from '../createPortico'
import { solana } from '../plugins/solana/plugin'
import { memoryKeyValueStore } from '../test/devWalletPortico'
import { untilState } from '../test/untilState'
import type { CaipNetwork } from '../types/network'
import { PorticoWalletAdapter } from './porticoWalletAdapter'

jest.setTimeout(60_000)

const pageWindow = new EventTarget()
Object.defineProperty(globalThis, 'window', { value: pageWindow, configurable: true })
const DEV_WALLET = 'wallet-standard:Portico Dev Wallet'

let rpc: SolanaRpc
let localnet: CaipNetwork
let installed: InstalledSolanaDevWallet
const instances: Portico[] = []

beforeAll(async () => {
  rpc = await startSolanaRpc()
  localnet = solanaLocalnet(rpc.url)
  installed = await installSolanaDevWallet({ rpcUrl: rpc.url })
  rpc.airdrop(installed.wallet.dev.addresses()[0]!, 5n * BigInt(LAMPORTS_PER_SOL))
})
beforeEach(() => installed.wallet.dev.setApprove(() => true))
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))
afterAll(async () => {
  installed.uninstall()
  await rpc.stop()
})

function start() {
  const portico = createPortico(
    { projectId: 'dapp', plugins: [solana({ networks: [localnet] })], devtools: false, features: { email: false, socials: false } },
    { window: pageWindow as unknown as Window, storage: memoryKeyValueStore() },
  )
  instances.push(portico)
  return { portico, adapter: new PorticoWalletAdapter({ portico }) }
}

/** What the visitor does in the modal that `adapter.connect()` opened: picks the dev wallet. */
async function pickDevWallet(portico: Portico) {
  await untilState(portico, (s) => s.modal.open && (s.connectors.byNamespace.solana ?? []).some((c) => c.id === DEV_WALLET), 15_000)
  portico.store.dispatch({ type: 'connectors/connectRequested', payload: { connectorId: DEV_WALLET, namespace: 'solana' } })
}

describe('PorticoWalletAdapter', () => {
  it('connect() opens the modal; the adapter reports the account the visitor connects, and disconnect() ends it in Portico', async () => {
    const { portico, adapter } = start()
    const events: string[] = []
    adapter.on('connect', (publicKey) => events.push(`connect ${publicKey.toBase58()}`))
    adapter.on('disconnect', () => events.push('disconnect'))
    expect(adapter.publicKey).toBeNull()
    const connecting = adapter.connect()
    expect(adapter.connecting).toBe(true)
    await pickDevWallet(portico)
    await connecting
    const address = installed.wallet.dev.addresses()[0]!
    expect(adapter.connected).toBe(true)
    expect(adapter.publicKey?.toBase58()).toBe(address)
    await adapter.disconnect()
    expect(portico.getState().account.byNamespace.solana?.status).toBe('disconnected')
    expect(adapter.publicKey).toBeNull()
    expect(events).toEqual([`connect ${address}`, 'disconnect'])
    adapter.destroy()
  })

  it('signMessage is the connected wallet’s ed25519 signature', async () => {
    const { portico, adapter } = start()
    const connecting = adapter.connect()
    await pickDevWallet(portico)
    await connecting
    const message = new TextEncoder().encode('sign in to the dapp')
    const signature = await adapter.signMessage(message)
    const key = await getPublicKeyFromAddress(adapter.publicKey!.toBase58() as Address)
    expect(await verifySignature(key, signature as SignatureBytes, message)).toBe(true)
    adapter.destroy()
  })

  it('sendTransaction: a web3.js SOL transfer, fee payer and blockhash filled in, lands on the stand-in', async () => {
    const { portico, adapter } = start()
    const connecting = adapter.connect()
    await pickDevWallet(portico)
    await connecting
    const connection = new Connection(rpc.url, 'confirmed')
    const receiver = Keypair.generate().publicKey
    const transaction = new Transaction().add(SystemProgram.transfer({ fromPubkey: adapter.publicKey!, toPubkey: receiver, lamports: LAMPORTS_PER_SOL / 4 }))
    const signature = await adapter.sendTransaction(transaction, connection)
    expect(typeof signature).toBe('string')
    expect(await connection.getBalance(receiver)).toBe(LAMPORTS_PER_SOL / 4)
    adapter.destroy()
  })

  it('signTransaction returns the transaction signed by the connected account; a refusal is a wallet-adapter error', async () => {
    const { portico, adapter } = start()
    const connecting = adapter.connect()
    await pickDevWallet(portico)
    await connecting
    const connection = new Connection(rpc.url, 'confirmed')
    const { blockhash } = await connection.getLatestBlockhash()
    const transaction = new Transaction({ feePayer: adapter.publicKey!, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: adapter.publicKey!, toPubkey: new PublicKey(Keypair.generate().publicKey), lamports: 1_000 }),
    )
    const signed = await adapter.signTransaction(transaction)
    expect(signed.verifySignatures()).toBe(true)
    installed.wallet.dev.setApprove(() => false)
    await expect(adapter.sendTransaction(transaction, connection)).rejects.toBeInstanceOf(WalletSendTransactionError)
    adapter.destroy()
  })
})
