import type { BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { devAccounts } from '../dev/chain/devAccounts'
import { ErrorMessages } from '../src/errors/messages'
import { en } from '../src/ui/strings'
import { setupStackAndBrowser } from './browser'
import { readState, waitForValue } from './pageState'
import { pairWithWalletPage, unexpectedErrors } from './walletConnectPairing'

// Issue 33, faults a visitor meets while sending over WalletConnect: the relay going away
// (a request the dapp gave up on must never reach the wallet later), and a hung chain node
// (a clear error within the SPEC's 10 s RPC timeout). This file's own stack: its anvil is
// paused and its relay stopped, which no other test may share.
jest.setTimeout(180_000)

const env = setupStackAndBrowser()
const REQUEST_TIMEOUT_MS = 15_000

/** Opens Send with balances loaded and fills in 0.5 ETH to `receiver`; returns the form. */
async function fillSend(dapp: Page, receiver: string) {
  await dapp.getByTestId('portico-connect-button').click()
  await dapp.getByRole('dialog').getByRole('button', { name: 'Send' }).click()
  const form = dapp.getByRole('dialog', { name: 'Send' })
  await form.waitFor()
  await waitForValue(dapp, 'account.byNamespace.eip155.tokenBalanceStatus', 'loaded')
  const select = form.getByLabel('Token')
  const option = await select.locator('option', { hasText: 'ETH' }).first().getAttribute('value')
  await select.selectOption(option!)
  await form.getByLabel('Amount').fill('0.5')
  await form.getByLabel('Receiver address').fill(receiver)
  return form
}

/** The wallet page's log, newest first. */
const walletLog = (wallet: Page) => wallet.locator('#log li').allTextContents()

describe('WalletConnect faults', () => {
  let context: BrowserContext | undefined
  afterEach(async () => {
    await context?.close()
    context = undefined
  })

  it('the ghost request: a send that failed while the relay was away never reaches the wallet when it is back, and nothing is mined', async () => {
    context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    const stack = env.stack()
    // The wallet page approves everything by itself: a request it is shown is a transfer mined.
    const { dapp, wallet, errors } = await pairWithWalletPage(stack, context, `?walletRequestTimeout=${REQUEST_TIMEOUT_MS}`)
    const receiver = devAccounts[7]!.address
    const chain = createPublicClient({ transport: http(stack.chains.chains[0]!.rpcUrl) })
    const before = await chain.getBalance({ address: receiver })
    const form = await fillSend(dapp, receiver)

    await stack.relay.stop()
    await waitForValue(dapp, 'walletConnect.relayConnected', false)
    const started = Date.now()
    await form.getByRole('button', { name: 'Send' }).click()
    // No spinner: the modal says what is going on.
    const status = dapp.getByTestId('portico-approve-status')
    await status.filter({ hasText: en.walletRelayReconnecting }).waitFor()
    expect(await dapp.locator('.portico-ring-busy').count()).toBe(0)

    await waitForValue(dapp, 'send.status', 'failed', REQUEST_TIMEOUT_MS + 10_000)
    const waited = Date.now() - started
    // Failed at the request's expiry, in words: not before it (it could still be delivered), not a minute later.
    expect(waited).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 1_000)
    expect(waited).toBeLessThan(REQUEST_TIMEOUT_MS + 5_000)
    expect(await dapp.evaluate(readState, 'send.error')).toEqual({ code: 'wallet/relay-unreachable', key: 'errors.walletConnectionLost', params: {} })
    await dapp.getByRole('dialog', { name: 'Send' }).getByText(ErrorMessages.walletConnectionLost).waitFor()
    expect(await dapp.getByRole('dialog').textContent()).not.toMatch(/publish payload|tag:1108/)

    // The relay comes back; the held-up message reaches the wallet past its expiry, and is dropped.
    await stack.relay.start()
    await waitForValue(dapp, 'walletConnect.relayConnected', true)
    await wallet.locator('#log li', { hasText: 'eth_sendTransaction on eip155:1 expired unanswered' }).waitFor({ timeout: 30_000 })
    const log = await walletLog(wallet)
    expect(log.filter((line) => /^Request eth_sendTransaction on \S+$|eth_sendTransaction (answered|failed)/.test(line))).toEqual([])
    expect(await wallet.locator('#pending li').count()).toBe(0)
    expect(await chain.getBalance({ address: receiver })).toBe(before)
    // The sign-client retrying the stopped relay is the one console error expected.
    expect(unexpectedErrors(errors).filter((e) => !/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/.*ERR_CONNECTION_REFUSED/.test(e))).toEqual([])
  })

  it('a hung chain node: Send fails with a translated error within the 10 s RPC timeout, and the wallet is never asked', async () => {
    context = await env.browser().newContext({ viewport: { width: 900, height: 820 } })
    const stack = env.stack()
    const { dapp, wallet } = await pairWithWalletPage(stack, context)
    const node = stack.chains.chains[0]!
    const form = await fillSend(dapp, devAccounts[8]!.address)
    // When the send status changes, by the page's clock.
    await dapp.evaluate(() => {
      const portico = (globalThis as unknown as { portico: { subscribe(l: () => void): void; getState(): { send: { status: string } } } }).portico
      const seen: Record<string, number> = {}
      ;(globalThis as unknown as { sendTimes: Record<string, number> }).sendTimes = seen
      portico.subscribe(() => {
        const { status } = portico.getState().send
        seen[status] ??= Date.now()
      })
    })
    const button = form.getByRole('button', { name: 'Send' })
    await expect(button.isEnabled()).resolves.toBe(true)
    node.pause()
    try {
      await button.click()
      await dapp.getByRole('dialog', { name: 'Send' }).getByText(ErrorMessages.networkDidNotAnswer).waitFor({ timeout: 20_000 })
      const shown = Date.now()
      const times = await dapp.evaluate(() => (globalThis as unknown as { sendTimes: Record<string, number> }).sendTimes)
      // From the moment the page took the click (the send began) to the translated error:
      // the SPEC's 10 s RPC timeout, once, not 71 s (before: 40.6 s busy, then 30.7 s on the
      // wallet). The margin above 10 s is for a loaded CI machine (10.9 s seen with the unit
      // tests running beside); a second timeout or the wallet's wait would take 20 s or more.
      expect(times.failed! - times.sending!).toBeGreaterThanOrEqual(10_000)
      expect(times.failed! - times.sending!).toBeLessThan(14_000)
      expect(shown - times.sending!).toBeLessThan(15_000)
      expect(await dapp.evaluate(readState, 'send.error')).toMatchObject({ key: 'errors.networkDidNotAnswer', params: {} })
      expect((await walletLog(wallet)).filter((line) => line.includes('eth_sendTransaction'))).toEqual([])
    } finally {
      node.resume()
    }
  })
})
