// The shape of every dev entry point (`npm start`, `dev/chain/main.ts`, `dev/relay/main.ts`):
// start something, print where it is, stop it cleanly on Ctrl+C or SIGTERM, and exit
// non-zero with the error when it cannot start.

/**
 * @example
 * runService(async () => {
 *   const relay = await startRelay()
 *   console.log(`relay on ${relay.url}`)
 *   return () => relay.stop()
 * })
 */
export function runService(start: () => Promise<() => Promise<void>>): void {
  start().then(
    (stop) => {
      // Ctrl+C reaches this process and its children together, and an impatient second
      // one may follow: stop once, and end with one line, never an unhandled stack (issue 29).
      let stopping: Promise<void> | undefined
      const exit = () =>
        void (stopping ??= stop().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(`Stopped with an error: ${error instanceof Error ? error.message : String(error)}`)
            process.exit(1)
          },
        ))
      process.on('SIGINT', exit)
      process.on('SIGTERM', exit)
    },
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
