// PorticoWalletAdapter (`portico/solana`) as a dapp on @solana/wallet-adapter-base uses it,
// over a real connection: the Wallet Standard dev wallet (real ed25519 keys) and the
// LiteSVM RPC stand-in, through createPortico's real store and sagas.
import { getPublicKeyFromAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit'
import { WalletSendTransactionError } from '@solana/wallet-adapter-base'
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import type { Portico } from '../createPortico'
import { solanaPorticos } from '../test/solanaPortico'
import { PorticoWalletAdapter } from './porticoWalletAdapter'

jest.setTimeout(60_000)

const solanaPage = solanaPorticos()
const rpcUrl = () => solanaPage.standIns().rpc.url

function start() {
  const portico = solanaPage.start()
  return { portico, adapter: new PorticoWalletAdapter({ portico }) }
}

/** What the visitor does in the modal that `adapter.connect()` opened: picks the dev wallet. */
const pickDevWallet = (portico: Portico) => solanaPage.pickDevWallet(portico, { modalOpen: true })

/** An adapter the visitor connected through the modal. */
async function connectedAdapter() {
  const { portico, adapter } = start()
  const connecting = adapter.connect()
  await pickDevWallet(portico)
  await connecting
  return adapter
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
    const address = solanaPage.standIns().installed.wallet.dev.addresses()[0]!
    expect(adapter.connected).toBe(true)
    expect(adapter.publicKey?.toBase58()).toBe(address)
    await adapter.disconnect()
    expect(portico.getState().account.byNamespace.solana?.status).toBe('disconnected')
    expect(adapter.publicKey).toBeNull()
    expect(events).toEqual([`connect ${address}`, 'disconnect'])
    adapter.destroy()
  })

  it('signMessage is the connected wallet’s ed25519 signature', async () => {
    const adapter = await connectedAdapter()
    const message = new TextEncoder().encode('sign in to the dapp')
    const signature = await adapter.signMessage(message)
    const key = await getPublicKeyFromAddress(adapter.publicKey!.toBase58() as Address)
    expect(await verifySignature(key, signature as SignatureBytes, message)).toBe(true)
    adapter.destroy()
  })

  it('sendTransaction: a web3.js SOL transfer, fee payer and blockhash filled in, lands on the stand-in', async () => {
    const adapter = await connectedAdapter()
    const connection = new Connection(rpcUrl(), 'confirmed')
    const receiver = Keypair.generate().publicKey
    const transaction = new Transaction().add(SystemProgram.transfer({ fromPubkey: adapter.publicKey!, toPubkey: receiver, lamports: LAMPORTS_PER_SOL / 4 }))
    const signature = await adapter.sendTransaction(transaction, connection)
    expect(typeof signature).toBe('string')
    expect(await connection.getBalance(receiver)).toBe(LAMPORTS_PER_SOL / 4)
    adapter.destroy()
  })

  it('signTransaction returns the transaction signed by the connected account; a refusal is a wallet-adapter error', async () => {
    const adapter = await connectedAdapter()
    const connection = new Connection(rpcUrl(), 'confirmed')
    const { blockhash } = await connection.getLatestBlockhash()
    const transaction = new Transaction({ feePayer: adapter.publicKey!, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: adapter.publicKey!, toPubkey: new PublicKey(Keypair.generate().publicKey), lamports: 1_000 }),
    )
    const signed = await adapter.signTransaction(transaction)
    expect(signed.verifySignatures()).toBe(true)
    solanaPage.standIns().installed.wallet.dev.setApprove(() => false)
    await expect(adapter.sendTransaction(transaction, connection)).rejects.toBeInstanceOf(WalletSendTransactionError)
    adapter.destroy()
  })
})
