import * as ecc from '@bitcoinerlab/secp256k1'
import { address as toSolanaAddress, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { address as bitcoinAddress, initEccLib, networks, payments, Psbt } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { screenshot, setupStackAndBrowser } from './browser'
import { readState, waitForState, waitForValue } from './pageState'
import { disconnectDemo, pairWithWalletPage, unexpectedErrors } from './walletConnectPairing'

// Solana and Bitcoin over WalletConnect in Chromium: the demo pairs with the WalletConnect
// dev wallet page (second tab), which approves eip155, solana and bip122 with the dev
// keys. The dapp signs a PSBT over the session through portico.getProvider('bip122'),
// approved by hand on the wallet page, and the visitor sends SOL from the modal; both
// land on the stand-ins.
jest.setTimeout(150_000)
initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

const env = setupStackAndBrowser()
const connected = (value: unknown) => value === 'connected'
const unexpected = unexpectedErrors

describe('Solana and Bitcoin over WalletConnect, in the browser', () => {
  it("signs a PSBT the dapp built through portico.getProvider('bip122') over the session, approved on the wallet page; bitcoinjs-lib verifies it", async () => {
    const context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    const { dapp, wallet, errors } = await pairWithWalletPage(env.stack(), context)
    await waitForState(dapp, 'account.byNamespace.bip122.status', connected, 'connected')
    const { payment } = env.stack().devWallets.bitcoin
    expect(await dapp.evaluate(readState, 'account.byNamespace.bip122.address')).toBe(payment)
    expect(await dapp.evaluate(readState, 'account.byNamespace.bip122.connectedWalletInfo.type')).toBe('WALLET_CONNECT')

    // The dapp spends one of the visitor's outputs, as read from Esplora.
    const esploraUrl = env.stack().esplora.url
    const [utxo] = (await (await fetch(`${esploraUrl}/address/${payment}/utxo`)).json()) as { txid: string; vout: number; value: number }[]
    expect(utxo).toBeDefined()
    const receiver = payments.p2wpkh({ pubkey: ECPair.makeRandom().publicKey, network: networks.regtest }).address!
    const psbt = new Psbt({ network: networks.regtest })
    psbt.addInput({ hash: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: bitcoinAddress.toOutputScript(payment, networks.regtest), value: BigInt(utxo!.value) } })
    psbt.addOutput({ address: receiver, value: BigInt(utxo!.value - 1_000) })

    // The visitor approves this one by hand on the wallet page.
    await wallet.getByLabel('Approve everything automatically').uncheck()
    const sign = (args: { psbt: string; payment: string; broadcast: boolean }) =>
      (globalThis as unknown as { portico: { getProvider(ns: 'bip122'): { signPsbt(p: unknown): Promise<{ psbt: string; txid?: string }> } } }).portico
        .getProvider('bip122')
        .signPsbt({ psbt: args.psbt, signInputs: { [args.payment]: [0] }, broadcast: args.broadcast })
    const signing = dapp.evaluate(sign, { psbt: psbt.toBase64(), payment, broadcast: false })
    const request = wallet.locator('li.pending').filter({ hasText: /signPsbt on bip122:/ })
    await request.waitFor({ timeout: 20_000 })
    await screenshot(wallet, 'walletconnect-wallet-bitcoin-signpsbt-request')
    await request.getByRole('button', { name: 'Approve' }).click()
    const signed = await signing
    const back = Psbt.fromBase64(signed.psbt, { network: networks.regtest })
    expect(back.validateSignaturesOfInput(0, (pubkey, hash, signature) => ECPair.fromPublicKey(pubkey).verify(hash, signature))).toBe(true)
    expect(signed.txid).toBeUndefined()

    // Refused on the wallet page: the dapp's promise rejects with the 4001 the wallet sent.
    const refused = dapp.evaluate(
      async (args) => {
        try {
          await (globalThis as unknown as { portico: { getProvider(ns: 'bip122'): { signPsbt(p: unknown): Promise<unknown> } } }).portico
            .getProvider('bip122')
            .signPsbt({ psbt: args.psbt, signInputs: { [args.payment]: [0] } })
          return undefined
        } catch (error) {
          return (error as { code?: number }).code
        }
      },
      { psbt: psbt.toBase64(), payment },
    )
    await wallet
      .locator('li.pending')
      .filter({ hasText: /signPsbt on bip122:/ })
      .getByRole('button', { name: 'Reject' })
      .click()
    expect(await refused).toBe(4001)

    await wallet.getByLabel('Approve everything automatically').check()
    const sent = await dapp.evaluate(sign, { psbt: psbt.toBase64(), payment, broadcast: true })
    const utxos = (await (await fetch(`${esploraUrl}/address/${receiver}/utxo`)).json()) as { txid: string; value: number }[]
    expect(utxos).toEqual([expect.objectContaining({ txid: sent.txid, value: utxo!.value - 1_000 })])
    await disconnectDemo(dapp)
    // Issue 26: the session's three namespaces end together on the dapp's default network (not Bitcoin Regtest).
    expect(await dapp.evaluate(readState, 'network.activeCaipNetworkId')).toBe('eip155:1')
    expect(unexpected(errors)).toEqual([])
    await context.close()
  })

  it('sends SOL from the modal over the session: the wallet signs and sends, the transfer lands on the Solana stand-in', async () => {
    const context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    const { dapp, errors } = await pairWithWalletPage(env.stack(), context)
    await waitForState(dapp, 'account.byNamespace.solana.status', connected, 'connected')
    const solanaAddress = env.stack().devWallets.solana
    const networksList = (await dapp.evaluate(readState, 'network.networks')) as { caipNetworkId: string; chainNamespace: string; name: string }[]
    const localnet = networksList.find((n) => n.chainNamespace === 'solana')!

    // The session's Solana account is connected too: picking its network shows it, with no prompt.
    await dapp.getByRole('button', { name: 'Ethereum' }).first().click()
    await dapp.getByRole('dialog', { name: 'Choose Network' }).getByRole('button', { name: localnet.name }).click()
    await dapp.getByTestId('demo-network').filter({ hasText: localnet.caipNetworkId }).waitFor()
    expect(await dapp.getByTestId('demo-address').textContent()).toBe(`${localnet.caipNetworkId}:${solanaAddress}`)
    await dapp.keyboard.press('Escape')

    const rpc = createSolanaRpc(env.stack().solana.url)
    const receiver = (await generateKeyPairSigner()).address
    await dapp.getByTestId('portico-connect-button').click()
    await dapp.getByRole('dialog').getByRole('button', { name: 'Send' }).click()
    const form = dapp.getByRole('dialog', { name: 'Send' })
    await form.waitFor()
    await waitForValue(dapp, 'account.byNamespace.solana.tokenBalanceStatus', 'loaded')
    const select = form.getByLabel('Token')
    const option = await select
      .locator('option', { hasText: /^SOL · / })
      .first()
      .getAttribute('value')
    await select.selectOption(option!)
    await form.getByLabel('Amount').fill('0.5')
    await form.getByLabel('Receiver address').fill(receiver)
    await screenshot(dapp, 'walletconnect-solana-send')
    await form.getByRole('button', { name: 'Send' }).click()
    await waitForValue(dapp, 'send.status', 'sent')
    const { value: received } = await rpc.getBalance(toSolanaAddress(receiver)).send()
    expect(received).toBe(500_000_000n)
    const signature = (await dapp.evaluate(readState, 'send.hash')) as string
    const [status] = (await rpc.getSignatureStatuses([signature as never]).send()).value
    expect(status?.err ?? null).toBeNull()
    await dapp.keyboard.press('Escape')
    await disconnectDemo(dapp)
    expect(unexpected(errors)).toEqual([])
    await context.close()
  })
})
