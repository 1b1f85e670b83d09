import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, createWalletClient, erc20Abi, http, parseAbi, parseEther, parseEventLogs, parseUnits, type Address, type Hash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEV_PRIVATE_KEYS, devAccounts } from '../dev/chain/devAccounts'
import { allA11yViolations } from './axe'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { approveAccountChange, loginByEmail, readState, secureFrame, waitForState } from './pageState'

// The demo dapp is built on wagmi with `porticoConnector` (docs/wagmi.md). For each EVM
// connection type a visitor can make in the modal (the injected dev wallet, WalletConnect
// through the local relay and the dev wallet page, the embedded wallet's EOA and its
// smart account), wagmi's useWriteContract mints the test NFT, the chain shows the mint
// (read with viem), wagmi's useAccount matches Portico's state, and switching and
// disconnecting stay in step between the modal and wagmi.
jest.setTimeout(240_000)

const env = setupStackAndBrowser()
const nftAbi = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)', 'function ownerOf(uint256) view returns (address)'])

const chain = (index = 0) => createPublicClient({ transport: http(env.stack().chains.chains[index]!.rpcUrl) })
const nftAddress = () => env.stack().chains.chains[0]!.nft.address as Address

type Visit = { context: BrowserContext; page: Page; errors: string[] }

async function visit(): Promise<Visit> {
  const context = await env.browser().newContext({ viewport: { width: 900, height: 900 } })
  const page = await context.newPage()
  const errors = watchPageErrors(page)
  await page.goto(env.stack().demoUrl)
  return { context, page, errors }
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? ''

/** wagmi's useAccount, as the demo shows it. */
async function wagmiAccount(page: Page) {
  return { status: await text(page, 'wagmi-status'), address: await text(page, 'wagmi-address'), chainId: await text(page, 'wagmi-chain') }
}

/** wagmi and Portico agree: connected, same address, same chain. */
async function expectInStep(page: Page, chainId: number) {
  await page
    .getByTestId('wagmi-status')
    .filter({ hasText: /^connected$/ })
    .waitFor()
  await page
    .getByTestId('wagmi-chain')
    .filter({ hasText: new RegExp(`^${chainId}$`) })
    .waitFor()
  const portico = (await page.evaluate(readState, 'account.byNamespace.eip155.caipAddress')) as string
  const account = await wagmiAccount(page)
  expect(portico).toBe(`eip155:${chainId}:${account.address}`)
  return account.address as Address
}

/**
 * Clicks the demo's "Mint the test NFT" (wagmi useWriteContract), lets `approve` answer
 * the wallet, waits for the demo's confirmed result, and checks the mint on the chain.
 */
async function mintThroughWagmi(page: Page, owner: Address, approve?: () => Promise<void>) {
  await page.getByRole('button', { name: 'Mint the test NFT' }).click()
  await approve?.()
  const result = page.getByTestId('wagmi-mint-result')
  await result.filter({ hasText: /^Confirmed in block/ }).waitFor({ timeout: 90_000 })
  const hash = (await text(page, 'wagmi-mint-hash')) as Hash
  const receipt = await chain().getTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  const [transfer] = parseEventLogs({ abi: nftAbi, eventName: 'Transfer', logs: receipt.logs })
  expect(transfer?.args.to).toBe(owner)
  expect(await chain().readContract({ address: nftAddress(), abi: nftAbi, functionName: 'ownerOf', args: [transfer!.args.tokenId] })).toBe(owner)
  expect(await text(page, 'wagmi-mint-result')).toContain(`token #${transfer!.args.tokenId} minted to ${owner}`)
}

/** Switches network in Portico's modal (the network button, then OP Mainnet). */
async function switchInModal(page: Page) {
  await page.getByRole('button', { name: 'Ethereum' }).first().click()
  await page.getByRole('dialog', { name: 'Choose Network' }).getByRole('button', { name: 'OP Mainnet' }).click()
  await page.getByTestId('demo-network').filter({ hasText: 'eip155:10' }).waitFor()
  await page
    .getByRole('dialog')
    .waitFor({ state: 'detached' })
    .catch(async () => page.keyboard.press('Escape'))
}

async function disconnectInModal(page: Page) {
  await page.getByTestId('portico-connect-button').click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
  await page
    .getByTestId('demo-status')
    .filter({ hasText: /^disconnected$/ })
    .waitFor()
}

async function fund(address: Address, key: `0x${string}` = DEV_PRIVATE_KEYS[8]) {
  const funder = createWalletClient({ account: privateKeyToAccount(key), transport: http(env.stack().chains.chains[0]!.rpcUrl) })
  await chain().waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: address, value: parseEther('1'), chain: null }) })
}

describe('wagmi through porticoConnector, per EVM connection type', () => {
  it("injected wallet: wagmi's connect opens the modal; mint and token transfer through useWriteContract; switch and disconnect both ways", async () => {
    const { context, page, errors } = await visit()
    await page
      .getByTestId('wagmi-status')
      .filter({ hasText: /^disconnected$/ })
      .waitFor()
    await page.getByRole('button', { name: 'Connect through wagmi' }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    const owner = await expectInStep(page, 1)
    expect(owner).toBe(devAccounts[0]!.address)
    expect(await text(page, 'demo-last-event')).toBe(`CONNECT_SUCCESS ${owner}`)

    await mintThroughWagmi(page, owner)
    // The whole demo page, with the results shown: no axe violation of any impact (issue 29: a dd with a role broke its dl).
    expect(await allA11yViolations(page)).toEqual([])
    const receiver = devAccounts[9]!.address
    const token = env.stack().chains.chains[0]!.token.address as Address
    const before = await chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })
    await page.getByLabel('Receiver').fill(receiver)
    await page.getByLabel('PTT').fill('2.5')
    await page.getByRole('button', { name: 'Transfer the test token' }).click()
    await page
      .getByTestId('wagmi-transfer-result')
      .filter({ hasText: /^Confirmed in block/ })
      .waitFor()
    expect(await chain().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(before + parseUnits('2.5', 18))
    await screenshot(page, 'wagmi-demo-injected-light')

    await switchInModal(page)
    await expectInStep(page, 10)

    // A disconnect through wagmi closes Portico's connection.
    await page.getByRole('button', { name: 'Disconnect through wagmi' }).click()
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^disconnected$/ })
      .waitFor()
    await page
      .getByTestId('wagmi-status')
      .filter({ hasText: /^disconnected$/ })
      .waitFor()

    // And the other way round: connected in the modal, disconnected in the modal.
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await expectInStep(page, 10)
    await disconnectInModal(page)
    await page
      .getByTestId('wagmi-status')
      .filter({ hasText: /^disconnected$/ })
      .waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('injected wallet: a reload reconnects wagmi without ever showing it disconnected', async () => {
    const { context, page, errors } = await visit()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .click()
    await expectInStep(page, 1)
    // Record every status wagmi's useAccount shows from the first paint of the next load.
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(globalThis as { wagmiStatuses?: string[] }).wagmiStatuses = seen
      new MutationObserver(() => {
        const status = document.querySelector('[data-testid="wagmi-status"]')?.textContent
        if (status && seen.at(-1) !== status) seen.push(status)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.reload()
    await expectInStep(page, 1)
    const statuses = (await page.evaluate(() => (globalThis as { wagmiStatuses?: string[] }).wagmiStatuses)) ?? []
    expect(statuses).not.toContain('disconnected')
    expect(statuses.at(-1)).toBe('connected')
    await disconnectInModal(page)
    expect(errors).toEqual([])
    await context.close()
  })

  it('WalletConnect: the Connect view’s WalletConnect entry pairs with the dev wallet page; mint over the session; switch in the modal; disconnect through wagmi', async () => {
    const { context, page, errors } = await visit()
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'WalletConnect QR code' }).click()
    await page.getByTestId('portico-qr').waitFor({ timeout: 20_000 })
    await screenshot(page, 'wagmi-walletconnect-qr-light')
    const uri = (await page.evaluate(readState, 'walletConnect.uri')) as string
    const wallet = await context.newPage()
    await wallet.goto(`${env.stack().walletConnectWalletUrl}?uri=${encodeURIComponent(uri)}&auto=1`)
    // The session holds eip155, solana and bip122; each namespace connects on its own.
    await waitForState(page, 'account.byNamespace.eip155.status', (status) => status === 'connected', 'connected')
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.connectedWalletInfo.type')).toBe('WALLET_CONNECT')
    const owner = await expectInStep(page, 1)

    await mintThroughWagmi(page, owner)
    await switchInModal(page)
    await expectInStep(page, 10)
    await page.getByRole('button', { name: 'Disconnect through wagmi' }).click()
    await page
      .getByTestId('wagmi-status')
      .filter({ hasText: /^disconnected$/ })
      .waitFor()
    await waitForState(page, 'account.byNamespace.eip155.status', (status) => status === 'disconnected', 'disconnected')
    // The session also holds Solana and Bitcoin (the dev wallet approves all three):
    // wagmi's disconnect ends the EVM side only, and the session stays for the others.
    expect(await page.evaluate(readState, 'account.byNamespace.solana.status')).toBe('connected')
    expect(await page.evaluate(readState, 'walletConnect.status')).toBe('connected')
    // The reference server may refuse a chain it does not index; the saga then reads the chain.
    expect(errors.filter((e) => !/status of 40[04]/.test(e))).toEqual([])
    await context.close()
  })

  it('embedded wallet, smart account and then EOA: mint through wagmi, approved in the secure frame; a switch in the modal moves wagmi; a disconnect through wagmi signs out', async () => {
    const { context, page, errors } = await visit()
    await loginByEmail(page, env.stack().serverUrl, `wagmi.${Date.now()}@example.com`)
    const accounts = (await waitForState(page, 'account.byNamespace.eip155.allAccounts', (value) => Array.isArray(value) && value.length === 2, 'two accounts', 60_000)) as {
      address: Address
      type: string
    }[]
    const eoa = accounts.find((a) => a.type === 'eoa')!.address
    const smart = accounts.find((a) => a.type === 'smartAccount')!.address
    const approve = async () => {
      await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
    }

    // The smart account is the SPEC §9 default for eip155: wagmi sees it.
    expect(await expectInStep(page, 1)).toBe(smart)
    await fund(smart)
    await mintThroughWagmi(page, smart, approve)
    expect(await chain().getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/)
    await screenshot(page, 'wagmi-demo-smart-account-light')

    // The visitor switches to the EOA in the Account view; wagmi follows.
    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Account type: Smart account. Switch to EOA' }).click()
    await approveAccountChange(page)
    await page.getByTestId('wagmi-address').filter({ hasText: eoa }).waitFor()
    await page.keyboard.press('Escape')
    expect(await expectInStep(page, 1)).toBe(eoa)
    await fund(eoa, DEV_PRIVATE_KEYS[9])
    await mintThroughWagmi(page, eoa, approve)

    // A network switched in the modal moves wagmi; a disconnect through wagmi signs out in the modal.
    await switchInModal(page)
    expect(await expectInStep(page, 10)).toBe(eoa)
    await page.getByRole('button', { name: 'Disconnect through wagmi' }).click()
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^disconnected$/ })
      .waitFor()
    await page
      .getByTestId('wagmi-status')
      .filter({ hasText: /^disconnected$/ })
      .waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})
