import type { FrameLogger } from './client'

export type FrameLogSink = (level: 'debug' | 'warn' | 'error', message: string) => void

/**
 * The frame client's logger: every line to `sink` (Portico's diagnostic log), and to the
 * console too when the dapp turned `enableFrameLogger` on. An error's message joins the
 * line; other details go to the console only (they may hold message data).
 *
 * @example
 * const logger = createFrameLogger((level, message) => log.record(level, 'frame', message), false)
 */
export function createFrameLogger(sink: FrameLogSink, toConsole: boolean): FrameLogger {
  const line = (level: 'debug' | 'warn' | 'error') => (message: string, details?: unknown) => {
    sink(level, details instanceof Error ? `${message}: ${details.message}` : message)
    if (toConsole) console[level](`[portico frame] ${message}`, details ?? '')
  }
  return { debug: line('debug'), warn: line('warn'), error: line('error') }
}
