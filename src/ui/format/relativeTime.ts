import { ONE_DAY } from '../../config/constants'

/** SPEC §9 relative time labels, smallest first. */
export type RelativeTimeUnit = 'sec' | 'min' | 'hr' | 'd' | 'mo' | 'yr'

const MINUTE = 60
const HOUR = 60 * MINUTE
const MONTH = 30 * ONE_DAY
const YEAR = 365 * ONE_DAY

/**
 * How long ago `then` was, in the largest SPEC §9 unit (sec, min, hr, d, mo, yr) that
 * fits at least once. A time in the future counts as now (clocks drift).
 *
 * @example
 * relativeTime('2024-01-01T00:00:00Z', Date.parse('2024-01-01T00:05:00Z')) // { value: 5, unit: 'min' }
 */
export function relativeTime(then: string | number | Date, now: number = Date.now()): { value: number; unit: RelativeTimeUnit } | undefined {
  const time = then instanceof Date ? then.getTime() : typeof then === 'number' ? then : Date.parse(then)
  if (!Number.isFinite(time)) return undefined
  const seconds = Math.max(0, Math.floor((now - time) / 1000))
  if (seconds < MINUTE) return { value: seconds, unit: 'sec' }
  if (seconds < HOUR) return { value: Math.floor(seconds / MINUTE), unit: 'min' }
  if (seconds < ONE_DAY) return { value: Math.floor(seconds / HOUR), unit: 'hr' }
  if (seconds < MONTH) return { value: Math.floor(seconds / ONE_DAY), unit: 'd' }
  if (seconds < YEAR) return { value: Math.floor(seconds / MONTH), unit: 'mo' }
  return { value: Math.floor(seconds / YEAR), unit: 'yr' }
}
