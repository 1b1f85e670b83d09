import { parseRetryAfter } from './parseRetryAfter'

const now = Date.parse('2025-01-01T00:00:00Z')

describe('parseRetryAfter', () => {
  test('reads delta-seconds as milliseconds', () => {
    expect(parseRetryAfter({ header: '3', now })).toBe(3000)
    expect(parseRetryAfter({ header: ' 0 ', now })).toBe(0)
  })

  test('reads an HTTP date as the time left until it', () => {
    expect(parseRetryAfter({ header: 'Wed, 01 Jan 2025 00:00:05 GMT', now })).toBe(5000)
  })

  test('treats a date in the past as no wait', () => {
    expect(parseRetryAfter({ header: 'Tue, 31 Dec 2024 23:59:00 GMT', now })).toBe(0)
  })

  test.each([null, '', 'soon', '-5', '1.5'])('ignores %p', (header) => {
    expect(parseRetryAfter({ header, now })).toBeUndefined()
  })
})
