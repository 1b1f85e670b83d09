import { ONE_DAY } from '../../config/constants'
import { en } from '../strings'
import { formatTimeAgo, relativeTime } from './relativeTime'

const now = Date.parse('2024-06-01T00:00:00Z')
const ago = (seconds: number) => now - seconds * 1000

describe('relativeTime (SPEC §9 labels: sec, min, hr, d, mo, yr)', () => {
  it.each([
    [0, { value: 0, unit: 'sec' }],
    [59, { value: 59, unit: 'sec' }],
    [60, { value: 1, unit: 'min' }],
    [3599, { value: 59, unit: 'min' }],
    [3600, { value: 1, unit: 'hr' }],
    [ONE_DAY - 1, { value: 23, unit: 'hr' }],
    [ONE_DAY, { value: 1, unit: 'd' }],
    [29 * ONE_DAY, { value: 29, unit: 'd' }],
    [30 * ONE_DAY, { value: 1, unit: 'mo' }],
    [364 * ONE_DAY, { value: 12, unit: 'mo' }],
    [365 * ONE_DAY, { value: 1, unit: 'yr' }],
    [3 * 365 * ONE_DAY, { value: 3, unit: 'yr' }],
  ])('%i s ago', (seconds, expected) => expect(relativeTime(ago(seconds), now)).toEqual(expected))

  it('reads ISO strings and dates', () => {
    expect(relativeTime('2024-05-31T23:55:00Z', now)).toEqual({ value: 5, unit: 'min' })
    expect(relativeTime(new Date(ago(7200)), now)).toEqual({ value: 2, unit: 'hr' })
  })
  it('counts a future time as now', () => expect(relativeTime(now + 5000, now)).toEqual({ value: 0, unit: 'sec' }))
  it('is undefined for a time it cannot read', () => expect(relativeTime('yesterday', now)).toBeUndefined())
})

describe('formatTimeAgo', () => {
  it('keeps the SPEC §9 labels in English, whatever the region', () => {
    expect(formatTimeAgo({ value: 5, unit: 'min' }, 'en', en)).toBe('5 min ago')
    expect(formatTimeAgo({ value: 2, unit: 'd' }, 'en-GB', en)).toBe('2 d ago')
  })
  it.each([
    ['fr', { value: 5, unit: 'min' }, 'il y a 5 min'],
    ['de', { value: 3, unit: 'd' }, 'vor 3 Tagen'],
    ['ru', { value: 21, unit: 'min' }, '21 мин. назад'],
    ['ja', { value: 1, unit: 'yr' }, '1 年前'],
    ['tr', { value: 2, unit: 'hr' }, '2 sa. önce'],
  ] as const)('writes %s with Intl.RelativeTimeFormat, plurals and word order included', (locale, ago, expected) => expect(formatTimeAgo(ago, locale, en).replace(/\u00a0/g, ' ')).toBe(expected))
  it('reads "now" as the past', () => expect(formatTimeAgo({ value: 0, unit: 'sec' }, 'fr', en).replace(/\u00a0/g, ' ')).toBe('il y a 0 s'))
  it('falls back to the catalogue’s words where Intl.RelativeTimeFormat is missing', () => {
    const original = Intl.RelativeTimeFormat
    try {
      Object.defineProperty(Intl, 'RelativeTimeFormat', { value: undefined, configurable: true, writable: true })
      expect(formatTimeAgo({ value: 5, unit: 'min' }, 'fr', { relativeTime: 'il y a {value} {unit}', timeUnits: { ...en.timeUnits, min: 'min' } })).toBe('il y a 5 min')
    } finally {
      Object.defineProperty(Intl, 'RelativeTimeFormat', { value: original, configurable: true, writable: true })
    }
  })
})
