// The dapp's Bitcoin handle (`portico.getProvider('bip122')`) over a real connection: the
// sats-connect dev wallet (real keys and PSBTs) and the Esplora stand-in (which checks
// every input signature), through createPortico's real store and sagas. sats-connect
// looks providers up on the global `window`; plain Node has none, so an object stands in.
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bitcoinAddress, initEccLib, networks, payments, Psbt } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { verifyBitcoinMessage } from '../../../dev/wallets/bitcoin'
import type { Portico } from '../../createPortico'
import { NotConnectedError, type RpcError } from '../../errors'
import { bitcoinPorticos } from '../../test/bitcoinPortico'
import { bitcoinRegtest } from './networks'
import { rejection } from '../../test/rejection'
import { connectorsActions } from '../../store/slices/connectors'
import { accountActions } from '../../store/slices/account'

jest.setTimeout(60_000)

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)
const bitcoinPage = bitcoinPorticos({ fundings: [600_000] })
const start = () => bitcoinPage.start()
const connect = (portico: Portico) => bitcoinPage.connect(portico)
const standIns = () => bitcoinPage.standIns()

const freshAddress = () => payments.p2wpkh({ pubkey: ECPair.makeRandom().publicKey, network: networks.regtest }).address!

describe("getProvider('bip122')", () => {
  it('throws NotConnectedError while nothing is connected; with allowDisconnected its requests reject with 4900', async () => {
    const portico = start()
    expect(() => portico.getProvider('bip122')).toThrow(NotConnectedError)
    const error = await rejection(portico.getProvider('bip122', { allowDisconnected: true }).getAddresses({ purposes: ['payment' as never] }))
    expect((error as RpcError).code).toBe(4900)
  })

  it('getAddresses and signMessage in sats-connect shapes, through the connected wallet', async () => {
    const portico = start()
    await connect(portico)
    const provider = portico.getProvider('bip122')
    const { payment } = standIns().installed.wallet.dev.addresses()
    const { addresses } = await provider.getAddresses({ purposes: ['payment' as never] })
    expect(addresses.map((a) => a.address)).toContain(payment)
    const { signature } = await provider.signMessage({ address: payment, message: 'hello from the dapp' })
    expect(verifyBitcoinMessage(payment, 'hello from the dapp', signature, networks.regtest)).toBe(true)
    expect(verifyBitcoinMessage(payment, 'hello from another dapp', signature, networks.regtest)).toBe(false)
  })

  it('signPsbt signs the inputs asked for; bitcoinjs-lib verifies the signature, and broadcast lands it on Esplora', async () => {
    const portico = start()
    await connect(portico)
    const { payment } = standIns().installed.wallet.dev.addresses()
    const funding = standIns().esplora.fund(payment, 50_000)
    const psbt = new Psbt({ network: networks.regtest })
    psbt.addInput({ hash: funding, index: 0, witnessUtxo: { script: bitcoinAddress.toOutputScript(payment, networks.regtest), value: 50_000n } })
    const receiver = freshAddress()
    psbt.addOutput({ address: receiver, value: 49_000n })
    const signed = await portico.getProvider('bip122').signPsbt({ psbt: psbt.toBase64(), signInputs: { [payment]: [0] } })
    const back = Psbt.fromBase64(signed.psbt, { network: networks.regtest })
    expect(back.validateSignaturesOfInput(0, (pubkey, hash, signature) => ECPair.fromPublicKey(pubkey).verify(hash, signature))).toBe(true)
    back.finalizeAllInputs()
    const sent = await portico.getProvider('bip122').request('signPsbt', { psbt: psbt.toBase64(), signInputs: { [payment]: [0] }, broadcast: true })
    expect(standIns().esplora.chain.utxos(receiver)).toEqual([expect.objectContaining({ txid: sent.txid, value: 49_000 })])
  })

  it('sendTransfer pays the receiver; a refusal reaches the dapp as 4001', async () => {
    const portico = start()
    await connect(portico)
    const provider = portico.getProvider('bip122')
    const receiver = freshAddress()
    const { txid } = await provider.sendTransfer({ recipients: [{ address: receiver, amount: 12_345 }] })
    expect(standIns().esplora.chain.utxos(receiver)).toEqual([expect.objectContaining({ txid, value: 12_345 })])
    standIns().installed.wallet.dev.setApprove(() => false)
    const error = await rejection(provider.sendTransfer({ recipients: [{ address: receiver, amount: 1_000 }] }))
    expect((error as RpcError).code).toBe(4001)
  })

  it('a connection the store names but the plugin does not hold yet (a restore under way) is refused with 4900, saying so', async () => {
    const portico = start()
    const { payment } = standIns().installed.wallet.dev.addresses()
    portico.store.dispatch(
      accountActions.connected({
        namespace: 'bip122',
        address: payment,
        caipNetworkId: bitcoinRegtest.caipNetworkId,
        connectedWalletInfo: { connectorId: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' },
      }),
    )
    portico.store.dispatch(connectorsActions.connectSucceeded({ connectorId: 'walletConnect', namespace: 'bip122' }))
    const error = await rejection(portico.getProvider('bip122').signMessage({ address: payment, message: 'hello' }))
    expect((error as RpcError).code).toBe(4900)
    expect((error as RpcError).shortMessage).toBe("The 'walletConnect' Bitcoin connection is not ready yet. Try again in a moment.")
  })
})
