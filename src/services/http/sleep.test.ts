import { sleep } from './sleep'

describe('sleep', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  test('resolves after the given time on the global timer', async () => {
    let done = false
    const waiting = sleep(300).then(() => (done = true))
    await jest.advanceTimersByTimeAsync(299)
    expect(done).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    await waiting
    expect(done).toBe(true)
  })

  test('rejects with the abort reason and clears its timer when the signal aborts', async () => {
    const controller = new AbortController()
    const waiting = sleep(10_000, controller.signal)
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
    expect(jest.getTimerCount()).toBe(0)
  })

  test('rejects at once when the signal has already aborted', async () => {
    await expect(sleep(10, AbortSignal.abort(new Error('stop')))).rejects.toThrow('stop')
    expect(jest.getTimerCount()).toBe(0)
  })
})
