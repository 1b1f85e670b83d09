// The dapp's Solana handle (`portico.getProvider('solana')`), a Wallet Standard wallet, over
// a real connection: the Wallet Standard dev wallet (real ed25519 keys) and the LiteSVM
// RPC stand-in, through createPortico's real store and sagas. Wallet Standard apps
// listen on `window`; plain Node has none, so an EventTarget stands in for it.
import { createSolanaRpc, generateKeyPairSigner, getPublicKeyFromAddress, verifySignature, type Address, type SignatureBytes } from '@solana/kit'
import type { WalletAccount } from '@wallet-standard/base'
import type { Portico } from '../../createPortico'
import { NotConnectedError, type RpcError } from '../../errors'
import { rejection } from '../../test/rejection'
import { solanaPorticos, solanaTransferBytes } from '../../test/solanaPortico'
import { connectorsActions } from '../../store/slices/connectors'
import { accountActions } from '../../store/slices/account'

jest.setTimeout(60_000)

const SOL = 1_000_000_000n
const solanaPage = solanaPorticos()
const start = () => solanaPage.start()
const connect = (portico: Portico) => solanaPage.connect(portico)
const rpcUrl = () => solanaPage.standIns().rpc.url
const devAddress = () => solanaPage.standIns().installed.wallet.dev.addresses()[0]!

const feature = <T>(wallet: { features: Record<string, unknown> }, name: string) => wallet.features[name] as T
type Sign = { signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<{ signature: Uint8Array }[]> }
type SignAndSend = {
  signAndSendTransaction(...inputs: { account: WalletAccount; chain: string; transaction: Uint8Array }[]): Promise<{ signature: Uint8Array }[]>
}

const transferBytes = (from: string, to: string, lamports: bigint) => solanaTransferBytes(rpcUrl(), from, to, lamports)

describe("getProvider('solana')", () => {
  it('throws NotConnectedError while nothing is connected; with allowDisconnected it has no accounts and refuses to sign (4900)', async () => {
    const portico = start()
    expect(() => portico.getProvider('solana')).toThrow(NotConnectedError)
    const wallet = portico.getProvider('solana', { allowDisconnected: true })
    expect(wallet.accounts).toEqual([])
    expect(wallet.chains).toEqual(['solana:localnet'])
    const error = await rejection(feature<Sign>(wallet, 'solana:signMessage').signMessage({ account: {} as WalletAccount, message: new Uint8Array([1]) }))
    expect((error as RpcError).code).toBe(4900)
  })

  it('standard:connect opens the modal and resolves with the account the visitor connects; change events follow the store', async () => {
    const portico = start()
    const wallet = portico.getProvider('solana', { allowDisconnected: true })
    const changes: string[][] = []
    feature<{ on(event: 'change', listener: (p: { accounts?: readonly WalletAccount[] }) => void): () => void }>(wallet, 'standard:events').on('change', ({ accounts }) =>
      changes.push((accounts ?? []).map((a) => a.address)),
    )
    const connecting = feature<{ connect(): Promise<{ accounts: readonly WalletAccount[] }> }>(wallet, 'standard:connect').connect()
    expect(portico.getState().modal.open).toBe(true)
    await connect(portico)
    const address = devAddress()
    expect((await connecting).accounts.map((a) => a.address)).toEqual([address])
    expect(portico.getProvider('solana')).toBe(wallet)
    await feature<{ disconnect(): Promise<void> }>(wallet, 'standard:disconnect').disconnect()
    expect(portico.getState().account.byNamespace.solana?.status).toBe('disconnected')
    expect(changes).toEqual([[address], []])
  })

  it('solana:signMessage is signed by the connected wallet (ed25519, checked against the address)', async () => {
    const portico = start()
    await connect(portico)
    const wallet = portico.getProvider('solana')
    const [account] = wallet.accounts
    const message = new TextEncoder().encode('hello from the dapp')
    const [output] = await feature<Sign>(wallet, 'solana:signMessage').signMessage({ account: account!, message })
    const key = await getPublicKeyFromAddress(account!.address as Address)
    expect(await verifySignature(key, output!.signature as SignatureBytes, message)).toBe(true)
  })

  it('solana:signAndSendTransaction lands a SOL transfer on the stand-in', async () => {
    const portico = start()
    await connect(portico)
    const wallet = portico.getProvider('solana')
    const [account] = wallet.accounts
    const receiver = (await generateKeyPairSigner()).address
    const before = (
      await createSolanaRpc(rpcUrl())
        .getBalance(receiver as Address)
        .send()
    ).value
    const transaction = await transferBytes(account!.address, receiver, SOL / 10n)
    const [output] = await feature<SignAndSend>(wallet, 'solana:signAndSendTransaction').signAndSendTransaction({ account: account!, chain: 'solana:localnet', transaction })
    expect(output!.signature).toHaveLength(64)
    expect(
      (
        await createSolanaRpc(rpcUrl())
          .getBalance(receiver as Address)
          .send()
      ).value,
    ).toBe(before + SOL / 10n)
  })

  it('a connection the store names but the plugin does not hold yet (a restore under way) is refused with 4900, saying so', async () => {
    const portico = start()
    const address = devAddress()
    portico.store.dispatch(
      accountActions.connected({
        namespace: 'solana',
        address,
        caipNetworkId: solanaPage.standIns().localnet.caipNetworkId,
        connectedWalletInfo: { connectorId: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT' },
      }),
    )
    portico.store.dispatch(connectorsActions.connectSucceeded({ connectorId: 'walletConnect', namespace: 'solana' }))
    const wallet = portico.getProvider('solana')
    const error = await rejection(feature<Sign>(wallet, 'solana:signMessage').signMessage({ account: {} as WalletAccount, message: new Uint8Array([1]) }))
    expect((error as RpcError).code).toBe(4900)
    expect((error as RpcError).shortMessage).toBe("The 'walletConnect' Solana connection is not ready yet. Try again in a moment.")
  })
})
