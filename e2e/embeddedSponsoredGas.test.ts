import type { Page } from 'playwright-core'
import { createPublicClient, http, parseAbi, parseEventLogs, type Address, type Hash } from 'viem'
import { VERIFYING_PAYMASTER_ADDRESS, verifyingPaymasterAbi } from '../dev/chain/paymaster'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { loginByEmail, secureFrame, waitForState } from './pageState'

// Gas sponsorship on the local stack (docs/smart-accounts.md, "Sponsored gas"): the stack
// deploys the VerifyingPaymaster with its deposit, the server signs for it under the
// development project's policy, and a new email user whose smart account holds 0 ETH
// mints the test NFT from the demo (wagmi's useWriteContract through porticoConnector).
// The approval in the secure frame says who pays the network fee.
jest.setTimeout(180_000)

const env = setupStackAndBrowser()
const nftAbi = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'])

describe('embedded wallet: sponsored gas', () => {
  let page: Page
  let errors: string[]

  beforeAll(async () => {
    page = await env.browser().newPage({ viewport: { width: 900, height: 900 } })
    errors = watchPageErrors(page)
    await page.goto(env.stack().demoUrl)
  })
  afterAll(() => page?.close())

  it('a new user with 0 ETH mints the test NFT; the prompt says "Network fee: paid by" the dapp, the paymaster pays and the account still holds 0 ETH', async () => {
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    const deposit = () => chain.readContract({ address: VERIFYING_PAYMASTER_ADDRESS, abi: verifyingPaymasterAbi, functionName: 'getDeposit' })
    await loginByEmail(page, env.stack().serverUrl, `sponsored.${Date.now()}@example.com`)
    const accounts = (await waitForState(page, 'account.byNamespace.eip155.allAccounts', (value) => Array.isArray(value) && value.length === 2, 'two accounts', 60_000)) as { address: Address; type: string }[]
    const smart = accounts.find((account) => account.type === 'smartAccount')!.address
    await page.getByTestId('wagmi-address').filter({ hasText: smart }).waitFor()
    expect(await chain.getBalance({ address: smart })).toBe(0n)
    const before = await deposit()

    await page.getByRole('button', { name: 'Mint the test NFT' }).click()
    const prompt = secureFrame(page).getByRole('dialog', { name: 'Approve transaction' })
    const fee = prompt.locator('.approval-field').filter({ has: page.locator('dt', { hasText: 'Network fee' }) })
    await fee.locator('dd').filter({ hasText: /^paid by / }).waitFor()
    await page.waitForTimeout(1_000)
    await screenshot(page, 'embedded-sponsored-gas-prompt-light')
    await prompt.getByRole('button', { name: 'Approve' }).click()

    await page.getByTestId('wagmi-mint-result').filter({ hasText: /^Confirmed in block/ }).waitFor({ timeout: 90_000 })
    const hash = ((await page.getByTestId('wagmi-mint-hash').textContent()) ?? '') as Hash
    const receipt = await chain.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(parseEventLogs({ abi: nftAbi, eventName: 'Transfer', logs: receipt.logs })[0]?.args.to).toBe(smart)
    expect(await chain.getBalance({ address: smart })).toBe(0n)
    expect(await deposit()).toBeLessThan(before)
    expect(errors).toEqual([])
  })
})
