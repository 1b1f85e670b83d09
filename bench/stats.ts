/** Median, min, max and p99 of a sample; the bench reports medians with their range. */
export type Summary = { median: number; min: number; max: number; p99: number; n: number }

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) return { median: NaN, min: NaN, max: NaN, p99: NaN, n: 0 }
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  // Nearest-rank p99.
  const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]!
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, p99, n: sorted.length }
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1)
export const mib = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1)

/** "12.3 (10.1–15.0)": median with its range. */
export function range(summary: Summary, format: (value: number) => string = (v) => v.toFixed(0)): string {
  if (summary.n === 0) return '—'
  if (summary.min === summary.max) return format(summary.median)
  return `${format(summary.median)} (${format(summary.min)}–${format(summary.max)})`
}
