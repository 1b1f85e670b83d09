import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { serveCosmosExample } from '../dev/cosmos/examplePage'
import { startCosmosNode, type CosmosNode } from '../dev/cosmos/server'
import { KeplrDevWallet } from '../dev/wallets/cosmos'
import { DEV_COSMOS_KEY_HEX, fromHex } from '../dev/wallets/devKeys'
import { contextPerTest, screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { formatAmount } from '../src/ui/format/formatAmount'
import { readState, waitForValue } from './pageState'

// A third-party namespace plugin proves the plugin contract (issue 18): the example
// cosmos plugin (examples/cosmos-plugin), registered from config beside eip155 on its own
// dapp page, with the Keplr-style dev wallet (window.keplr) and the local Cosmos node
// stand-in (dev/cosmos), the modal on the stack's real services. Portico's src/ never
// names cosmos: everything cosmos comes from the plugin.
jest.setTimeout(120_000)

const env = setupStackAndBrowser()
const { newContext } = contextPerTest(env)
const visitor = new KeplrDevWallet({ privateKey: fromHex(DEV_COSMOS_KEY_HEX), chainIds: [] }).dev.address()
const receiver = 'cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0'
const START_UATOM = 10_000_000n // 10 ATOM

let node: CosmosNode
let page: { url: string; close(): Promise<void> }
beforeAll(async () => {
  node = await startCosmosNode()
  node.ledger.fund(visitor, START_UATOM)
  const stack = env.stack()
  page = await serveCosmosExample({
    node,
    outdir: path.join(os.tmpdir(), `portico-cosmos-example-${process.pid}`),
    projectId: 'portico-dev',
    endpoints: { blockchainApi: stack.serverUrl, walletListing: stack.serverUrl, secureFrame: stack.secureUrl, relay: stack.relayUrl },
  })
})
afterAll(async () => {
  await page?.close()
  await node?.stop()
})

async function openExample(): Promise<{ page: Page; errors: string[] }> {
  const tab = await (await newContext()).newPage()
  const errors = watchPageErrors(tab)
  await tab.goto(page.url)
  return { page: tab, errors }
}

async function connectKeplr(tab: Page) {
  await tab.getByRole('button', { name: 'Connect Wallet' }).click()
  await tab.getByRole('dialog').getByRole('button', { name: /Keplr/ }).click()
  await tab
    .getByTestId('example-address')
    .filter({ hasText: `cosmos:cosmoshub-local:${visitor}` })
    .waitFor({ timeout: 20_000 })
}

describe('the example cosmos plugin in the modal', () => {
  it('connects the Keplr-style dev wallet and shows its address and the balance the node holds', async () => {
    const { page: tab, errors } = await openExample()
    expect(await tab.evaluate(readState, 'options.namespaces')).toEqual(['eip155', 'cosmos'])
    // The plugin's features, as plain data in the store: what the views read instead of a namespace's name.
    expect(await tab.evaluate(readState, 'options.pluginFeatures.cosmos')).toMatchObject({
      name: 'Cosmos',
      send: true,
      balance: false,
      swapNetworks: [],
      capabilities: expect.arrayContaining(['connectors.sendTransaction', 'balance.getBalance']),
    })
    await tab.getByRole('button', { name: 'Connect Wallet' }).click()
    await tab.getByRole('dialog').getByRole('button', { name: /Keplr/ }).waitFor()
    await screenshot(tab, 'cosmos-connect-keplr')
    await tab.keyboard.press('Escape')
    await connectKeplr(tab)
    expect(await tab.evaluate(readState, 'account.byNamespace.cosmos.connectedWalletInfo.name')).toBe('Keplr')

    await waitForValue(tab, 'account.byNamespace.cosmos.balance', '10', 20_000)
    await tab.getByTestId('portico-connect-button').click()
    const account = tab.getByRole('dialog', { name: 'Account' })
    await account.waitFor()
    expect(await account.getByTestId('portico-account-address').getAttribute('title')).toBe(visitor)
    expect(await account.getByLabel('Balance').textContent()).toBe(`${formatAmount('10')} ATOM`)
    await account.getByRole('button', { name: /Cosmos Hub Local/ }).waitFor()
    // SPEC §5 features come from the plugin: no swaps on a cosmos network.
    expect(await account.getByRole('button', { name: 'Swap' }).count()).toBe(0)
    await screenshot(tab, 'cosmos-account')
    expect(errors).toEqual([])
  })

  it('sends ATOM through the Send view: the wallet signs, the node checks the signature and moves the coins', async () => {
    const { page: tab, errors } = await openExample()
    await connectKeplr(tab)
    const before = node.ledger.balanceOf(visitor)
    await tab.getByTestId('portico-connect-button').click()
    await tab.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Send' }).click()
    const form = tab.getByRole('dialog', { name: 'Send' })
    await form.getByLabel('Token').locator('option', { hasText: 'ATOM' }).first().waitFor({ state: 'attached' })
    await form.getByLabel('Amount').fill('1.5')
    // The receiver is checked with the plugin's own address rule: another chain's bech32 is refused.
    await form.getByLabel('Receiver address').fill('osmo1qqrsu9guyv4rzwplgex4gkmzd9c8wl596lznle')
    await form.getByTestId('portico-send-problem').waitFor()
    // The form says why inline, and Send stays disabled while it does.
    expect(await form.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true)
    expect(node.ledger.transfers).toEqual([])
    await form.getByLabel('Receiver address').fill(receiver)
    await form.getByTestId('portico-send-problem').waitFor({ state: 'detached' })
    await screenshot(tab, 'cosmos-send')
    await form.getByRole('button', { name: 'Send' }).click()
    await waitForValue(tab, 'send.status', 'sent', 20_000)

    const hash = (await tab.evaluate(readState, 'send.hash')) as string
    const fee = BigInt(node.chain.fee.amount)
    expect(node.ledger.transfers.at(-1)).toEqual({ hash, from: visitor, to: receiver, amount: 1_500_000n, fee })
    expect(node.ledger.balanceOf(receiver)).toBe(1_500_000n)
    const after = before - 1_500_000n - fee
    expect(node.ledger.balanceOf(visitor)).toBe(after)
    // The send ends on its result (issue 29); Done opens the Account view.
    await form.getByTestId('portico-transaction-result').getByRole('button', { name: 'Done' }).click()
    // The modal reads the balance again after the send, from the node.
    const shown = (Number(after) / 1e6).toString()
    await waitForValue(tab, 'account.byNamespace.cosmos.balance', shown, 20_000)
    await tab
      .getByRole('dialog', { name: 'Account' })
      .getByLabel('Balance')
      .filter({ hasText: `${formatAmount(shown)} ATOM` })
      .waitFor()
    await screenshot(tab, 'cosmos-sent')
    expect(errors).toEqual([])
  })
})
