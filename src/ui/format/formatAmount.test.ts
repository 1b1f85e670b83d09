import { formatAmount, formatFiat, formatNumber, localizeDecimal } from './formatAmount'

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

// Intl's output joins some parts with no-break spaces (U+00A0, U+202F) and bidi marks;
// the tests compare what a reader sees.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '')

describe('amounts in the visitor’s locale (Intl.NumberFormat)', () => {
  it.each([
    ['en', '1,234.500'],
    ['de', '1.234,500'],
    ['fr', '1 234,500'],
    ['pt-BR', '1.234,500'],
    ['de-CH', '1’234.500'],
    ['ja', '1,234.500'],
  ])('%s writes 1234.5 as %s', (locale, expected) => expect(plain(formatAmount('1234.5', 3, locale)).replace("'", '’')).toBe(expected))

  it('keeps every digit of a huge quantity and rounds like the plain form', () => {
    expect(plain(formatAmount('12345678901234567890.12345', 3, 'fr'))).toBe('12 345 678 901 234 567 890,123')
    expect(plain(formatAmount('0.0005', 3, 'de'))).toBe('0,001')
    expect(plain(formatAmount('-2.5', 0, 'en'))).toBe('-3')
  })
  it('leaves what is not a decimal, and a tag Intl refuses, as they are', () => {
    expect(formatAmount('abc', 3, 'de')).toBe('abc')
    expect(localizeDecimal('1.500', 3, 'not a tag!')).toBe('1.500')
  })
  it('stays a plain decimal without a locale (what an input field holds)', () => expect(formatAmount('1234.5')).toBe('1234.500'))
})

describe('formatFiat in the visitor’s locale', () => {
  it.each([
    ['en-US', '$1,234.50'],
    ['fr', '1 234,50 $US'],
    ['de', '1.234,50 $'],
    ['ja', '$1,234.50'],
    ['pt-BR', 'US$ 1.234,50'],
  ])('%s', (locale, expected) => expect(plain(formatFiat(1234.5, 'USD', locale))).toBe(expected))
  it('names the currency it is given', () => expect(plain(formatFiat(10, 'EUR', 'de'))).toBe('10,00 €'))
})

describe('formatNumber', () => {
  it.each([
    ['en', '7,500'],
    ['de', '7.500'],
    ['fr', '7 500'],
  ])('%s writes a limit of 7500 as %s', (locale, expected) => expect(plain(formatNumber(7500, locale))).toBe(expected))
  it('leaves the number plain for a tag Intl refuses', () => expect(formatNumber(7500, 'not a tag!')).toBe('7500'))
})
