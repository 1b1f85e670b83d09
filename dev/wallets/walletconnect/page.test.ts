import { verifyMessage, type Hex } from 'viem'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, screenshot, watchPageErrors } from '../../../e2e/browser'
import { createWalletConnectClient } from '../../../src/walletconnect/client'
import type { WalletConnectClient, WalletConnectEvent } from '../../../src/walletconnect/types'
import { dappMetadata, noteSignClientInit, settleSignClientTimers, testNetwork } from '../../../src/walletconnect/test/harness'
import { startRelay, type Relay } from '../../relay'
import { serveWalletConnectWallet, type ServedWalletConnectWallet } from './build'
import { builtInProtocols } from '../../../src/walletconnect/test/protocols'

// The dev wallet page in Chromium, under its strict CSP: a Node dapp pairs with it
// through the local relay and the visitor approves in the page.
jest.setTimeout(60_000)

let relay: Relay
let served: ServedWalletConnectWallet
let browser: Browser
let page: Page
let errors: string[]
let dapp: WalletConnectClient

beforeAll(async () => {
  relay = await startRelay()
  ;[served, browser] = await Promise.all([serveWalletConnectWallet({ config: { relayUrl: relay.url, rpcUrls: { 1: 'http://127.0.0.1:1' } } }), launchBrowser()])
  dapp = createWalletConnectClient({ projectId: 'p', relayUrl: relay.url, metadata: dappMetadata, protocols: builtInProtocols, networks: [testNetwork(1), testNetwork(10)] })
  await dapp.init()
  noteSignClientInit()
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([dapp?.destroy(), served?.close()])
  await relay?.stop()
  await settleSignClientTimers()
})

describe('WalletConnect dev wallet page', () => {
  it('pairs from ?uri=, approves the session and a personal_sign on click, and disconnects', async () => {
    const { uri, approval } = await dapp.connect()
    page = await browser.newPage()
    errors = watchPageErrors(page)
    await page.goto(`${served.url}?uri=${encodeURIComponent(uri)}`)
    await page.locator('#pending li', { hasText: 'Connect to Portico test dapp?' }).waitFor()
    await page.locator('#pending [data-action="approve"]').click()
    const session = await approval
    const address = session.namespaces.eip155!.accounts[0]!.split(':')[2]!
    expect(session.namespaces.eip155!.chains).toEqual(['eip155:1', 'eip155:10'])
    await page.getByText('Portico test dapp', { exact: true }).waitFor()

    const message = '0x48656c6c6f' as Hex
    const signed = dapp.request<Hex>({ method: 'personal_sign', params: [message, address], chainId: 'eip155:1' })
    await page.locator('#pending li', { hasText: 'personal_sign on eip155:1' }).waitFor()
    await screenshot(page, 'walletconnect-dev-wallet-request')
    await page.locator('#pending [data-action="approve"]').click()
    expect(await verifyMessage({ address: address as Hex, message: { raw: message }, signature: await signed })).toBe(true)

    const ended = new Promise<WalletConnectEvent>((resolve) => dapp.onEvent((event) => event.type === 'disconnect' && resolve(event)))
    await page.locator('#sessions [data-action="disconnect"]').click()
    expect(await ended).toEqual({ type: 'disconnect', reason: 'session_delete' })
    expect(errors).toEqual([])
  })

  it("a rejected proposal rejects the dapp's approval", async () => {
    const { uri, approval } = await dapp.connect()
    await page.locator('#uri').fill(uri)
    await page.getByRole('button', { name: 'Pair' }).click()
    await page.locator('#pending li', { hasText: 'Connect to Portico test dapp?' }).waitFor()
    await page.locator('#pending [data-action="reject"]').click()
    await expect(approval).rejects.toMatchObject({ message: 'User rejected.' })
    expect(errors).toEqual([])
  })
})
