// The sats-connect dev wallet on its own: message signatures against the BIP-322 test
// vectors, and PSBTs (P2WPKH and taproot key path) accepted by the Esplora stand-in,
// which checks every input signature.
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bitcoinAddress, networks, payments, Psbt } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'

import { startEsplora, type Esplora } from '../../esplora'
import { bip322MessageHash, BitcoinDevWallet, installBitcoinDevWallet, SatsConnectErrorCodes, signBip322, signEcdsa, verifyBitcoinMessage } from '.'

const ECPair = ECPairFactory(ecc)
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('BIP-322 and BIP-137 messages', () => {
  // Test vectors from BIP-322.
  const key = ECPair.fromWIF('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k')
  const address = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
  const signer = { type: 'p2wpkh' as const, keyPair: key, outputScript: bitcoinAddress.toOutputScript(address, networks.bitcoin) }

  it('hashes messages as BIP-322 specifies', () => {
    expect(hex(bip322MessageHash(''))).toBe('c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1')
    expect(hex(bip322MessageHash('Hello World'))).toBe('f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a')
  })

  it('produces the BIP-322 vector signatures (deterministic ECDSA) and verifies them', () => {
    const empty = 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
    const hello = 'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
    expect(signBip322('', signer)).toBe(empty)
    expect(signBip322('Hello World', signer)).toBe(hello)
    expect(verifyBitcoinMessage(address, '', empty, networks.bitcoin)).toBe(true)
    expect(verifyBitcoinMessage(address, 'Hello World', hello, networks.bitcoin)).toBe(true)
    expect(verifyBitcoinMessage(address, 'Hello World', empty, networks.bitcoin)).toBe(false)
  })

  it('verifies BIP-137 compact signatures and refuses other keys and scripts it cannot check', () => {
    const signature = signEcdsa('hello', key, networks.bitcoin)
    expect(Buffer.from(signature, 'base64')).toHaveLength(65)
    expect(verifyBitcoinMessage(address, 'hello', signature, networks.bitcoin)).toBe(true)
    expect(verifyBitcoinMessage(address, 'hellO', signature, networks.bitcoin)).toBe(false)
    const other = payments.p2wpkh({ pubkey: ECPair.makeRandom().publicKey }).address!
    expect(verifyBitcoinMessage(other, 'hello', signature, networks.bitcoin)).toBe(false)
    expect(verifyBitcoinMessage('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '', 'AA==', networks.bitcoin)).toBe(false) // P2PKH: not BIP-322 simple here
    expect(verifyBitcoinMessage('not an address', 'hello', signature, networks.bitcoin)).toBe(false)
  })
})

describe('BitcoinDevWallet', () => {
  let esplora: Esplora
  beforeAll(async () => {
    esplora = await startEsplora()
  })
  afterAll(() => esplora.stop())

  const connected = async (options: Partial<ConstructorParameters<typeof BitcoinDevWallet>[0]> = {}) => {
    const wallet = new BitcoinDevWallet({ esploraUrl: esplora.url, feeRate: 1, ...options })
    await wallet.request('wallet_connect', null)
    return wallet
  }

  it('answers sats-connect JSON-RPC responses, errors included', async () => {
    const wallet = new BitcoinDevWallet({ esploraUrl: esplora.url })
    await expect(wallet.request('getInfo')).resolves.toMatchObject({ jsonrpc: '2.0', result: { version: '2.0.0', platform: 'web' } })
    await expect(wallet.request('wallet_getAccount')).resolves.toMatchObject({ error: { code: SatsConnectErrorCodes.ACCESS_DENIED } })
    await expect(wallet.request('stx_getAccounts')).resolves.toMatchObject({ error: { code: SatsConnectErrorCodes.METHOD_NOT_FOUND } })
    wallet.dev.setApprove(() => false)
    await expect(wallet.request('getAccounts', { purposes: ['payment'] })).resolves.toMatchObject({ error: { code: SatsConnectErrorCodes.USER_REJECTION } })
    await expect(wallet.request('wallet_getNetwork')).resolves.toMatchObject({ result: { bitcoin: { name: 'Regtest' } } })
  })

  it('signs PSBT inputs of both addresses (P2WPKH and taproot key path) and Esplora accepts the transaction', async () => {
    const wallet = await connected()
    const { payment, ordinals } = wallet.dev.addresses()
    const paymentTx = esplora.fund(payment, 50_000)
    const ordinalsTx = esplora.fund(ordinals, 20_000)
    const psbt = new Psbt({ network: networks.regtest })
    psbt.addInput({ hash: paymentTx, index: 0, witnessUtxo: { script: bitcoinAddress.toOutputScript(payment, networks.regtest), value: 50_000n } })
    psbt.addInput({ hash: ordinalsTx, index: 0, witnessUtxo: { script: bitcoinAddress.toOutputScript(ordinals, networks.regtest), value: 20_000n } })
    const receiver = payments.p2wpkh({ pubkey: ECPair.makeRandom().publicKey, network: networks.regtest }).address!
    psbt.addOutput({ address: receiver, value: 69_000n })
    const response = await wallet.request('signPsbt', { psbt: psbt.toBase64(), signInputs: { [payment]: [0], [ordinals]: [1] }, broadcast: true })
    const { txid } = (response as { result: { txid: string } }).result
    expect(esplora.chain.tx(txid)?.status).toMatchObject({ confirmed: true })
    expect(esplora.chain.utxos(receiver)).toEqual([expect.objectContaining({ txid, value: 69_000 })])
  })

  it('sendTransfer picks coins, pays change back and reports its balance', async () => {
    const wallet = await connected()
    const { payment } = wallet.dev.addresses()
    esplora.fund(payment, 30_000)
    esplora.fund(payment, 30_000)
    const receiver = payments.p2tr({ internalPubkey: ECPair.makeRandom().publicKey.subarray(1), network: networks.regtest }).address!
    const response = await wallet.request('sendTransfer', { recipients: [{ address: receiver, amount: 45_000 }] })
    const { txid } = (response as { result: { txid: string } }).result
    const fee = esplora.chain.tx(txid)!.fee
    expect(Number(fee)).toBeGreaterThanOrEqual(11 + 2 * 68 + 43 + 31) // 1 sat/vB over the estimate
    await expect(wallet.request('getBalance')).resolves.toMatchObject({ result: { total: String(60_000n - 45_000n - fee) } })
    await expect(wallet.request('sendTransfer', { recipients: [{ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 1 }] })).resolves.toMatchObject({
      error: { code: SatsConnectErrorCodes.INVALID_PARAMS },
    })
  })

  it('installs at its provider path, in btc_providers and as the default provider, and uninstalls cleanly', () => {
    const page: Record<string, unknown> = { btc_providers: [{ id: 'Other.Provider', name: 'Other', icon: '' }] }
    const installed = installBitcoinDevWallet({ window: page, esploraUrl: esplora.url })
    expect((page.PorticoDevProviders as Record<string, unknown>).BitcoinProvider).toBe(installed.wallet)
    expect(page.BitcoinProvider).toBe(installed.wallet)
    expect((page.btc_providers as { id: string }[]).map((p) => p.id)).toEqual(['Other.Provider', 'PorticoDevProviders.BitcoinProvider'])
    installed.uninstall()
    expect(page.BitcoinProvider).toBeUndefined()
    expect((page.btc_providers as { id: string }[]).map((p) => p.id)).toEqual(['Other.Provider'])
  })
})
