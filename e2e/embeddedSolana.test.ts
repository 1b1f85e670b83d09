import type { Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address as toSolanaAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { loginByEmail, postToFrame, readState, secureFrame, waitForReply, waitForState } from './pageState'

// The embedded user's Solana key (issue 9) as a visitor meets it: log in by email in the
// demo, the same user is connected on eip155 and on solana (connector type AUTH); switch
// to the local Solana network in the modal, sign a message, approve it in the secure
// frame, and check the ed25519 signature against the Solana address the demo shows; send
// SOL from the embedded account; reload restores both; disconnect clears both.
jest.setTimeout(180_000)

const env = setupStackAndBrowser()
const MESSAGE = 'Hello from the Portico demo'
const SOL_RECEIVER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

const connected = (value: unknown) => value === 'connected'

describe('embedded wallet: the same user on Solana (ed25519) on the local stack', () => {
  let page: Page
  let errors: string[]
  const email = `solana.${Date.now()}@example.com`
  let evmAddress: string
  let solanaAddress: string

  beforeAll(async () => {
    page = await env.browser().newPage({ viewport: { width: 900, height: 820 } })
    errors = watchPageErrors(page)
    await page.goto(env.stack().demoUrl)
  })
  afterAll(() => page?.close())

  it('logs in by email; the user has an EVM and a Solana address, both through the AUTH connector', async () => {
    await loginByEmail(page, env.stack().serverUrl, email)
    await waitForState(page, 'account.byNamespace.solana.status', connected, 'connected')
    const caipAddress = (await page.getByTestId('demo-address').textContent())!
    expect(caipAddress).toMatch(/^eip155:1:0x[0-9a-fA-F]{40}$/)
    evmAddress = caipAddress.split(':')[2]!
    solanaAddress = (await page.evaluate(readState, 'account.byNamespace.solana.address')) as string
    expect(solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.connectedWalletInfo.type')).toBe('AUTH')
    expect(await page.evaluate(readState, 'account.byNamespace.solana.connectedWalletInfo.type')).toBe('AUTH')
    expect(await page.evaluate(readState, 'account.byNamespace.solana.user.email')).toBe(email)
  })

  it('switches to the local Solana network in the modal, signs a message, approved in the frame; ed25519 verifies it', async () => {
    const networks = (await page.evaluate(readState, 'network.networks')) as { caipNetworkId: string; chainNamespace: string; name: string }[]
    const localnet = networks.find((n) => n.chainNamespace === 'solana')!
    await page.getByRole('button', { name: 'Ethereum' }).first().click()
    await page.getByRole('dialog', { name: 'Choose Network' }).getByRole('button', { name: localnet.name }).click()
    await page.getByTestId('demo-network').filter({ hasText: localnet.caipNetworkId }).waitFor()
    // The demo shows the account of the network's namespace: the user's Solana address.
    const shown = (await page.getByTestId('demo-address').textContent())!
    expect(shown).toBe(`${localnet.caipNetworkId}:${solanaAddress}`)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Sign a message' }).click()
    const approve = secureFrame(page).getByRole('button', { name: 'Approve' })
    await approve.waitFor()
    await screenshot(page, 'embedded-solana-sign-approval-light')
    await approve.click()
    const signature = (await page
      .getByTestId('demo-signature')
      .filter({ hasText: /^[1-9A-HJ-NP-Za-km-z]{64,88}$/ })
      .textContent())!
    const publicKey = new Uint8Array(getBase58Encoder().encode(shown.split(':')[2]!))
    const signatureBytes = new Uint8Array(getBase58Encoder().encode(signature))
    expect(ed25519.verify(signatureBytes, new TextEncoder().encode(MESSAGE), publicKey)).toBe(true)
    // The EVM account of the same user is unchanged.
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.address')).toBe(evmAddress)
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.status')).toBe('connected')
  })

  it('sends SOL from the embedded account after the approval in the frame; the receiver holds it', async () => {
    const rpc = createSolanaRpc(env.stack().solana.url)
    env.stack().solana.airdrop(solanaAddress, 1_000_000_000n)
    const { value: before } = await rpc.getBalance(toSolanaAddress(SOL_RECEIVER)).send()

    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click()
    const form = page.getByRole('dialog', { name: 'Send' })
    await form.getByLabel('Amount').fill('0.25')
    await form.getByLabel('Receiver address').fill(SOL_RECEIVER)
    await form.getByRole('button', { name: 'Send' }).click()
    await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
    await waitForState(page, 'send.status', (value) => value === 'sent', 'sent')
    const { value: after } = await rpc.getBalance(toSolanaAddress(SOL_RECEIVER)).send()
    expect(after - before).toBe(250_000_000n)
    // The balance comes from the reference server's Blockchain API, priced (the chain alone knows no price).
    const sol = (await waitForState(page, 'account.byNamespace.solana.tokenBalance', (value) => Array.isArray(value) && value.length > 0, 'loaded')) as { symbol: string; price: number }[]
    expect(sol[0]).toMatchObject({ symbol: 'SOL', price: 150 })
    await page.keyboard.press('Escape')
  })

  it('solana_signAllTransactions shows every transaction of the batch decoded, on the Solana network; a batch with one unreadable transaction is refused (issue 25)', async () => {
    const networks = (await page.evaluate(readState, 'network.networks')) as { caipNetworkId: string; chainNamespace: string }[]
    const chainId = networks.find((n) => n.chainNamespace === 'solana')!.caipNetworkId
    const rpc = createSolanaRpc(env.stack().solana.url)
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const owner = toSolanaAddress(solanaAddress)
    const transfer = (to: string, lamports: bigint) =>
      getBase64EncodedWireTransaction(
        compileTransaction(
          pipe(
            createTransactionMessage({ version: 0 }),
            (m) => setTransactionMessageFeePayer(owner, m),
            (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
            (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: createNoopSigner(owner), destination: toSolanaAddress(to), amount: lamports }), m),
          ),
        ),
      )
    const other = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
    const refused = await waitForReply(
      page,
      await postToFrame(page, 'RPC_REQUEST', { method: 'solana_signAllTransactions', params: { transactions: [transfer(SOL_RECEIVER, 1n), 'AAAAAAAAAAAA'] }, chainId }),
    )
    expect(refused.payload).toMatchObject({ code: -32602, message: 'Transaction 2 of 2 is not a Solana transaction the wallet can show, so the batch is refused' })

    const id = await postToFrame(page, 'RPC_REQUEST', { method: 'solana_signAllTransactions', params: { transactions: [transfer(SOL_RECEIVER, 120_000_000n), transfer(other, 30_000_000n)] }, chainId })
    const prompt = secureFrame(page).getByRole('dialog', { name: 'Signature request' })
    await prompt.getByRole('heading', { name: 'Transaction 1 of 2, Instruction 1: Send SOL' }).waitFor()
    await prompt.getByRole('heading', { name: 'Transaction 2 of 2, Instruction 1: Send SOL' }).waitFor()
    for (const text of ['0.12 SOL', SOL_RECEIVER, '0.03 SOL', other, chainId, 'Sign 2 transactions']) expect(await prompt.getByText(text, { exact: true }).count()).toBe(1)
    await page.waitForTimeout(1_000)
    await screenshot(page, 'embedded-solana-sign-all-light')
    await prompt.getByRole('button', { name: 'Approve' }).click()
    const signed = (await waitForReply(page, id)).payload.result as { transactions: string[] }
    expect(signed.transactions).toHaveLength(2)
  })

  it('reload restores both accounts; disconnect clears both and signs out of the frame', async () => {
    await page.reload()
    await waitForState(page, 'account.byNamespace.eip155.status', connected, 'connected')
    await waitForState(page, 'account.byNamespace.solana.status', connected, 'connected')
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.address')).toBe(evmAddress)
    expect(await page.evaluate(readState, 'account.byNamespace.solana.address')).toBe(solanaAddress)

    await page.getByTestId('portico-connect-button').click()
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^disconnected$/ })
      .waitFor()
    expect(await page.evaluate(readState, 'account.byNamespace.solana.status')).toBe('disconnected')
    expect(await page.evaluate(readState, 'connectors.active')).toEqual({})
    // Issue 26: back on the dapp's default network, not Solana Localnet.
    expect(await page.evaluate(readState, 'network.activeCaipNetworkId')).toBe('eip155:1')
    await page.reload()
    await page.waitForTimeout(1_500)
    expect(await page.getByTestId('demo-status').textContent()).toBe('disconnected')
    expect(errors).toEqual([])
  })
})
