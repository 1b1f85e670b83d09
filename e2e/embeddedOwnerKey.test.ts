import type { Page } from 'playwright-core'
import { concat, createPublicClient, createWalletClient, defineChain, hashTypedData, http, parseEther, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Abi, entryPoint07Address, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { SAFE_ADDRESSES } from '../dev/chain/accountAbstraction'
import { localSmartAccount } from '../dev/chain/localSmartAccount'
import { DEV_PRIVATE_KEYS } from '../dev/chain/devAccounts'
import { BLIND_SIGNING_ACKNOWLEDGEMENT, BLIND_SIGNING_WARNING } from '../secure/describeRequest'
import { seriousA11yViolations } from './axe'
import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { approveEnabled, embeddedAccounts, frameHandledInput, loginByEmail, postToFrame, readState, replyOf, secureFrame, setThemeMode, waitForReply, type FrameReply } from './pageState'

// Issue 25 (high): a hostile page on the allow list talks to the secure frame directly,
// as any script on it could. It asks for the owner key (SET_PREFERRED_ACCOUNT eoa), then
// for the owner's signature of a user operation it built for the visitor's funded smart
// account (a Safe), sending 0.9 ETH to itself: as EIP-712 typed data (the Safe's SafeOp)
// and as a personal_sign of its 32-byte hash (Safe's "eth_sign" form). The account-type
// change needs the visitor's click on a prompt that names the key; the signatures are
// refused whatever the visitor clicks, and the smart account keeps its funds.
jest.setTimeout(240_000)

const env = setupStackAndBrowser()
const FRAME = 'iframe[data-portico-secure-frame]'
/** Longer than the approve delay (500 ms) plus a visibility report (100 ms), with room for a slow machine. */
const SETTLE_MS = 1_500

/**
 * Waits for the frame's answer to `id`. A prompt that opens meanwhile is approved by a
 * real, visible click (the visitor who falls for it), as often as prompts come.
 */
async function answerApprovingPrompts(page: Page, id: string): Promise<FrameReply> {
  const approve = secureFrame(page).getByRole('button', { name: 'Approve' })
  for (let tries = 0; tries < 600; tries++) {
    const reply = await replyOf(page, id)
    if (reply !== null) return reply
    if ((await approve.count()) === 1) {
      await approveEnabled(page)
      const box = (await approve.boundingBox())!
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
      await approve.waitFor({ state: 'detached' })
    }
    await page.waitForTimeout(100)
  }
  throw new Error(`the frame did not answer ${id}`)
}

describe('embedded wallet: the smart account’s owner key signs nothing that can spend from the smart account', () => {
  let page: Page
  let errors: string[]
  let eoa: Address
  let smart: Address

  beforeAll(async () => {
    page = await env.browser().newPage({ viewport: { width: 900, height: 860 } })
    errors = watchPageErrors(page)
    await page.goto(env.stack().demoUrl)
    await loginByEmail(page, env.stack().serverUrl, `owner.key.${Date.now()}@example.com`)
    const accounts = await embeddedAccounts(page)
    eoa = accounts.eoa
    smart = accounts.smart
  })
  afterAll(() => page?.close())

  it.each(['light', 'dark'] as const)('the dapp’s SET_PREFERRED_ACCOUNT shows a prompt naming the owner key; Cancel keeps the smart account (%s)', async (mode) => {
    await setThemeMode(page, mode)
    const id = await postToFrame(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })
    const prompt = secureFrame(page).getByRole('dialog', { name: 'Change account' })
    await prompt.waitFor()
    await prompt.getByText(`the owner key of smart account ${smart}`).waitFor()
    await approveEnabled(page)
    // A scripted click does not approve (approvalGesture.ts holds for this prompt too): once
    // the frame has handled it, the prompt is still open and nothing was answered.
    await prompt.getByRole('button', { name: 'Approve' }).evaluate((button: HTMLButtonElement) => button.click())
    await frameHandledInput(page)
    expect(await prompt.count()).toBe(1)
    expect(await replyOf(page, id)).toBeNull()
    await screenshot(page, `embedded-account-type-prompt-${mode}`)
    const frame = page.frames().find((candidate) => candidate.url().startsWith(env.stack().secureUrl))!
    expect(await seriousA11yViolations(frame, '.approval')).toEqual([])
    await prompt.getByRole('button', { name: 'Cancel' }).click()
    const reply = await waitForReply(page, id)
    expect(reply.type).toBe('@portico-frame/SET_PREFERRED_ACCOUNT_ERROR')
    expect(reply.payload).toMatchObject({ code: 4001 })
    expect(await page.evaluate(readState, 'account.byNamespace.eip155.user.address')).toBe(smart)
  })

  it("the owner's signature of a user operation for the funded smart account, as typed data or as a personal_sign of its hash, is refused; the account keeps its ETH", async () => {
    const rpcUrl = env.stack().chains.chains[0]!.rpcUrl
    const chain = defineChain({ id: 1, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
    const client = createPublicClient({ chain, transport: http(rpcUrl) })
    const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[7]), chain, transport: http(rpcUrl) })
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: smart, value: parseEther('1') }) })
    const attacker = privateKeyToAccount(generatePrivateKey()).address

    // 1. The hostile page asks for the owner key; the visitor clicks Approve on the prompt.
    const switched = await answerApprovingPrompts(page, await postToFrame(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' }))
    expect(switched.payload).toEqual({ type: 'eoa', address: eoa })

    // 2. It builds a user operation for the visitor's Safe that sends 0.9 ETH to itself, and the SafeOp the owner would sign.
    const account = await localSmartAccount(client as PublicClient, { ...privateKeyToAccount(generatePrivateKey()), address: eoa })
    expect(await account.getAddress()).toBe(smart)
    const { factory, factoryData } = await account.getFactoryArgs()
    const fees = await client.estimateFeesPerGas()
    const userOperation: UserOperation<'0.7'> = {
      sender: smart,
      nonce: await account.getNonce(),
      ...(factory !== undefined && factoryData !== undefined ? { factory, factoryData } : {}),
      callData: await account.encodeCalls([{ to: attacker, value: parseEther('0.9'), data: '0x' }]),
      callGasLimit: 200_000n,
      verificationGasLimit: 1_000_000n,
      preVerificationGas: 100_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      signature: '0x',
    }
    const safeOp = {
      domain: { chainId: 1, verifyingContract: SAFE_ADDRESSES.safe4337Module },
      types: {
        SafeOp: [
          { name: 'safe', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'initCode', type: 'bytes' },
          { name: 'callData', type: 'bytes' },
          { name: 'verificationGasLimit', type: 'uint128' },
          { name: 'callGasLimit', type: 'uint128' },
          { name: 'preVerificationGas', type: 'uint256' },
          { name: 'maxPriorityFeePerGas', type: 'uint128' },
          { name: 'maxFeePerGas', type: 'uint128' },
          { name: 'paymasterAndData', type: 'bytes' },
          { name: 'validAfter', type: 'uint48' },
          { name: 'validUntil', type: 'uint48' },
          { name: 'entryPoint', type: 'address' },
        ],
      },
      primaryType: 'SafeOp',
      message: {
        safe: smart,
        nonce: userOperation.nonce,
        initCode: factory !== undefined && factoryData !== undefined ? concat([factory, factoryData]) : '0x',
        callData: userOperation.callData,
        verificationGasLimit: userOperation.verificationGasLimit,
        callGasLimit: userOperation.callGasLimit,
        preVerificationGas: userOperation.preVerificationGas,
        maxPriorityFeePerGas: userOperation.maxPriorityFeePerGas,
        maxFeePerGas: userOperation.maxFeePerGas,
        paymasterAndData: '0x',
        validAfter: 0,
        validUntil: 0,
        entryPoint: entryPoint07Address,
      },
    } as const
    const safeOpHash = hashTypedData(safeOp)
    const json = JSON.stringify(safeOp, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))

    // 3. It asks the owner key for both forms; a prompt, if any, gets the visitor's click.
    const typedReply = await answerApprovingPrompts(page, await postToFrame(page, 'RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [eoa, json] }))
    const messageReply = await answerApprovingPrompts(page, await postToFrame(page, 'RPC_REQUEST', { method: 'personal_sign', params: [safeOpHash, eoa] }))
    const before = await client.getBalance({ address: smart })
    // 4. What the reviewer did next: submit the operation with the owner's signature, in the module's
    // layout (validAfter and validUntil, 6 bytes each, then the signature; Safe reads v > 30 as "eth_sign").
    const submit = async (signature: unknown, ethSign: boolean) => {
      if (typeof signature !== 'string') return
      const v = parseInt(signature.slice(-2), 16) + (ethSign ? 4 : 0)
      const packed = concat([`0x${'00'.repeat(12)}`, `${signature.slice(0, -2)}${v.toString(16)}` as Hex])
      const bundler = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[6]), chain, transport: http(rpcUrl) })
      await bundler
        .writeContract({
          address: entryPoint07Address,
          abi: entryPoint07Abi,
          functionName: 'handleOps',
          args: [[toPackedUserOperation({ ...userOperation, signature: packed })], bundler.account.address],
          gas: 2_000_000n,
        })
        .then((hash) => client.waitForTransactionReceipt({ hash }))
        .catch(() => undefined)
    }
    await submit(typedReply.payload.result, false)
    await submit(messageReply.payload.result, true)
    expect(await client.getBalance({ address: attacker })).toBe(0n)
    expect(await client.getBalance({ address: smart })).toBe(before)
    for (const reply of [typedReply, messageReply]) {
      expect(reply.type).toBe('@portico-frame/RPC_REQUEST_ERROR')
      expect(reply.payload).toMatchObject({ code: 4100, message: expect.stringContaining(`smart account ${smart}`) })
    }
    expect(errors).toEqual([])
  })

  it.each(['light', 'dark'] as const)('a blind personal_sign shows the warning; Approve waits for the ticked box, reachable by keyboard (%s)', async (mode) => {
    await setThemeMode(page, mode)
    const bytes = `0x${'ab'.repeat(40)}` as Hex
    const id = await postToFrame(page, 'RPC_REQUEST', { method: 'personal_sign', params: [bytes, eoa] })
    const prompt = secureFrame(page).getByRole('dialog', { name: 'Signature request' })
    await prompt.getByRole('alert').filter({ hasText: BLIND_SIGNING_WARNING }).waitFor()
    const box = prompt.getByRole('checkbox', { name: BLIND_SIGNING_ACKNOWLEDGEMENT })
    const approve = prompt.getByRole('button', { name: 'Approve' })
    await page.waitForTimeout(SETTLE_MS)
    expect(await box.isChecked()).toBe(false)
    expect(await approve.isEnabled()).toBe(false)
    await screenshot(page, `embedded-approval-blind-signing-${mode}`)
    const frame = page.frames().find((candidate) => candidate.url().startsWith(env.stack().secureUrl))!
    expect(await seriousA11yViolations(frame, '.approval')).toEqual([])
    // The keyboard way: Tab to the box, Space ticks it, Tab to Approve, Enter signs.
    await page.evaluate((selector) => (document.querySelector(selector) as HTMLIFrameElement).contentWindow!.focus(), FRAME)
    const focused = (locator: typeof box) => locator.evaluate((element) => element === document.activeElement)
    for (let presses = 0; presses < 6 && !(await focused(box)); presses++) await page.keyboard.press('Tab')
    await page.keyboard.press('Space')
    expect(await box.isChecked()).toBe(true)
    expect(await approve.isEnabled()).toBe(true)
    for (let presses = 0; presses < 4 && !(await focused(approve)); presses++) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    const signature = (await waitForReply(page, id)).payload.result as Hex
    const client = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    expect(await client.verifyMessage({ address: eoa, message: { raw: bytes }, signature })).toBe(true)
  })

  it('typed data is shown whole, field by field in the order of its types: the recipient after a 2,250-character note is in the prompt', async () => {
    await setThemeMode(page, 'light')
    const recipient = '0x000000000000000000000000000000000000bEEF'
    const typedData = {
      domain: { name: 'Shop', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Order: [
          { name: 'note', type: 'string' },
          { name: 'recipient', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Order',
      // The dapp's key order puts the note last; the prompt follows the types.
      message: { amount: '900000000000000000', recipient, note: 'Thank you for your order. '.repeat(90).slice(0, 2250) },
    }
    const id = await postToFrame(page, 'RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [eoa, JSON.stringify(typedData)] })
    const prompt = secureFrame(page).getByRole('dialog', { name: 'Signature request' })
    const message = prompt.getByRole('region', { name: 'Request details' }).locator('.approval-message')
    await message.waitFor()
    const text = (await message.textContent())!
    expect(text).toContain(`note: ${typedData.message.note}`)
    expect(text.indexOf(`recipient: ${recipient}`)).toBeGreaterThan(text.indexOf('note: '))
    expect(text).toContain('amount: 900000000000000000')
    // The region scrolls: at its end the recipient and amount are in view.
    await prompt.getByRole('region', { name: 'Request details' }).evaluate((region) => region.scrollTo({ top: region.scrollHeight }))
    await page.waitForTimeout(SETTLE_MS)
    await screenshot(page, 'embedded-approval-long-typed-data-light')
    await prompt.getByRole('button', { name: 'Cancel' }).click()
    expect((await waitForReply(page, id)).payload).toMatchObject({ code: 4001 })
  })
})
