import { Limits } from '../config/constants'

export type DiagnosticLevel = 'debug' | 'info' | 'warn' | 'error'

/** One line of the diagnostic log, as `portico.getDiagnostics()` returns it. */
export type DiagnosticEntry = {
  /** ISO 8601. */
  time: string
  level: DiagnosticLevel
  /** What wrote it: 'action' (the store), 'frame' (the embedded wallet's client), … */
  source: string
  message: string
}

export type DiagnosticLog = {
  /** Adds a line (redacted, see `redactDiagnostic`); the oldest lines go when the buffer is full. */
  record(level: DiagnosticLevel, source: string, message: string): void
  /** Every line kept, oldest first (a copy). */
  entries(): DiagnosticEntry[]
  /** Bytes the kept lines take, as UTF-8 JSON lines: never more than the buffer. */
  bytes(): number
  clear(): void
}

export type CreateDiagnosticLogParameters = {
  /** Default SPEC §9 log buffer, 1,024,000 bytes. */
  maxBytes?: number | undefined
  now?: (() => number) | undefined
}

/** One line never takes more than this, so a huge message cannot flush the whole log. */
const MAX_MESSAGE_CHARS = 2000

const encoder = new TextEncoder()
const sizeOf = (entry: DiagnosticEntry) => encoder.encode(JSON.stringify(entry)).length + 1

/**
 * A bounded, in-memory log for support requests: what the modal did (action types,
 * failure codes, frame warnings), never what the visitor typed or signed. When a new
 * line would pass `maxBytes`, the oldest lines are dropped first.
 *
 * @example
 * const log = createDiagnosticLog()
 * log.record('warn', 'frame', 'frame: ignored an invalid message')
 * log.entries() // [{ time: '2026-…', level: 'warn', source: 'frame', message: 'frame: ignored an invalid message' }]
 */
export function createDiagnosticLog({ maxBytes = Limits.logBufferBytes, now = Date.now }: CreateDiagnosticLogParameters = {}): DiagnosticLog {
  let lines: { entry: DiagnosticEntry; size: number }[] = []
  let head = 0
  let total = 0
  return {
    record(level, source, message) {
      const entry: DiagnosticEntry = { time: new Date(now()).toISOString(), level, source, message: redactDiagnostic(message.slice(0, MAX_MESSAGE_CHARS)) }
      const size = sizeOf(entry)
      if (size > maxBytes) return
      lines.push({ entry, size })
      total += size
      while (total > maxBytes) total -= lines[head++]!.size
      // Compact now and then, so dropping from the front stays cheap.
      if (head > 1024 && head * 2 > lines.length) {
        lines = lines.slice(head)
        head = 0
      }
    },
    entries: () => lines.slice(head).map(({ entry }) => ({ ...entry })),
    bytes: () => total,
    clear() {
      lines = []
      head = 0
      total = 0
    },
  }
}

/**
 * What must never reach the log, replaced by a marker: email addresses, long hex
 * strings (private keys, signatures, hashes, calldata), JWT-like tokens, and query
 * strings of URLs (which carry codes and tokens). A 40-hex address stays: a support
 * request needs it, and it is public.
 *
 * @example
 * redactDiagnostic('sent to ada@example.com') // 'sent to [email]'
 */
export function redactDiagnostic(text: string): string {
  return (
    text
      // The lookbehind starts a match only where a word starts: linear time on long runs.
      .replace(/(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]')
      .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]')
      .replace(/\b(https?:\/\/[^\s?#"']+)\?[^\s"']*/gi, '$1?[query]')
      .replace(/(?<![0-9a-fx])(0x)?[0-9a-f]{64,}/gi, '[hex]')
  )
}
