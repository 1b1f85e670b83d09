// The examples of docs/solana-bitcoin.md "Bitcoin for the dapp", run against a real
// connection: the sats-connect dev wallet (real keys and PSBTs) and the Esplora stand-in
// (which checks every input signature), through createPortico's real store and sagas.
import * as ecc from '@bitcoinerlab/secp256k1'
import { initEccLib, networks, Psbt } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { regtestAccount } from '../../dev/esplora/testSpend'
import { NotConnectedError, type Portico } from '../../src'
import { bitcoinPorticos } from '../../src/test/bitcoinPortico'
import { pay, paymentAddress, payWithPsbt } from './bitcoinDapp'

jest.setTimeout(60_000)

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
// Two outputs: the PSBT example spends one, the transfer the other.
const bitcoinPage = bitcoinPorticos({ fundings: [600_000, 600_000] })
const esplora = () => bitcoinPage.standIns().esplora
let portico: Portico

beforeAll(async () => {
  portico = bitcoinPage.start()
  await bitcoinPage.connect(portico)
})

it('docs/solana-bitcoin.md embeds docs/examples/bitcoinDapp.ts verbatim', () => {
  const code = readFileSync(join(__dirname, 'bitcoinDapp.ts'), 'utf8')
  expect(readFileSync(join(__dirname, '..', 'solana-bitcoin.md'), 'utf8')).toContain(`\`\`\`ts\n${code}\`\`\``)
})

it('paymentAddress is the address the visitor connected in the modal', async () => {
  expect(await paymentAddress(portico)).toBe(bitcoinPage.standIns().installed.wallet.dev.addresses().payment)
})

it('payWithPsbt: the wallet signs the PSBT (bitcoinjs-lib verifies it) and, asked to, broadcasts it to Esplora', async () => {
  const [utxo] = esplora().chain.utxos(bitcoinPage.standIns().installed.wallet.dev.addresses().payment)
  const receiver = regtestAccount().address
  const signed = await payWithPsbt(portico, { utxo: utxo!, to: receiver, sats: utxo!.value - 1_000, network: networks.regtest, broadcast: false })
  const psbt = Psbt.fromBase64(signed.psbt, { network: networks.regtest })
  expect(psbt.validateSignaturesOfInput(0, (pubkey, hash, signature) => ECPair.fromPublicKey(pubkey).verify(hash, signature))).toBe(true)
  expect(esplora().chain.utxos(receiver)).toEqual([])

  const sent = await payWithPsbt(portico, { utxo: utxo!, to: receiver, sats: utxo!.value - 1_000, network: networks.regtest, broadcast: true })
  expect(esplora().chain.utxos(receiver)).toEqual([expect.objectContaining({ txid: sent.txid, value: utxo!.value - 1_000 })])
})

it('pay sends through the wallet; the receiver holds the amount on Esplora', async () => {
  const receiver = regtestAccount().address
  const txid = await pay(portico, receiver, 25_000)
  expect(esplora().chain.utxos(receiver)).toEqual([expect.objectContaining({ txid, value: 25_000 })])
})

it('with nothing connected, getProvider throws NotConnectedError', async () => {
  await portico.disconnect({ namespace: 'bip122' })
  await expect(paymentAddress(portico)).rejects.toThrow(NotConnectedError)
})
