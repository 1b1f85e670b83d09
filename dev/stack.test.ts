/**
 * `npm start` never runs half-dead (issue 33): the whole local stack, started as
 * `npm start` starts it, with one service killed at a time. The reference server is
 * reported by name and comes back on its URL; a chain, which would come back without its
 * contracts, stops the whole stack with a message naming it.
 */
import { type Stack, startStack } from './stack'

jest.setTimeout(300_000)

let stack: Stack
const reported: string[] = []
beforeAll(async () => {
  stack = await startStack({ quiet: true, report: (line) => reported.push(line) })
}, 300_000)
afterAll(() => stack?.stop())

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 60_000) => {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms; reported: ${JSON.stringify(reported)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
const healthy = () =>
  fetch(`${stack.serverUrl}/health`).then(
    (response) => response.ok,
    () => false,
  )
const pidOf = (name: string) => stack.services().find((service) => service.name === name)?.pid

it('a killed reference server is reported by name and restarted on its URL', async () => {
  expect(await healthy()).toBe(true)
  const pid = pidOf('reference server')!
  process.kill(pid, 'SIGKILL')

  await until('the server reported back', () => reported.some((line) => line.includes('reference server is back')))
  expect(reported).toEqual([
    `Portico stack: the reference server (pid ${pid}) was killed by SIGKILL; restarting it (1 of 3 within 60 s)`,
    `Portico stack: the reference server is back at ${stack.serverUrl} (pid ${pidOf('reference server')})`,
  ])
  expect(pidOf('reference server')).not.toBe(pid)
  expect(await healthy()).toBe(true)
})

it('each chain has its bundler, Alto, as a process of its own that the server forwards to', async () => {
  expect(Object.keys(stack.bundlerUrls)).toEqual(['eip155:1', 'eip155:10'])
  expect(stack.services().map((service) => service.name)).toEqual(expect.arrayContaining(['bundler of eip155:1 (Alto)', 'bundler of eip155:10 (Alto)']))
  for (const chainId of [1, 10]) {
    const response = await fetch(`${stack.serverUrl}/v1/bundler?projectId=portico-dev&chainId=${chainId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(stack.demoUrl).origin },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    })
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: ['0x0000000071727De22E5E9d8BAf0edAc6f37da032'] })
  }
})

it('a killed chain stops the whole stack with a message naming it', async () => {
  const pid = pidOf('local chain eip155:1 (anvil)')!
  process.kill(pid, 'SIGKILL')

  const message = await stack.halted
  expect(message).toBe(`the local chain eip155:1 (anvil) (pid ${pid}) was killed by SIGKILL; a new one would lack what was set up at start`)
  expect(reported.at(-1)).toBe(`Portico stack: ${message}; stopping the whole stack. Run npm start again.`)
  // Nothing is left running half-dead.
  expect(await healthy()).toBe(false)
  await expect(fetch(stack.demoUrl)).rejects.toThrow()
})
