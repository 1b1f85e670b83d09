import * as ecc from '@bitcoinerlab/secp256k1'
import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  verifySignature,
  type Address,
  type SignatureBytes,
} from '@solana/kit'
import type { WalletAccount } from '@wallet-standard/base'
import { address as bitcoinAddress, initEccLib, networks, payments, Psbt } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { startEsplora, verifyInput, type Esplora } from '../../dev/esplora'
import { startRelay, type Relay } from '../../dev/relay'
import { solanaLocalnet, startSolanaRpc, type SolanaRpc } from '../../dev/solana'
import { verifyBitcoinMessage } from '../../dev/wallets/bitcoin'
import { createWalletConnectDevWallet, type WalletConnectDevWallet } from '../../dev/wallets/walletconnect/wallet'
import type { Portico } from '../createPortico'
import type { RpcError } from '../errors'
import { bip122 } from '../plugins/bip122'
import { bitcoinRegtest } from '../plugins/bip122/networks'
import { solana } from '../plugins/solana'
import type { NamespacePlugin } from '../plugins/types'
import { rejection } from '../test/rejection'
import { solanaTransferBytes } from '../test/solanaPortico'
import { untilState } from '../test/untilState'
import type { CaipNetwork } from '../types/network'
import { noteSignClientInit, pairedPortico, settleSignClientTimers, until } from '../walletconnect/test/harness'

// Solana and Bitcoin over a WalletConnect session, through the plugins' own code: the saga
// attaches the session's Solana side (a Wallet Standard wallet) and Bitcoin side (a
// sats-connect provider) to the plugins. A real sign-client dapp (Portico's, lazily
// loaded) and the WalletConnect dev wallet (a real sign-client over the dev keys) pair
// through the local relay; sends land on the Solana and Esplora stand-ins.
jest.setTimeout(60_000)
initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

const SOL = 1_000_000_000n
const connectorId = 'walletConnect'

let relay: Relay
let rpc: SolanaRpc
let esplora: Esplora
let localnet: CaipNetwork
let wallet: WalletConnectDevWallet
let portico: Portico
let solanaPlugin: NamespacePlugin
let bitcoinPlugin: NamespacePlugin
/** The wallet's user says no to every request while set. */
let refuse = false

const solanaAddress = () => wallet.solanaAddress!
const payment = () => wallet.bitcoinAddress!
const freshBitcoinAddress = () => payments.p2wpkh({ pubkey: ECPair.makeRandom().publicKey, network: networks.regtest }).address!
const feature = <T>(target: { features: Record<string, unknown> }, name: string) => target.features[name] as T

beforeAll(async () => {
  ;[relay, rpc, esplora] = await Promise.all([startRelay(), startSolanaRpc(), startEsplora()])
  localnet = solanaLocalnet(rpc.url)
  wallet = await createWalletConnectDevWallet({
    relayUrl: relay.url,
    solana: { rpcUrl: rpc.url, chains: [localnet.caipNetworkId] },
    bitcoin: { esploraUrl: esplora.url },
    decideRequest: () => !refuse,
  })
  noteSignClientInit()
  rpc.airdrop(solanaAddress(), 5n * SOL)
  esplora.fund(payment(), 1_000_000)
  solanaPlugin = solana({ networks: [localnet] })
  bitcoinPlugin = bip122({ networks: [bitcoinRegtest], esploraUrl: esplora.url })
  portico = await pairedPortico({
    relay,
    wallet,
    plugins: [solanaPlugin, bitcoinPlugin],
    connected: (s) => s.account.byNamespace.solana?.status === 'connected' && s.account.byNamespace.bip122?.status === 'connected',
  })
})

beforeEach(() => {
  refuse = false
})

afterAll(async () => {
  portico?.destroy()
  await until(() => relay.connections() <= 1).catch(() => undefined)
  await wallet?.destroy()
  await relay?.stop()
  await rpc?.stop()
  await esplora?.stop()
  await settleSignClientTimers()
})

const transferBytes = (from: string, to: string, lamports: bigint) => solanaTransferBytes(rpc.url, from, to, lamports)

const lamportsOf = async (address: string) =>
  (
    await createSolanaRpc(rpc.url)
      .getBalance(address as Address)
      .send()
  ).value

describe('a WalletConnect session drives the solana plugin', () => {
  it('connects through the plugin: the session wallet is its connector walletConnect', async () => {
    expect(portico.getState().account.byNamespace.solana).toMatchObject({
      caipAddress: `${localnet.caipNetworkId}:${solanaAddress()}`,
      connectedWalletInfo: { connectorId, type: 'WALLET_CONNECT' },
    })
    await expect(solanaPlugin.connectors!.reconnect!({ connectorId, network: localnet })).resolves.toMatchObject({ address: solanaAddress() })
  })

  it('solana_signMessage: the wallet signs with its ed25519 key; the signature verifies', async () => {
    const message = 'Sign in to Portico over WalletConnect'
    const signature = await solanaPlugin.connectors!.signMessage!({ connectorId, address: solanaAddress(), message })
    const key = await getPublicKeyFromAddress(solanaAddress() as Address)
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(bytes).toHaveLength(64)
    expect(await verifySignature(key, bytes, new TextEncoder().encode(message))).toBe(true)
    expect(await verifySignature(key, bytes, new TextEncoder().encode('another message'))).toBe(false)
  })

  it("getProvider('solana') signs a transaction over the session (solana_signTransaction); the signed transaction lands on the stand-in", async () => {
    const provider = portico.getProvider('solana')
    const [account] = provider.accounts
    expect(account!.address).toBe(solanaAddress())
    const receiver = (await generateKeyPairSigner()).address
    type SignTransaction = { signTransaction(...inputs: { account: WalletAccount; chain: string; transaction: Uint8Array }[]): Promise<{ signedTransaction: Uint8Array }[]> }
    const [output] = await feature<SignTransaction>(provider, 'solana:signTransaction').signTransaction({
      account: account!,
      chain: 'solana:localnet',
      transaction: await transferBytes(solanaAddress(), receiver, SOL / 10n),
    })
    const signed = getTransactionDecoder().decode(output!.signedTransaction)
    const key = await getPublicKeyFromAddress(solanaAddress() as Address)
    expect(await verifySignature(key, signed.signatures[solanaAddress() as Address]!, signed.messageBytes)).toBe(true)
    await createSolanaRpc(rpc.url).sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
    expect(await lamportsOf(receiver)).toBe(SOL / 10n)
  })

  it("getProvider('solana') signs and sends (solana_signAndSendTransaction): the transfer lands on the stand-in", async () => {
    const provider = portico.getProvider('solana')
    const receiver = (await generateKeyPairSigner()).address
    type SignAndSend = { signAndSendTransaction(...inputs: { account: WalletAccount; chain: string; transaction: Uint8Array }[]): Promise<{ signature: Uint8Array }[]> }
    const [output] = await feature<SignAndSend>(provider, 'solana:signAndSendTransaction').signAndSendTransaction({
      account: provider.accounts[0]!,
      chain: 'solana:localnet',
      transaction: await transferBytes(solanaAddress(), receiver, SOL / 5n),
    })
    expect(output!.signature).toHaveLength(64)
    expect(await lamportsOf(receiver)).toBe(SOL / 5n)
  })

  it('the plugin sends SOL over the session (the modal Send path): it lands on the stand-in', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const signature = await solanaPlugin.connectors!.sendTransaction!({ connectorId, network: localnet, from: solanaAddress(), to: receiver, amount: String(SOL / 4n) })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await lamportsOf(receiver)).toBe(SOL / 4n)
  })

  it('a refusal in the wallet (4001) reaches the dapp as the plugin maps it: RpcError 4001, a user rejection', async () => {
    refuse = true
    const error = await rejection(solanaPlugin.connectors!.signMessage!({ connectorId, address: solanaAddress(), message: 'no' }))
    expect((error as RpcError).code).toBe(4001)
    expect((error as RpcError).isUserRejection).toBe(true)
  })
})

describe('a WalletConnect session drives the bip122 plugin', () => {
  it('connects through the plugin with the payment address on Regtest', () => {
    expect(portico.getState().account.byNamespace.bip122).toMatchObject({
      caipAddress: `${bitcoinRegtest.caipNetworkId}:${payment()}`,
      connectedWalletInfo: { connectorId, type: 'WALLET_CONNECT' },
    })
  })

  it("getProvider('bip122').getAddresses asks getAccountAddresses: payment and ordinals", async () => {
    const { addresses } = await portico.getProvider('bip122').getAddresses({ purposes: ['payment', 'ordinals'] as never })
    expect(addresses.map((a) => a.purpose)).toEqual(['payment', 'ordinals'])
    expect(addresses[0]!.address).toBe(payment())
    expect(addresses[1]!.address).toMatch(/^bcrt1p/)
  })

  it('signMessage over the session: a BIP-322 signature that verifies for the payment address', async () => {
    const { signature } = await portico.getProvider('bip122').signMessage({ address: payment(), message: 'hello over WalletConnect' })
    expect(verifyBitcoinMessage(payment(), 'hello over WalletConnect', signature, networks.regtest)).toBe(true)
    expect(verifyBitcoinMessage(payment(), 'hello from elsewhere', signature, networks.regtest)).toBe(false)
    // The plugin's own signMessage runs the same path.
    const viaPlugin = await bitcoinPlugin.connectors!.signMessage!({ connectorId, address: payment(), message: 'again' })
    expect(verifyBitcoinMessage(payment(), 'again', viaPlugin, networks.regtest)).toBe(true)
  })

  it('signPsbt over the session: bitcoinjs-lib verifies the signature; broadcast lands it on the Esplora stand-in', async () => {
    const funding = esplora.fund(payment(), 50_000)
    const psbt = new Psbt({ network: networks.regtest })
    const script = bitcoinAddress.toOutputScript(payment(), networks.regtest)
    psbt.addInput({ hash: funding, index: 0, witnessUtxo: { script, value: 50_000n } })
    const receiver = freshBitcoinAddress()
    psbt.addOutput({ address: receiver, value: 49_000n })
    const provider = portico.getProvider('bip122')
    const signed = await provider.signPsbt({ psbt: psbt.toBase64(), signInputs: { [payment()]: [0] } })
    const back = Psbt.fromBase64(signed.psbt, { network: networks.regtest })
    expect(back.validateSignaturesOfInput(0, (pubkey, hash, signature) => ECPair.fromPublicKey(pubkey).verify(hash, signature))).toBe(true)
    const tx = back.finalizeAllInputs().extractTransaction()
    expect(verifyInput(tx, 0, [{ script, value: 50_000n }])).toBeUndefined()
    const sent = await provider.signPsbt({ psbt: psbt.toBase64(), signInputs: { [payment()]: [0] }, broadcast: true })
    expect(sent.txid).toBe(tx.getId())
    expect(esplora.chain.utxos(receiver)).toEqual([expect.objectContaining({ txid: sent.txid, value: 49_000 })])
  })

  it('sendTransfer over the session pays the receiver on the Esplora stand-in; the plugin sends the same way', async () => {
    const receiver = freshBitcoinAddress()
    const { txid } = await portico.getProvider('bip122').sendTransfer({ recipients: [{ address: receiver, amount: 12_345 }] })
    expect(esplora.chain.utxos(receiver)).toEqual([expect.objectContaining({ txid, value: 12_345 })])
    const other = freshBitcoinAddress()
    const viaPlugin = await bitcoinPlugin.connectors!.sendTransaction!({ connectorId, network: bitcoinRegtest, from: payment(), to: other, amount: '20000' })
    expect(esplora.chain.utxos(other)).toEqual([expect.objectContaining({ txid: viaPlugin, value: 20_000 })])
  })

  it('more than one recipient is refused before the wallet is asked (WalletConnect pays one)', async () => {
    const error = await rejection(
      portico.getProvider('bip122').sendTransfer({
        recipients: [
          { address: freshBitcoinAddress(), amount: 1_000 },
          { address: freshBitcoinAddress(), amount: 1_000 },
        ],
      }),
    )
    expect((error as RpcError).code).toBe(-32602)
  })

  it('a refusal in the wallet (4001) reaches the dapp as the plugin maps it: RpcError 4001', async () => {
    refuse = true
    const error = await rejection(portico.getProvider('bip122').signMessage({ address: payment(), message: 'no' }))
    expect((error as RpcError).code).toBe(4001)
    expect((error as RpcError).isUserRejection).toBe(true)
  })
})

describe('the session ends', () => {
  it('the wallet disconnects: both namespaces disconnect and the plugins forget the session wallets', async () => {
    await wallet.disconnect(wallet.sessions()[0]!.topic)
    await untilState(portico, (s) => s.account.byNamespace.solana?.status !== 'connected' && s.account.byNamespace.bip122?.status !== 'connected', 10_000)
    await expect(solanaPlugin.connectors!.signMessage!({ connectorId, address: solanaAddress(), message: 'gone' })).rejects.toThrow(/not connected/)
    await expect(bitcoinPlugin.connectors!.signMessage!({ connectorId, address: payment(), message: 'gone' })).rejects.toThrow(/not connected/)
  })
})
