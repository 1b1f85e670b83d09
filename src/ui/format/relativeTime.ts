import { ONE_DAY } from '../../config/constants'
import { catalogueLocale } from '../../config/locale'
import { format } from '../mergeStrings'

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

const IntlUnits = { sec: 'second', min: 'minute', hr: 'hour', d: 'day', mo: 'month', yr: 'year' } as const satisfies Record<RelativeTimeUnit, Intl.RelativeTimeFormatUnit>

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

/** The catalogue strings a time label falls back to (English's are the SPEC §9 labels). */
export type TimeAgoLabels = { relativeTime: string; timeUnits: Record<RelativeTimeUnit, string> }

/**
 * A `relativeTime` result as the visitor reads it. English keeps the SPEC §9 labels
 * from the catalogue ('5 min ago', '2 d ago'); every other locale gets
 * `Intl.RelativeTimeFormat`'s short form, which knows its plurals and word order
 * ('il y a 5 min', '5 мин. назад'). The catalogue's template is the fallback where
 * `Intl.RelativeTimeFormat` is missing or refuses the tag.
 *
 * @example
 * formatTimeAgo({ value: 5, unit: 'min' }, 'fr', strings) // 'il y a 5 min'
 */
export function formatTimeAgo(ago: { value: number; unit: RelativeTimeUnit }, locale: string, labels: TimeAgoLabels): string {
  if (catalogueLocale(locale) !== 'en' && typeof Intl.RelativeTimeFormat === 'function') {
    try {
      let formatter = relativeFormats.get(locale)
      if (!formatter) relativeFormats.set(locale, (formatter = new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'always' })))
      // -0 so that "now" reads as the past ("0 s ago"), never "in 0 s".
      return formatter.format(-ago.value, IntlUnits[ago.unit])
    } catch {
      // A tag Intl refuses: the catalogue's own words below.
    }
  }
  return format(labels.relativeTime, { value: ago.value, unit: labels.timeUnits[ago.unit] })
}
