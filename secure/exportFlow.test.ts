/**
 * EXPORT_PRIVATE_KEY through the secure frame's logic (fake server, scripted prompt in
 * place of the DOM): the key is rebuilt only after the step-up the server checks, it is
 * handed to the prompt only, and the app's messages carry nothing but the status.
 */
import { getBase58Encoder } from '@solana/kit'
import { privateKeyToAccount } from 'viem/accounts'
import { ApiError } from './api'
import { EXPORT_TEXT, exportErrorText, type ExportPrompts, type ExportSteps } from './exportFlow'
import { evmAccount, startTestFrame, type TestFrame } from './test/fakes'
import { ed25519 } from '@noble/curves/ed25519'
import { getBase58Decoder } from '@solana/kit'

/** A prompt that runs a script against the steps it is given, and records what it showed. */
function scriptedPrompts(script: (steps: ExportSteps) => Promise<'closed' | 'cancelled'>) {
  const shown: string[] = []
  const opened: Array<{ namespace: string; address: string; email: string | null }> = []
  const prompts: ExportPrompts = {
    async open(wallet, steps) {
      opened.push(wallet)
      return script({ ...steps, reveal: async () => (shown.push(await steps.reveal()), shown.at(-1)!) })
    },
    dismiss: () => undefined,
  }
  return { prompts, shown, opened }
}

async function signIn(test: TestFrame, email = 'ada@example.com') {
  await test.ask('CONNECT_EMAIL', { email })
  const reply = await test.ask('CONNECT_OTP', { otp: test.api.codes.get(email) })
  expect(reply.type).toBe('@portico-frame/CONNECT_OTP_SUCCESS')
}

/** The visitor asks for the emailed code, enters it, and shows the key. */
async function stepUpAndReveal(steps: ExportSteps): Promise<'closed'> {
  await steps.sendCode()
  await steps.confirmCode('246810')
  await steps.reveal()
  return 'closed'
}

/** Every message the app received, as text: none may carry the key in any form. */
const postedText = (test: TestFrame) => JSON.stringify(test.host.posted)

describe('EXPORT_PRIVATE_KEY', () => {
  it('shows the eip155 key in the prompt after an email step-up; the app gets {} and nothing of the key', async () => {
    const held = scriptedPrompts(async (steps) => {
      expect(await steps.status()).toEqual({ methods: ['email'], fresh: false })
      return stepUpAndReveal(steps)
    })
    const test = await startTestFrame({ exportPrompts: () => held.prompts })
    await signIn(test)
    const reply = await test.ask('EXPORT_PRIVATE_KEY', {})
    expect(reply).toMatchObject({ type: '@portico-frame/EXPORT_PRIVATE_KEY_SUCCESS', payload: {} })
    expect(held.opened).toEqual([{ namespace: 'eip155', address: evmAccount.address, email: 'ada@example.com' }])
    expect(held.shown).toHaveLength(1)
    expect(privateKeyToAccount(held.shown[0] as `0x${string}`).address).toBe(evmAccount.address)
    expect(test.api.calls).toEqual(expect.arrayContaining(['stepUp code to ada@example.com', 'export eip155']))
    expect(postedText(test)).not.toContain(held.shown[0]!.slice(2))
  })

  it('shows the solana key as the base58 64-byte secret key of the wallet', async () => {
    const held = scriptedPrompts(stepUpAndReveal)
    const test = await startTestFrame({ exportPrompts: () => held.prompts })
    await signIn(test)
    expect((await test.ask('EXPORT_PRIVATE_KEY', { namespace: 'solana' })).payload).toEqual({})
    const bytes = new Uint8Array(getBase58Encoder().encode(held.shown[0]!))
    expect(bytes).toHaveLength(64)
    expect(getBase58Decoder().decode(ed25519.getPublicKey(bytes.slice(0, 32)))).toBe(test.api.solana.address)
    expect(getBase58Decoder().decode(bytes.slice(32))).toBe(test.api.solana.address)
    expect(postedText(test)).not.toContain(held.shown[0]!)
  })

  it('refuses to reveal without a fresh step-up: the server says STEP_UP_REQUIRED and the prompt says so', async () => {
    let refusal: unknown
    const held = scriptedPrompts(async (steps) => {
      refusal = await steps.reveal().catch((error: unknown) => error)
      return 'cancelled'
    })
    const test = await startTestFrame({ exportPrompts: () => held.prompts })
    await signIn(test)
    const reply = await test.ask('EXPORT_PRIVATE_KEY', {})
    expect(refusal).toBeInstanceOf(ApiError)
    expect(refusal).toMatchObject({ status: 403, code: 'STEP_UP_REQUIRED' })
    expect(exportErrorText(refusal)).toBe(EXPORT_TEXT.stepUpExpired)
    expect(held.shown).toEqual([])
    // A cancel is the user's rejection, with no detail.
    expect(reply).toMatchObject({ type: '@portico-frame/EXPORT_PRIVATE_KEY_ERROR', payload: { code: 4001, message: 'User rejected the request.' } })
  })

  it('a wrong code is shown in the prompt and proves nothing', async () => {
    let refusal: unknown
    const held = scriptedPrompts(async (steps) => {
      await steps.sendCode()
      refusal = await steps.confirmCode('000000').catch((error: unknown) => error)
      await expect(steps.reveal()).rejects.toMatchObject({ code: 'STEP_UP_REQUIRED' })
      return 'cancelled'
    })
    const test = await startTestFrame({ exportPrompts: () => held.prompts })
    await signIn(test)
    expect((await test.ask('EXPORT_PRIVATE_KEY', {})).payload).toMatchObject({ code: 4001 })
    expect(exportErrorText(refusal)).toBe('The code is not correct; 4 attempts left')
  })

  it('is refused before sign-in, and where the frame has no export prompt', async () => {
    const test = await startTestFrame({ exportPrompts: () => scriptedPrompts(async () => 'closed').prompts })
    expect((await test.ask('EXPORT_PRIVATE_KEY', {})).payload).toMatchObject({ code: 'UNAUTHORIZED' })
    const without = await startTestFrame()
    await signIn(without)
    expect((await without.ask('EXPORT_PRIVATE_KEY', {})).payload).toMatchObject({ code: 4200, message: 'Key export is not available on this server' })
  })

  it('refuses a message asking for key material with a schema refusal, never an answer with data', async () => {
    const test = await startTestFrame({ exportPrompts: () => scriptedPrompts(async () => 'closed').prompts })
    await signIn(test)
    const reply = await test.ask('EXPORT_PRIVATE_KEY', { namespace: 'eip155', includeKey: true })
    expect(reply.type).toBe('@portico-frame/EXPORT_PRIVATE_KEY_ERROR')
    expect(reply.payload).toMatchObject({ code: 'INVALID_MESSAGE' })
  })
})
