/**
 * RFC 3339 `date-time` (section 5.6), the form of EIP-4361's Issued At, Expiration Time
 * and Not Before: `2021-09-30T16:25:24Z`, `2021-09-30T18:25:24.5+02:00`. Stricter than
 * `Date.parse`, which also takes `Sep 30 2021`, a missing offset (read as local time)
 * and a 31st of February.
 */

/** full-date "T" partial-time time-offset; "T" and "Z" in either case, as ABNF strings are. */
const DATE_TIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$/

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * The instant `text` names, in milliseconds since the epoch (fractions below a
 * millisecond dropped), or undefined when it is not an RFC 3339 date-time. A leap second
 * (`:60`) is read as the first millisecond of the next minute.
 *
 * @example
 * parseRfc3339DateTime('2021-09-30T16:25:24Z') // 1633019124000
 * parseRfc3339DateTime('2021-09-30 16:25:24') // undefined: no "T", no offset
 */
export function parseRfc3339DateTime(text: string): number | undefined {
  const match = DATE_TIME.exec(text)
  if (match === null) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const [fraction = '', sign, offsetHour = '00', offsetMinute = '00'] = match.slice(7)
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  if (hour > 23 || minute > 59 || second > 60 || Number(offsetHour) > 23 || Number(offsetMinute) > 59) return undefined
  const offsetMs = (Number(offsetHour) * 60 + Number(offsetMinute)) * 60_000 * (sign === '-' ? -1 : 1)
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, second, Number(fraction.slice(0, 3).padEnd(3, '0')))
  return date.getTime() - offsetMs
}
