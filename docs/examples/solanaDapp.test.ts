// The examples of docs/solana-bitcoin.md "Solana for the dapp", run against a real
// connection: the Wallet Standard dev wallet (real ed25519 keys) and the LiteSVM RPC
// stand-in with its test SPL token, through createPortico's real store and sagas.
import { getPublicKeyFromAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { TEST_SPL_TOKEN } from '../../dev/solana'
import { solanaPorticos } from '../../src/test/solanaPortico'
import { porticoAdapter, sendSplToken, signText } from './solanaDapp'

jest.setTimeout(60_000)

const solanaPage = solanaPorticos()

/** An adapter the visitor connected: `connect()` opened the modal, they picked the dev wallet. */
async function connectedAdapter() {
  const portico = solanaPage.start()
  const adapter = porticoAdapter(portico)
  const connecting = adapter.connect()
  await solanaPage.pickDevWallet(portico, { modalOpen: true })
  await connecting
  return adapter
}

it('docs/solana-bitcoin.md embeds docs/examples/solanaDapp.ts verbatim', () => {
  const code = readFileSync(join(__dirname, 'solanaDapp.ts'), 'utf8')
  expect(readFileSync(join(__dirname, '..', 'solana-bitcoin.md'), 'utf8')).toContain(`\`\`\`ts\n${code}\`\`\``)
})

it('sendSplToken lands on the stand-in: the receiver, who had no token account, holds the tokens', async () => {
  const adapter = await connectedAdapter()
  const { rpc } = solanaPage.standIns()
  await rpc.mintTestToken(adapter.publicKey!.toBase58(), 5_000_000n)
  const connection = new Connection(rpc.url, 'confirmed')
  const receiver = Keypair.generate().publicKey
  const mint = new PublicKey(TEST_SPL_TOKEN.mint)
  expect(await connection.getAccountInfo(getAssociatedTokenAddressSync(mint, receiver))).toBeNull()

  const signature = await sendSplToken(adapter, connection, { mint: TEST_SPL_TOKEN.mint, decimals: TEST_SPL_TOKEN.decimals, to: receiver.toBase58(), amount: 1_250_000n })
  expect((await connection.getSignatureStatus(signature)).value?.err).toBeNull()
  const { value } = await connection.getTokenAccountBalance(getAssociatedTokenAddressSync(mint, receiver))
  expect(value).toMatchObject({ amount: '1250000', decimals: 6 })
  const { value: left } = await connection.getTokenAccountBalance(getAssociatedTokenAddressSync(mint, adapter.publicKey!))
  expect(left.amount).toBe('3750000')
  adapter.destroy()
})

it('signText is the connected wallet’s ed25519 signature of the text', async () => {
  const adapter = await connectedAdapter()
  const signature = await signText(adapter, 'prove you own this account')
  const key = await getPublicKeyFromAddress(adapter.publicKey!.toBase58() as Address)
  expect(await verifySignature(key, signature as SignatureBytes, new TextEncoder().encode('prove you own this account'))).toBe(true)
  adapter.destroy()
})
