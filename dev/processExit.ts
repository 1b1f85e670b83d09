// How a child process of the local stack ended, as a promise the stack can watch
// (dev/stack.ts: a service that dies is reported by name, never left half-dead).
import { type ChildProcess } from 'node:child_process'

export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null }

/** Resolves when `child` exits, for whatever reason (at once if it already has). */
export function processExit(child: ChildProcess): Promise<ProcessExit> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode })
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
}

/** "exited with code 1" / "was killed by SIGKILL", for messages. */
export function describeExit({ code, signal }: ProcessExit): string {
  return signal !== null ? `was killed by ${signal}` : `exited with code ${code}`
}
