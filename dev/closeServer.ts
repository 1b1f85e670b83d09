// Closing a dev HTTP server the way every stand-in needs it: open keep-alive connections
// are dropped (a browser tab would hold the port for seconds), and a second close, from
// Ctrl+C and a failing service stopping the stack together, resolves instead of failing
// with ERR_SERVER_NOT_RUNNING (issue 29).
import type { Server } from 'node:http'

export function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve()
  return new Promise<void>((resolve, reject) => {
    server.closeAllConnections()
    server.close((error) => (error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING' ? reject(error) : resolve()))
  })
}
