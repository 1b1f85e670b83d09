import { APPROVE_DELAY_MS } from './approvalGesture'
import { createPasskeyPrompt, type PasskeyChoice } from './passkeyPrompt'
import { visitorClicks } from './test/trustedInput'

const button = (name: string) => [...document.querySelectorAll<HTMLButtonElement>('.passkey button')].find((node) => node.textContent === name)!
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

function show(kind: 'connect' | 'add' = 'connect') {
  const calls: string[] = []
  const chosen: PasskeyChoice[] = []
  const prompt = createPasskeyPrompt(document, { onOpen: () => calls.push('open'), onClose: () => calls.push('close') })
  const result = prompt(kind, async (choice) => {
    chosen.push(choice)
    return `ran ${choice}`
  })
  return { calls, chosen, result }
}

describe('the passkey prompt in the secure page', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    jest.useRealTimers()
    document.body.replaceChildren()
  })

  it('runs the ceremony only from the visitor’s own click, once the prompt has shown for a moment', async () => {
    const { calls, chosen, result } = show()
    expect(calls).toEqual(['open'])
    expect(document.querySelector('.passkey h1')!.textContent).toBe('Continue with a passkey')
    // Too early, and a script's click: nothing.
    visitorClicks(button('Use my passkey'))
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    button('Use my passkey').click()
    await settle()
    expect(chosen).toEqual([])
    visitorClicks(button('Use my passkey'))
    await expect(result).resolves.toBe('ran login')
    expect(calls).toEqual(['open', 'close'])
    expect(document.querySelector('.passkey')).toBeNull()
  })

  it('offers a new passkey for a new wallet beside the login, and only "Add a passkey" when adding', async () => {
    const signup = show()
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    visitorClicks(button('Create a new passkey'))
    await expect(signup.result).resolves.toBe('ran signup')
    const add = show('add')
    expect([...document.querySelectorAll('.passkey button')].map((node) => node.textContent)).toEqual(['Cancel', 'Add a passkey'])
    jest.advanceTimersByTime(APPROVE_DELAY_MS)
    visitorClicks(button('Add a passkey'))
    await expect(add.result).resolves.toBe('ran add')
  })

  it('Cancel declines with 4001 and closes the prompt', async () => {
    const { calls, chosen, result } = show()
    button('Cancel').click()
    await expect(result).rejects.toMatchObject({ message: 'User rejected the request.', code: 4001 })
    expect(chosen).toEqual([])
    expect(calls).toEqual(['open', 'close'])
  })
})
