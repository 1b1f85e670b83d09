// "No work at import time" (issue 7): importing Portico's public entry points makes no
// request, starts no timer, touches no storage and adds no listener or element. Work
// starts when the dapp calls createPortico() and renders the provider.
const calls: string[] = []
const record = (name: string) => () => {
  calls.push(name)
  return undefined
}

beforeAll(() => {
  const fetchSpy = jest.fn(record('fetch'))
  Object.defineProperty(globalThis, 'fetch', { value: fetchSpy, configurable: true, writable: true })
  jest.spyOn(window, 'setTimeout').mockImplementation(record('setTimeout') as never)
  jest.spyOn(window, 'setInterval').mockImplementation(record('setInterval') as never)
  jest.spyOn(window, 'addEventListener').mockImplementation(record('window.addEventListener'))
  jest.spyOn(window, 'dispatchEvent').mockImplementation(() => (calls.push('window.dispatchEvent'), true))
  jest.spyOn(window, 'postMessage').mockImplementation(record('window.postMessage'))
  jest.spyOn(document, 'addEventListener').mockImplementation(record('document.addEventListener'))
  jest.spyOn(document, 'createElement').mockImplementation(() => {
    calls.push('document.createElement')
    return document.createComment('') as unknown as HTMLElement
  })
  jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => (calls.push('localStorage.getItem'), null))
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(record('localStorage.setItem'))
  jest.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(record('XMLHttpRequest.open'))
})

afterAll(() => {
  jest.restoreAllMocks()
})

it('does nothing observable when portico and portico/react are imported', async () => {
  const api = await import('../src')
  const react = await import('../src/react')
  expect(typeof api.createPortico).toBe('function')
  expect(typeof react.PorticoProvider).toBe('function')
  expect(calls).toEqual([])
})

it('would see the work: createPortico() itself does start processes', async () => {
  const { createPortico } = await import('../src')
  const portico = createPortico({ projectId: 'portico-bench' })
  expect(calls.length).toBeGreaterThan(0)
  portico.destroy()
})
