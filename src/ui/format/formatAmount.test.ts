import { formatAmount, formatFiat } from './formatAmount'

describe('formatAmount (SPEC §9: fungible amounts show 3 decimals)', () => {
  it.each([
    ['1.23456', '1.235'],
    ['1.2344', '1.234'],
    ['2', '2.000'],
    ['0.0004', '0.000'],
    ['0.0005', '0.001'],
    ['.5', '0.500'],
    ['5.', '5.000'],
    ['9.9999', '10.000'],
    ['-1.23456', '-1.235'],
    ['-0.0001', '0.000'],
    ['12345678901234567890.5', '12345678901234567890.500'],
    ['000.1', '0.100'],
  ])('%s → %s', (input, output) => expect(formatAmount(input)).toBe(output))

  it('formats numbers without exponent notation', () => {
    expect(formatAmount(1.5)).toBe('1.500')
    expect(formatAmount(1e21)).toBe('1000000000000000000000.000')
  })
  it('returns what is not a decimal unchanged', () => {
    expect(formatAmount('abc')).toBe('abc')
    expect(formatAmount('')).toBe('')
  })
  it('takes another number of decimals', () => expect(formatAmount('1.23456', 2)).toBe('1.23'))
})

describe('formatFiat', () => {
  it('formats a currency value', () => expect(formatFiat(1234.5)).toBe('$1,234.50'))
  it('falls back for an unknown currency code', () => expect(formatFiat(1, 'NOT A CODE')).toBe('1.00 NOT A CODE'))
})
