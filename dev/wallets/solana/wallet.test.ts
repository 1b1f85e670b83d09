// The Wallet Standard dev wallet on its own: registration in both orders of the
// standard's handshake, and what its features do.
import type { Wallet } from '@wallet-standard/base'

import { installSolanaDevWallet, UserRejectedError, type InstalledSolanaDevWallet } from '.'

/** The app side of the Wallet Standard handshake, as @wallet-standard/app does it. */
function app(target: EventTarget) {
  const registered = new Set<Wallet>()
  const api = {
    register: (...wallets: Wallet[]) => {
      wallets.forEach((wallet) => registered.add(wallet))
      return () => wallets.forEach((wallet) => registered.delete(wallet))
    },
  }
  const listen = () => target.addEventListener('wallet-standard:register-wallet', (event) => (event as CustomEvent<(a: typeof api) => void>).detail(api))
  const announce = () => target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  return { registered, listen, announce }
}

const SOLANA_RPC = 'http://127.0.0.1:9' // never called: these tests do not send

describe('Solana dev wallet', () => {
  let installed: InstalledSolanaDevWallet | undefined
  afterEach(() => installed?.uninstall())

  it('registers with an app that was listening first, and unregisters on uninstall', async () => {
    const page = new EventTarget()
    const dapp = app(page)
    dapp.listen()
    installed = await installSolanaDevWallet({ rpcUrl: SOLANA_RPC, window: page })
    expect([...dapp.registered]).toEqual([installed.wallet])
    installed.uninstall()
    expect(dapp.registered.size).toBe(0)
  })

  it('registers with an app that starts later (app-ready)', async () => {
    const page = new EventTarget()
    installed = await installSolanaDevWallet({ rpcUrl: SOLANA_RPC, window: page, name: 'Later' })
    const dapp = app(page)
    dapp.announce()
    expect([...dapp.registered].map((w) => w.name)).toEqual(['Later'])
  })

  it('connects silently only when already authorised, and reports refusals with code 4001', async () => {
    installed = await installSolanaDevWallet({ rpcUrl: { 'solana:devnet': SOLANA_RPC }, window: new EventTarget() })
    const { wallet } = installed
    expect(wallet.chains).toEqual(['solana:devnet'])
    const connect = wallet.features['standard:connect'].connect
    await expect(connect({ silent: true })).resolves.toEqual({ accounts: [] })
    wallet.dev.setApprove(() => false)
    await expect(connect()).rejects.toBeInstanceOf(UserRejectedError)
    await expect(connect()).rejects.toMatchObject({ code: 4001 })
    wallet.dev.setApprove(() => true)
    const { accounts } = await connect()
    expect(accounts.map((a) => a.address)).toEqual(wallet.dev.addresses())
    expect(accounts[0]!.publicKey).toHaveLength(32)
    await expect(connect({ silent: true })).resolves.toEqual({ accounts })
  })

  it('signs only for authorised accounts and supported chains', async () => {
    installed = await installSolanaDevWallet({ rpcUrl: SOLANA_RPC, window: new EventTarget() })
    const { wallet } = installed
    const account = { address: wallet.dev.addresses()[0]!, publicKey: new Uint8Array(32), chains: ['solana:localnet'] as const, features: [] }
    const sign = wallet.features['solana:signMessage'].signMessage
    await expect(sign({ account, message: new Uint8Array([1]) })).rejects.toMatchObject({ code: 4100 })
    await wallet.features['standard:connect'].connect()
    const [output] = await sign({ account, message: new Uint8Array([1, 2, 3]) })
    expect(output!.signature).toHaveLength(64)
    expect(output!.signedMessage).toEqual(new Uint8Array([1, 2, 3]))
    const sendOn = (chain: `${string}:${string}`) => wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain, transaction: new Uint8Array() })
    await expect(sendOn('solana:mainnet')).rejects.toThrow(/does not support solana:mainnet/)
  })
})
