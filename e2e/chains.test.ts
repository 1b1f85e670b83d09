import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem'
import { devAccounts } from '../dev/chain/devAccounts'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { readState, waitForValue } from './pageState'

// A visitor on the demo with the development injected wallet, against the real local
// chains: connect, see the balance, send ETH and the test token, switch network, disconnect.
jest.setTimeout(120_000)

const env = setupStackAndBrowser()
let page: Page
let errors: string[]
const visitor = devAccounts[0]!.address
const receiver = devAccounts[5]!.address

beforeAll(async () => {
  page = await env.browser().newPage({ viewport: { width: 900, height: 820 } })
  errors = watchPageErrors(page)
  await page.goto(env.stack().demoUrl)
})

const chain = (index: number) => createPublicClient({ transport: http(env.stack().chains.chains[index]!.rpcUrl) })
const token = () => env.stack().chains.chains[0]!.token.address as Address
const status = () => page.getByTestId('demo-status')
const dialog = () => page.getByRole('dialog')
const storeState = async <T>(path: string) => (await page.evaluate(readState, path)) as T

async function sendFromAccount(symbol: string, amount: string) {
  await page.getByTestId('portico-connect-button').click()
  await dialog().getByRole('button', { name: 'Send' }).click()
  const form = page.getByRole('dialog', { name: 'Send' })
  await form.waitFor()
  const select = form.getByLabel('Token')
  const option = await select.locator('option', { hasText: symbol }).first().getAttribute('value')
  await select.selectOption(option!)
  await form.getByLabel('Amount').fill(amount)
  await form.getByLabel('Receiver address').fill(receiver)
  await form.getByRole('button', { name: 'Send' }).click()
  await waitForState('send.status', 'sent')
  return storeState<string>('send.hash')
}

const waitForState = (path: string, expected: unknown, timeoutMs?: number) => waitForValue(page, path, expected, timeoutMs)

describe('EVM on the local chains with the development wallet', () => {
  it('connects with the injected dev wallet and shows the balance read from the chain', async () => {
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await dialog()
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await status()
      .filter({ hasText: /^connected$/ })
      .waitFor()
    expect(await page.getByTestId('demo-address').textContent()).toBe(`eip155:1:${visitor}`)
    await waitForState('account.byNamespace.eip155.tokenBalanceStatus', 'loaded')
    const onChain = await chain(0).getBalance({ address: visitor })
    const tokens = await storeState<{ symbol: string; quantity: { numeric: string } }[]>('account.byNamespace.eip155.tokenBalance')
    expect(tokens.map((t) => t.symbol)).toEqual(['ETH', 'PTT'])
    expect(parseEther(tokens[0]!.quantity.numeric)).toBe(onChain)
    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    await screenshot(page, 'chain-account-light')
    await page.keyboard.press('Escape')
  })

  it('sends ETH and the test token; the receiver holds them on chain', async () => {
    const ethBefore = await chain(0).getBalance({ address: receiver })
    const pttBefore = await chain(0).readContract({ address: token(), abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })
    const ethHash = await sendFromAccount('ETH', '0.5')
    expect(await chain(0).getBalance({ address: receiver })).toBe(ethBefore + parseEther('0.5'))
    await page.keyboard.press('Escape')
    const pttHash = await sendFromAccount('PTT', '12.5')
    const decimals = await chain(0).readContract({ address: token(), abi: erc20Abi, functionName: 'decimals' })
    expect(await chain(0).readContract({ address: token(), abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(pttBefore + parseUnits('12.5', decimals))
    // The account's balance is read again after each send.
    await waitForState('account.byNamespace.eip155.tokenBalanceStatus', 'loaded')
    // Each send shows in the activity: still pending, or already listed by the indexer
    // (which one depends on how fast the indexer polls, so both count).
    const pending = await storeState<string[]>('transactions.pending')
    const listed = (await storeState<{ metadata: { hash: string } }[]>('transactions.items')).map((item) => item.metadata.hash)
    const shown = new Set([...pending, ...listed].map((hash) => hash.toLowerCase()))
    expect([shown.has(ethHash.toLowerCase()), shown.has(pttHash.toLowerCase())]).toEqual([true, true])
    await page.keyboard.press('Escape')
  })

  it('switches the wallet to the second chain', async () => {
    await page.getByRole('button', { name: 'Ethereum' }).first().click()
    await page.getByRole('dialog', { name: 'Choose Network' }).getByRole('button', { name: 'OP Mainnet' }).click()
    await page.getByTestId('demo-network').filter({ hasText: 'eip155:10' }).waitFor()
    expect(await page.getByTestId('demo-address').textContent()).toBe(`eip155:10:${visitor}`)
    const onChain = await chain(1).getBalance({ address: visitor })
    await waitForState('account.byNamespace.eip155.tokenBalanceStatus', 'loaded')
    const tokens = await storeState<{ quantity: { numeric: string } }[]>('account.byNamespace.eip155.tokenBalance')
    expect(parseEther(tokens[0]!.quantity.numeric)).toBe(onChain)
    await page.keyboard.press('Escape')
  })

  it('disconnects', async () => {
    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
    await status()
      .filter({ hasText: /^disconnected$/ })
      .waitFor()
    // The only console errors allowed: the reference server has no balance endpoint yet
    // (issue 8), so the saga falls back to the chain after a 404.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([])
  })
})
