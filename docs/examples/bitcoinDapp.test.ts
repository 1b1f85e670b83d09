// The examples of docs/solana-bitcoin.md "Bitcoin for the dapp", run against a real
// connection: the sats-connect dev wallet (real keys and PSBTs) and the Esplora stand-in
// (which checks every input signature), through createPortico's real store and sagas.
// sats-connect looks providers up on the global `window`; plain Node has none, so an
// object stands in.
import * as ecc from '@bitcoinerlab/secp256k1'
import { initEccLib, networks, Psbt } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startEsplora, type Esplora } from '../../dev/esplora'
import { regtestAccount } from '../../dev/esplora/testSpend'
import { installBitcoinDevWallet, type InstalledBitcoinDevWallet } from '../../dev/wallets/bitcoin'
import { createPortico, NotConnectedError, type Portico } from '../../src'
import { bip122 } from '../../src/plugins/bip122'
import { bitcoinRegtest } from '../../src/plugins/bip122/networks'
import { memoryKeyValueStore } from '../../src/test/devWalletPortico'
import { untilState } from '../../src/test/untilState'
import { pay, paymentAddress, payWithPsbt } from './bitcoinDapp'

jest.setTimeout(60_000)

const pageWindow: Record<string, unknown> = {}
Object.defineProperty(globalThis, 'window', { value: pageWindow, configurable: true })
initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const CONNECTOR = 'sats-connect:PorticoDevProviders.BitcoinProvider'

let esplora: Esplora
let installed: InstalledBitcoinDevWallet
let portico: Portico

beforeAll(async () => {
  esplora = await startEsplora()
  installed = installBitcoinDevWallet({ window: pageWindow, esploraUrl: esplora.url, feeRate: 2 })
  // Two outputs: the PSBT example spends one, the transfer the other.
  esplora.fund(installed.wallet.dev.addresses().payment, 600_000)
  esplora.fund(installed.wallet.dev.addresses().payment, 600_000)
  portico = createPortico(
    { projectId: 'dapp', plugins: [bip122({ networks: [bitcoinRegtest], esploraUrl: esplora.url })], devtools: false, features: { email: false, socials: false } },
    { window: pageWindow as unknown as Window, storage: memoryKeyValueStore() },
  )
  // What the visitor does in the modal: picks the dev wallet.
  await untilState(portico, (s) => (s.connectors.byNamespace.bip122 ?? []).some((c) => c.id === CONNECTOR), 15_000)
  portico.store.dispatch({ type: 'connectors/connectRequested', payload: { connectorId: CONNECTOR, namespace: 'bip122' } })
  await untilState(portico, (s) => s.account.byNamespace.bip122?.status === 'connected', 15_000)
})
afterAll(async () => {
  portico?.destroy()
  installed?.uninstall()
  await esplora?.stop()
})

it('docs/solana-bitcoin.md embeds docs/examples/bitcoinDapp.ts verbatim', () => {
  const code = readFileSync(join(__dirname, 'bitcoinDapp.ts'), 'utf8')
  expect(readFileSync(join(__dirname, '..', 'solana-bitcoin.md'), 'utf8')).toContain(`\`\`\`ts\n${code}\`\`\``)
})

it('paymentAddress is the address the visitor connected in the modal', async () => {
  expect(await paymentAddress(portico)).toBe(installed.wallet.dev.addresses().payment)
})

it('payWithPsbt: the wallet signs the PSBT (bitcoinjs-lib verifies it) and, asked to, broadcasts it to Esplora', async () => {
  const [utxo] = esplora.chain.utxos(installed.wallet.dev.addresses().payment)
  const receiver = regtestAccount().address
  const signed = await payWithPsbt(portico, { utxo: utxo!, to: receiver, sats: utxo!.value - 1_000, network: networks.regtest, broadcast: false })
  const psbt = Psbt.fromBase64(signed.psbt, { network: networks.regtest })
  expect(psbt.validateSignaturesOfInput(0, (pubkey, hash, signature) => ECPair.fromPublicKey(pubkey).verify(hash, signature))).toBe(true)
  expect(esplora.chain.utxos(receiver)).toEqual([])

  const sent = await payWithPsbt(portico, { utxo: utxo!, to: receiver, sats: utxo!.value - 1_000, network: networks.regtest, broadcast: true })
  expect(esplora.chain.utxos(receiver)).toEqual([expect.objectContaining({ txid: sent.txid, value: utxo!.value - 1_000 })])
})

it('pay sends through the wallet; the receiver holds the amount on Esplora', async () => {
  const receiver = regtestAccount().address
  const txid = await pay(portico, receiver, 25_000)
  expect(esplora.chain.utxos(receiver)).toEqual([expect.objectContaining({ txid, value: 25_000 })])
})

it('with nothing connected, getProvider throws NotConnectedError', async () => {
  await portico.disconnect({ namespace: 'bip122' })
  await expect(paymentAddress(portico)).rejects.toThrow(NotConnectedError)
})
