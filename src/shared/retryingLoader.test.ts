import { retryingLoader } from './retryingLoader'

// The lazy chunks' loader (issue 33): a load that fails is never cached, so the next use
// loads again, and the browser's `online` event loads again by itself.
function chunk() {
  const loads: { resolve(value: string): void; reject(error: Error): void }[] = []
  const load = () => new Promise<string>((resolve, reject) => loads.push({ resolve, reject }))
  return { load, loads }
}

describe('retryingLoader', () => {
  it('loads once and shares the promise while it loads and after', async () => {
    const { load, loads } = chunk()
    const get = retryingLoader(load)
    const [a, b] = [get(), get()]
    expect(loads).toHaveLength(1)
    loads[0]!.resolve('module')
    expect(await a).toBe('module')
    expect(await b).toBe('module')
    expect(await get()).toBe('module')
    expect(loads).toHaveLength(1)
  })

  it('forgets a failed load: the next use loads again', async () => {
    const { load, loads } = chunk()
    const get = retryingLoader(load)
    const first = get()
    loads[0]!.reject(new Error('offline'))
    await expect(first).rejects.toThrow('offline')
    const second = get()
    expect(loads).toHaveLength(2)
    loads[1]!.resolve('module')
    expect(await second).toBe('module')
  })

  it('after a failed load, loads again by itself when the browser comes back online, once', async () => {
    const page = new EventTarget()
    const { load, loads } = chunk()
    const get = retryingLoader(load, page)
    const first = get()
    loads[0]!.reject(new Error('offline'))
    await expect(first).rejects.toThrow('offline')
    page.dispatchEvent(new Event('online'))
    expect(loads).toHaveLength(2)
    loads[1]!.resolve('module')
    await Promise.resolve()
    page.dispatchEvent(new Event('online'))
    expect(loads).toHaveLength(2)
    expect(await get()).toBe('module')
  })

  it('does nothing on online when nothing failed', () => {
    const page = new EventTarget()
    const { load, loads } = chunk()
    retryingLoader(load, page)
    page.dispatchEvent(new Event('online'))
    expect(loads).toHaveLength(0)
  })
})
