import { ONE_DAY } from '../../config/constants'
import { relativeTime } from './relativeTime'

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
