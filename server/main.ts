/**
 * `npm run server`: the reference backend from environment variables
 * (docs/self-hosting.md). Migrates, listens, prints its URL, and closes cleanly
 * on SIGINT/SIGTERM so in-flight requests finish and the database is released.
 */
import { createServer } from './app'
import { describeDatabase } from './db/connect'
import { readServerEnv } from './env'

async function main(): Promise<void> {
  const env = readServerEnv(process.env)
  const app = createServer({
    database: env.database,
    projects: env.projects,
    logger: env.logLevel === false ? false : { level: env.logLevel },
  })

  let closing = false
  const shutDown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    console.log(`Portico server: ${signal} received, closing`)
    // If something holds the event loop open after close, do not hang forever.
    setTimeout(() => process.exit(1), 10_000).unref()
    app.close().then(
      () => {
        process.exitCode = 0
      },
      (error: unknown) => {
        console.error('Portico server: error while closing', error)
        process.exitCode = 1
      },
    )
  }
  process.once('SIGINT', shutDown)
  process.once('SIGTERM', shutDown)

  const address = await app.listen({ port: env.port, host: env.host })
  console.log(
    `Portico server listening on ${address} (${describeDatabase(env.database)}; projects: ${env.projects.map((p) => p.id).join(', ')})`,
  )
}

main().catch((error: unknown) => {
  console.error(`Portico server failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
