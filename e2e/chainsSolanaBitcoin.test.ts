import type { BrowserContext, Page } from 'playwright-core'
import { createSolanaRpc, address as solanaAddress } from '@solana/kit'
import { DEV_BITCOIN_SATS, DEV_SOLANA_LAMPORTS } from '../dev/stack'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { readState } from './pageState'

// A visitor on the demo with the development Solana (Wallet Standard) and Bitcoin
// (sats-connect) wallets the local stack injects, against the Solana RPC (LiteSVM) and
// Esplora stand-ins: connect each, see its balance.
jest.setTimeout(120_000)

const env = setupStackAndBrowser()
let context: BrowserContext | undefined
afterEach(async () => {
  await context?.close()
  context = undefined
})

async function openDemo(): Promise<{ page: Page; errors: string[] }> {
  // One context per test: a fresh origin storage, so no connection is restored.
  context = await env.browser().newContext({ viewport: { width: 900, height: 900 } })
  const page = await context.newPage()
  const errors = watchPageErrors(page)
  await page.goto(env.stack().demoUrl)
  return { page, errors }
}

async function connect(page: Page, wallet: RegExp) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog').getByRole('button', { name: wallet }).click()
  await page.getByTestId('demo-status').filter({ hasText: /^connected$/ }).waitFor({ timeout: 20_000 })
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
    await page.getByTestId('demo-solana-balance').filter({ hasText: /^10 SOL$/ }).waitFor({ timeout: 20_000 })
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
    await page.getByTestId('demo-bip122-balance').filter({ hasText: /^0\.01 BTC$/ }).waitFor({ timeout: 20_000 })
    await screenshot(page, 'bitcoin-dev-wallet-connected')
    // SPEC §5: balance is an eip155 and solana feature; for Bitcoin the modal says so.
    expect(errors).toEqual([])
  })
})
