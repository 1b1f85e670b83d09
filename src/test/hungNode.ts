import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * An HTTP server that accepts every connection and never answers: a hung chain node
 * (issue 33). `close()` drops the held sockets.
 *
 * @example
 * const node = await startHungNode()
 * await expect(read(node.url)).rejects.toThrow()
 * await node.close()
 */
export async function startHungNode(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server = createServer(() => {
    // Never answers.
  })
  server.on('connection', (socket) => sockets.add(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * A hung node for the calling test file: started before its tests, closed after them,
 * with fake timers undone after each test. Returns the node's URL, read inside a test.
 *
 * @example
 * const hungNodeUrl = hungNodeForFile()
 * it('…', async () => { await read(hungNodeUrl()) })
 */
export function hungNodeForFile(): () => string {
  let node: Awaited<ReturnType<typeof startHungNode>> | undefined
  beforeAll(async () => {
    node = await startHungNode()
  })
  afterAll(() => node?.close())
  afterEach(() => {
    jest.useRealTimers()
  })
  return () => node!.url
}
