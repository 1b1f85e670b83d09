import type { Page } from 'playwright-core'
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bitcoinAddress, initEccLib, networks, Psbt } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { createSolanaRpc, address as solanaAddress } from '@solana/kit'
import { regtestAccount } from '../dev/esplora/testSpend'
import { DEV_BITCOIN_SATS, DEV_SOLANA_LAMPORTS } from '../dev/stack'
import { BitcoinDevWallet } from '../dev/wallets/bitcoin/wallet'
import { DEV_BITCOIN_ORDINALS_KEY_HEX, DEV_BITCOIN_PAYMENT_KEY_HEX, fromHex } from '../dev/wallets/devKeys'
import { formatAmount } from '../src/ui/format/formatAmount'
import { contextPerTest, screenshot, setupStackAndBrowser } from './browser'
import { readState, waitForValue } from './pageState'

// A visitor on the demo with the development Solana (Wallet Standard) and Bitcoin
// (sats-connect) wallets the local stack injects, against the Solana RPC (LiteSVM) and
// Esplora stand-ins: connect each, see its balance.
jest.setTimeout(120_000)
initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

const env = setupStackAndBrowser()
const { openDemo } = contextPerTest(env)

async function connect(page: Page, wallet: RegExp) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog').getByRole('button', { name: wallet }).click()
  await page
    .getByTestId('demo-status')
    .filter({ hasText: /^connected$/ })
    .waitFor({ timeout: 20_000 })
}

describe('Solana and Bitcoin on the local stand-ins with the development wallets', () => {
  it('connects the Solana dev wallet and shows its SOL balance, read from the local RPC', async () => {
    const { page, errors } = await openDemo()
    await connect(page, /Portico Dev Solana Wallet/)
    const address = env.stack().devWallets.solana
    expect(await page.getByTestId('demo-address').textContent()).toMatch(new RegExp(`^solana:[1-9A-HJ-NP-Za-km-z]+:${address}$`))
    expect(await page.evaluate(readState, 'account.byNamespace.solana.connectedWalletInfo.name')).toBe('Portico Dev Solana Wallet')

    // What the stand-in holds for the address is what the visitor sees.
    const { value: lamports } = await createSolanaRpc(env.stack().solana.url).getBalance(solanaAddress(address)).send()
    expect(lamports).toBe(DEV_SOLANA_LAMPORTS)
    await page
      .getByTestId('demo-solana-balance')
      .filter({ hasText: /^10 SOL$/ })
      .waitFor({ timeout: 20_000 })
    expect(await page.evaluate(readState, 'account.byNamespace.solana.balance')).toBe('10')
    await screenshot(page, 'solana-dev-wallet-connected')
    expect(errors).toEqual([])
  })

  it('connects the Bitcoin dev wallet (payment and ordinals addresses) and shows its balance from Esplora', async () => {
    const { page, errors } = await openDemo()
    await connect(page, /Portico Dev Bitcoin Wallet/)
    const { payment, ordinals } = env.stack().devWallets.bitcoin
    expect(await page.getByTestId('demo-address').textContent()).toBe(`bip122:0f9188f13cb7b2c71f2a335e3a4fc328:${payment}`)
    const accounts = (await page.evaluate(readState, 'account.byNamespace.bip122.allAccounts')) as { address: string; type?: string }[]
    expect(accounts).toEqual([
      { address: payment, type: 'payment' },
      { address: ordinals, type: 'ordinal' },
    ])

    const stats = (await (await fetch(`${env.stack().esplora.url}/address/${payment}`)).json()) as { chain_stats: { funded_txo_sum: number } }
    expect(stats.chain_stats.funded_txo_sum).toBe(DEV_BITCOIN_SATS)
    await page
      .getByTestId('demo-bip122-balance')
      .filter({ hasText: /^0\.01 BTC$/ })
      .waitFor({ timeout: 20_000 })
    await screenshot(page, 'bitcoin-dev-wallet-connected')
    // SPEC §5: balance is an eip155 and solana feature; for Bitcoin the modal says so.
    expect(errors).toEqual([])
  })
})

/**
 * Runs in the page: records every toast's catalogue key, and every settled state (after the
 * actions of one go, as a render sees it) in which the shown account sits beside a
 * network of another namespace. Read back with `readRecords`.
 */
function recordToastsAndMismatches(): void {
  type State = {
    alerts: { toast?: { message: { key: string } } }
    account: { activeNamespace?: string; byNamespace: Record<string, { status: string; caipAddress?: string }> }
    network: { activeCaipNetworkId?: string; networks: { caipNetworkId: string; chainNamespace: string }[] }
  }
  const portico = (globalThis as unknown as { portico: { getState(): State; subscribe(listener: () => void): () => void } }).portico
  const records = { toasts: [] as string[], mismatches: [] as string[] }
  ;(globalThis as unknown as { porticoRecords: typeof records }).porticoRecords = records
  let queued = false
  portico.subscribe(() => {
    const toast = portico.getState().alerts.toast?.message.key
    if (toast && records.toasts.at(-1) !== toast) records.toasts.push(toast)
    if (queued) return
    queued = true
    queueMicrotask(() => {
      queued = false
      const state = portico.getState()
      const namespace = state.account.activeNamespace
      const account = namespace ? state.account.byNamespace[namespace] : undefined
      const network = state.network.networks.find((n) => n.caipNetworkId === state.network.activeCaipNetworkId)
      if (account?.status === 'connected' && network && network.chainNamespace !== namespace) records.mismatches.push(`${account.caipAddress} beside ${network.caipNetworkId}`)
    })
  })
}

function readRecords(): { toasts: string[]; mismatches: string[] } {
  return (globalThis as unknown as { porticoRecords: { toasts: string[]; mismatches: string[] } }).porticoRecords
}

describe('the Bitcoin account in the modal (issue 16)', () => {
  it('shows the balance and Tokens from Esplora with no false toast, and Activity from Esplora history', async () => {
    // History on the stand-in: the stack's 0.01 BTC funding, then a send from the dev wallet's payment address.
    const wallet = new BitcoinDevWallet({ esploraUrl: env.stack().esplora.url, paymentKey: fromHex(DEV_BITCOIN_PAYMENT_KEY_HEX), ordinalsKey: fromHex(DEV_BITCOIN_ORDINALS_KEY_HEX) })
    await wallet.request('wallet_connect')
    const receiver = regtestAccount().address
    const sent = await wallet.request('sendTransfer', { recipients: [{ address: receiver, amount: 250_000 }] })
    if (!('result' in sent)) throw new Error(`sendTransfer failed: ${sent.error.message}`)
    const { txid } = sent.result as { txid: string }
    const { payment } = env.stack().devWallets.bitcoin
    type Stats = { funded_txo_sum: number; spent_txo_sum: number }
    const { chain_stats: stats } = (await (await fetch(`${env.stack().esplora.url}/address/${payment}`)).json()) as { chain_stats: Stats }
    const sats = stats.funded_txo_sum - stats.spent_txo_sum
    const fee = DEV_BITCOIN_SATS - 250_000 - sats
    expect(fee).toBeGreaterThan(0)

    const { page, errors } = await openDemo()
    await page.evaluate(recordToastsAndMismatches)
    await connect(page, /Portico Dev Bitcoin Wallet/)
    const btc = (value: number) => (value / 1e8).toString()
    await waitForValue(page, 'account.byNamespace.bip122.tokenBalanceStatus', 'loaded', 20_000)
    expect(await page.evaluate(readState, 'account.byNamespace.bip122.balance')).toBe(btc(sats))

    await page.getByTestId('portico-connect-button').click()
    const dialog = page.getByRole('dialog', { name: 'Account' })
    await dialog.waitFor()
    expect(await dialog.getByTestId('portico-account-address').getAttribute('title')).toBe(payment)
    expect(await dialog.getByLabel('Balance').textContent()).toBe('0.007 BTC')
    await dialog.getByRole('button', { name: /Bitcoin Regtest/ }).waitFor()
    const tokens = dialog.getByTestId('portico-token-list').getByRole('listitem')
    // BTC has a fiat value from the price source (the server's default table: 60,000 USD).
    expect(await tokens.allTextContents()).toEqual([expect.stringMatching(/^BBitcoin0\.007 BTC\$[\d,]+\.\d{2}\$60,000\.00 each$/)])
    expect(await tokens.getByTestId('portico-token-value').textContent()).toBe(`$${((sats / 1e8) * 60_000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`)
    expect(await dialog.getByText('Loading balances…').count()).toBe(0)
    expect(await dialog.getByRole('button', { name: 'Swap' }).count()).toBe(0)
    await screenshot(page, 'bitcoin-account-tokens')

    await dialog.getByRole('tab', { name: 'Activity' }).click()
    const rows = dialog.getByTestId('portico-transaction')
    await rows.nth(1).waitFor({ timeout: 20_000 })
    const items = (await page.evaluate(readState, 'transactions.items')) as { id: string; metadata: { operationType: string } }[]
    expect(items.map((i) => [i.id, i.metadata.operationType])).toEqual([
      [txid, 'send'],
      [expect.stringMatching(/^[0-9a-f]{64}$/), 'receive'],
    ])
    const descriptions = await rows.getByTestId('portico-transaction-description').allTextContents()
    // The send shows what the address lost (the fee included), to the receiver truncated 4…6; the funding has no sender.
    expect(descriptions).toEqual([`-${formatAmount(btc(250_000 + fee))} BTC · to ${receiver.slice(0, 4)}…${receiver.slice(-6)}`, '+0.010 BTC'])
    expect(await rows.locator('time').allTextContents()).toEqual([expect.stringMatching(/^\d+ (sec|min) ago$/), expect.stringMatching(/^\d+ (sec|min) ago$/)])
    await screenshot(page, 'bitcoin-account-activity')

    const records = await page.evaluate(readRecords)
    expect(records.toasts).not.toContain('errors.tokenBalanceUnavailable')
    expect(records.mismatches).toEqual([])
    expect(errors).toEqual([])
  })

  it("never shows an account beside another namespace's network: an EVM network from a Bitcoin account asks for an EVM wallet first", async () => {
    const { page, errors } = await openDemo()
    await page.evaluate(recordToastsAndMismatches)
    await connect(page, /Portico Dev Bitcoin Wallet/)
    const networks = (await page.evaluate(readState, 'network.networks')) as { caipNetworkId: string; chainNamespace: string; name: string }[]
    const evm = networks.find((n) => n.chainNamespace === 'eip155')!
    const sol = networks.find((n) => n.chainNamespace === 'solana')!
    const dialog = page.getByRole('dialog')

    // Solana from the Bitcoin account, then the visitor closes the modal: nothing changes.
    await page.getByTestId('portico-connect-button').click()
    await dialog.getByRole('button', { name: /Bitcoin Regtest/ }).click()
    await dialog.getByRole('button', { name: sol.name }).click()
    await dialog
      .getByTestId('portico-connect-for-network')
      .filter({ hasText: `Connect a wallet for ${sol.name} to switch to it.` })
      .waitFor()
    expect(await dialog.getByRole('button', { name: /Portico Dev Bitcoin Wallet/ }).count()).toBe(0)
    await dialog.getByRole('button', { name: /Portico Dev Solana Wallet/ }).waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await page.evaluate(readState, 'account.activeNamespace')).toBe('bip122')
    expect(await page.evaluate(readState, 'network.activeCaipNetworkId')).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')

    // An EVM network: the Connect view for EVM wallets; connecting one makes its account the shown one, on that network.
    await page.getByTestId('portico-connect-button').click()
    await dialog.getByRole('button', { name: /Bitcoin Regtest/ }).click()
    await dialog.getByRole('button', { name: evm.name }).click()
    await dialog.getByTestId('portico-connect-for-network').waitFor()
    await screenshot(page, 'bitcoin-account-switch-to-evm-connect')
    await dialog.getByRole('button', { name: /Portico Dev Wallet/ }).click()
    await waitForValue(page, 'account.activeNamespace', 'eip155', 20_000)
    await waitForValue(page, 'network.activeCaipNetworkId', evm.caipNetworkId)
    expect(await page.getByTestId('demo-address').textContent()).toMatch(new RegExp(`^${evm.caipNetworkId}:0x[0-9a-fA-F]{40}$`))

    // Back to Bitcoin: connected already, so its account is shown at once, beside its own network, with no Swap.
    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: evm.name }).click()
    await dialog.getByRole('button', { name: 'Bitcoin Regtest' }).click()
    await waitForValue(page, 'account.activeNamespace', 'bip122')
    expect(await page.evaluate(readState, 'network.activeCaipNetworkId')).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await page.getByTestId('portico-connect-button').click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByRole('button', { name: /Bitcoin Regtest/ }).waitFor()
    expect(await account.getByTestId('portico-account-address').getAttribute('title')).toBe(env.stack().devWallets.bitcoin.payment)
    expect(await account.getByRole('button', { name: 'Swap' }).count()).toBe(0)
    expect((await page.evaluate(readRecords)).mismatches).toEqual([])
    expect(errors).toEqual([])
  })
})

// Last in the file: it spends one of the dev wallet's outputs, which the account tests above count.
describe("the dapp's Bitcoin provider over the sats-connect dev wallet (issue 16)", () => {
  it("signs a PSBT the dapp built through portico.getProvider('bip122'); bitcoinjs-lib verifies the signature, and the broadcast lands on Esplora", async () => {
    const { page, errors } = await openDemo()
    await connect(page, /Portico Dev Bitcoin Wallet/)
    const { payment } = env.stack().devWallets.bitcoin
    const esploraUrl = env.stack().esplora.url
    // The dapp spends one of the visitor's outputs, as read from Esplora.
    const [utxo] = (await (await fetch(`${esploraUrl}/address/${payment}/utxo`)).json()) as { txid: string; vout: number; value: number }[]
    expect(utxo).toBeDefined()
    const receiver = regtestAccount().address
    const psbt = new Psbt({ network: networks.regtest })
    psbt.addInput({ hash: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: bitcoinAddress.toOutputScript(payment, networks.regtest), value: BigInt(utxo!.value) } })
    psbt.addOutput({ address: receiver, value: BigInt(utxo!.value - 1_000) })

    const sign = (args: { psbt: string; payment: string; broadcast: boolean }) =>
      (globalThis as unknown as { portico: { getProvider(ns: 'bip122'): { signPsbt(p: unknown): Promise<{ psbt: string; txid?: string }> } } }).portico
        .getProvider('bip122')
        .signPsbt({ psbt: args.psbt, signInputs: { [args.payment]: [0] }, broadcast: args.broadcast })
    const signed = await page.evaluate(sign, { psbt: psbt.toBase64(), payment, broadcast: false })
    const back = Psbt.fromBase64(signed.psbt, { network: networks.regtest })
    expect(back.validateSignaturesOfInput(0, (pubkey, hash, signature) => ECPair.fromPublicKey(pubkey).verify(hash, signature))).toBe(true)
    expect(signed.txid).toBeUndefined()

    const sent = await page.evaluate(sign, { psbt: psbt.toBase64(), payment, broadcast: true })
    const utxos = (await (await fetch(`${esploraUrl}/address/${receiver}/utxo`)).json()) as { txid: string; value: number }[]
    expect(utxos).toEqual([expect.objectContaining({ txid: sent.txid, value: utxo!.value - 1_000 })])
    expect(errors).toEqual([])
  })
})
