import path from 'node:path'
import { build } from 'esbuild'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseAbi, parseEventLogs, type Address, type Hash } from 'viem'
import { browserScript } from '../dev/esbuildOptions'
import { VERIFYING_PAYMASTER_ADDRESS, verifyingPaymasterAbi } from '../dev/chain/paymaster'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { loginByEmail, secureFrame, waitForState } from './pageState'

// Gas sponsorship on the local stack (docs/smart-accounts.md, "Sponsored gas"): the stack
// deploys the VerifyingPaymaster with its deposit, the server signs for it under the
// development project's policy, and a new email user whose smart account holds 0 ETH
// mints the test NFT from the demo (wagmi's useWriteContract through porticoConnector).
// The approval in the secure frame says who pays the network fee.
jest.setTimeout(180_000)

// The development project's policy, with a cap of 4 sponsored operations a user and day:
// the four sends below use them, and the fifth is refused (issue 28).
const env = setupStackAndBrowser({ stack: { sponsorship: { perUserPerDayOperations: 4 } } })
const nftAbi = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'])

/** Approves the frame's prompt once it says the dapp pays the network fee. */
async function approveSponsored(page: Page): Promise<void> {
  const prompt = secureFrame(page).getByRole('dialog', { name: 'Approve transaction' })
  await prompt
    .locator('dd')
    .filter({ hasText: /^paid by / })
    .waitFor()
  await prompt.getByRole('button', { name: 'Approve' }).click()
}

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
    const accounts = (await waitForState(page, 'account.byNamespace.eip155.allAccounts', (value) => Array.isArray(value) && value.length === 2, 'two accounts', 60_000)) as {
      address: Address
      type: string
    }[]
    const smart = accounts.find((account) => account.type === 'smartAccount')!.address
    await page.getByTestId('wagmi-address').filter({ hasText: smart }).waitFor()
    expect(await chain.getBalance({ address: smart })).toBe(0n)
    const before = await deposit()

    await page.getByRole('button', { name: 'Mint the test NFT' }).click()
    const prompt = secureFrame(page).getByRole('dialog', { name: 'Approve transaction' })
    const fee = prompt.locator('.approval-field').filter({ has: page.locator('dt', { hasText: 'Network fee' }) })
    await fee
      .locator('dd')
      .filter({ hasText: /^paid by / })
      .waitFor()
    await page.waitForTimeout(1_000)
    await screenshot(page, 'embedded-sponsored-gas-prompt-light')
    await prompt.getByRole('button', { name: 'Approve' }).click()

    await page
      .getByTestId('wagmi-mint-result')
      .filter({ hasText: /^Confirmed in block/ })
      .waitFor({ timeout: 90_000 })
    const hash = ((await page.getByTestId('wagmi-mint-hash').textContent()) ?? '') as Hash
    const receipt = await chain.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(parseEventLogs({ abi: nftAbi, eventName: 'Transfer', logs: receipt.logs })[0]?.args.to).toBe(smart)
    expect(await chain.getBalance({ address: smart })).toBe(0n)
    expect(await deposit()).toBeLessThan(before)
    expect(errors).toEqual([])
  })

  it("through wagmi's useSendCalls with the dapp's paymasterService (ERC-7677): the demo's batch mint is paid by the paymaster, the account still at 0 ETH", async () => {
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    const smart = ((await page.getByTestId('wagmi-address').textContent()) ?? '') as Address
    await page.getByRole('button', { name: 'Mint with sponsored gas (sendCalls)' }).click()
    await approveSponsored(page)
    await page
      .getByTestId('wagmi-batch-result')
      .filter({ hasText: /^Confirmed in block/ })
      .waitFor({ timeout: 90_000 })
    const receipt = await chain.getTransactionReceipt({ hash: ((await page.getByTestId('wagmi-batch-hash').textContent()) ?? '') as Hash })
    expect(parseEventLogs({ abi: nftAbi, eventName: 'Transfer', logs: receipt.logs })[0]?.args.to).toBe(smart)
    expect(await chain.getBalance({ address: smart })).toBe(0n)
    expect(errors).toEqual([])
  })

  it("through portico.getProvider('eip155'): wallet_getCapabilities offers paymasterService, and wallet_sendCalls with the server's ERC-7677 URL lands with the account still at 0 ETH", async () => {
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> }
    const call = (method: string, params: unknown[]) =>
      page.evaluate(([method, params]) => (globalThis as unknown as { portico: { getProvider(ns: 'eip155'): Provider } }).portico.getProvider('eip155').request({ method, params }), [
        method,
        params,
      ] as const)
    const [smart] = (await call('eth_accounts', [])) as Address[]
    expect(await call('wallet_getCapabilities', [smart, ['0x1']])).toEqual({ '0x1': { atomic: { status: 'supported' }, paymasterService: { supported: true } } })

    const nft = env.stack().chains.chains[0]!.nft.address as Address
    const mint = `0x6a627842${smart!.slice(2).toLowerCase().padStart(64, '0')}`
    const url = `${env.stack().serverUrl}/v1/paymaster?projectId=portico-dev&chainId=1`
    const sent = call('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', from: smart, atomicRequired: true, calls: [{ to: nft, data: mint }], capabilities: { paymasterService: { url } } }])
    await approveSponsored(page)
    const { id } = (await sent) as { id: string }
    let status = (await call('wallet_getCallsStatus', [id])) as { status: number; receipts?: { status: string }[] }
    for (let polls = 0; status.status === 100 && polls < 200; polls++) {
      await page.waitForTimeout(100)
      status = (await call('wallet_getCallsStatus', [id])) as typeof status
    }
    expect(status).toMatchObject({ status: 200, atomic: true, receipts: [{ status: '0x1' }] })
    expect(await chain.getBalance({ address: smart! })).toBe(0n)
    expect(errors).toEqual([])
  })

  it("the docs' sponsoredMint (viem's sendCalls through getProvider('eip155'), docs/examples/sponsoredMint.ts) mints with gas paid by the dapp's paymaster", async () => {
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    // The example as a dapp would bundle it, loaded into the demo page.
    const bundled = await build({ ...browserScript, sourcemap: false, write: false, globalName: 'porticoDocs', entryPoints: [path.join(__dirname, '../docs/examples/sponsoredMint.ts')] })
    // Served from the demo's own origin, as the dapp's own script (its CSP allows 'self' only).
    const scriptUrl = new URL('/docs-example-sponsored-mint.js', env.stack().demoUrl).href
    await page.route(scriptUrl, (route) => route.fulfill({ contentType: 'text/javascript', body: bundled.outputFiles[0]!.text }))
    await page.addScriptTag({ url: scriptUrl })
    const [smart] = (await page.evaluate(() =>
      (globalThis as unknown as { portico: { getProvider(ns: 'eip155'): { request(args: { method: string }): Promise<unknown> } } }).portico.getProvider('eip155').request({ method: 'eth_accounts' }),
    )) as Address[]
    const nft = env.stack().chains.chains[0]!.nft.address as Address
    const url = `${env.stack().serverUrl}/v1/paymaster?projectId=portico-dev&chainId=1`
    const rpcUrl = env.stack().chains.chains[0]!.rpcUrl
    const minted = page.evaluate(
      ([nft, url, rpcUrl]) => {
        const scope = globalThis as unknown as { portico: unknown; porticoDocs: { sponsoredMint(portico: unknown, chain: unknown, nft: string, url: string): Promise<string> } }
        const local = { id: 1, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
        return scope.porticoDocs.sponsoredMint(scope.portico, local, nft, url)
      },
      [nft, url, rpcUrl] as const,
    )
    await approveSponsored(page)
    const receipt = await chain.getTransactionReceipt({ hash: (await minted) as Hash })
    expect(receipt.status).toBe('success')
    expect(parseEventLogs({ abi: nftAbi, eventName: 'Transfer', logs: receipt.logs })[0]?.args.to).toBe(smart)
    expect(await chain.getBalance({ address: smart! })).toBe(0n)
    expect(errors).toEqual([])
  })

  it("beyond the daily cap (4 sponsorships a user here) the next mint is refused with the policy's message; with no ETH the prompt says it cannot be sent, and nothing is", async () => {
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    const deposit = () => chain.readContract({ address: VERIFYING_PAYMASTER_ADDRESS, abi: verifyingPaymasterAbi, functionName: 'getDeposit' })
    const before = await deposit()
    await page.getByRole('button', { name: 'Mint the test NFT' }).click()
    const prompt = secureFrame(page).getByRole('dialog', { name: 'Approve transaction' })
    const field = (label: string) =>
      prompt
        .locator('.approval-field')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd')
    await field('Not sponsored')
      .filter({ hasText: /^Daily gas sponsorship limit reached for this account; it resets at \d{4}-\d{2}-\d{2}T00:00:00\.000Z \(midnight UTC\)$/ })
      .waitFor()
    await prompt.getByText('This account has no ETH to pay the network fee').waitFor()
    expect(await prompt.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    await page.waitForTimeout(1_000)
    await screenshot(page, 'embedded-sponsorship-daily-limit-light')
    await prompt.getByRole('button', { name: 'Close' }).click()
    const result = page.getByTestId('wagmi-mint-result')
    // The dapp (wagmi's useWriteContract) gets the refusal in words; nothing was sent.
    await result.filter({ hasText: /^Error: / }).waitFor()
    expect(await result.textContent()).toBe('Error: This account has no ETH to pay the network fee')
    expect(await page.getByTestId('wagmi-mint-hash').textContent()).toBe('—')
    expect(await deposit()).toBe(before)
    expect(errors).toEqual([])
  })
})
