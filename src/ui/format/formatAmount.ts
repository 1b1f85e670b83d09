import { TransactionDisplay } from '../../config/constants'

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/

/**
 * Rounds a decimal string to `decimals` places, half away from zero, keeping trailing
 * zeros (SPEC §9: fungible amounts show 3 decimals). Works on the string, so huge token
 * quantities and long fractions keep every digit a float would lose. Input that is not
 * a plain decimal comes back unchanged. With a `locale`, the rounded amount is written
 * the way that locale writes numbers (`Intl.NumberFormat`: its separators, grouping and
 * digits); without one it stays a plain decimal, as an input field holds it.
 *
 * @example
 * formatAmount('1.23456')   // '1.235'
 * formatAmount('2')         // '2.000'
 * formatAmount('0.0004')    // '0.000'
 * formatAmount('12345678901234567890.5') // '12345678901234567890.500'
 * formatAmount('1234.5', 3, 'de') // '1.234,500'
 */
export function formatAmount(value: string | number, decimals: number = TransactionDisplay.fungibleDecimals, locale?: string): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? toPlainString(value) : String(value)) : value.trim()
  const match = DECIMAL.exec(text)
  if (!match || (match[2] === '' && !match[3])) return text
  const sign = match[1] ?? ''
  const whole = (match[2] || '0').replace(/^0+(?=\d)/, '')
  const fraction = match[3] ?? ''
  const padded = (fraction + '0'.repeat(decimals + 1)).slice(0, decimals + 1)
  const kept = whole + padded.slice(0, decimals)
  const roundUp = Number(padded[decimals]) >= 5
  const digits = roundUp ? addOne(kept) : kept
  const intLength = digits.length - decimals
  const intPart = digits.slice(0, intLength) || '0'
  const rounded = decimals > 0 ? `${intPart}.${digits.slice(intLength)}` : intPart
  const result = sign && /[1-9]/.test(rounded) ? `-${rounded}` : rounded
  return locale ? localizeDecimal(result, decimals, locale) : result
}

const numberFormats = new Map<string, Intl.NumberFormat>()

/**
 * A plain decimal string ('-1234.500') as `locale` writes it, with exactly
 * `fractionDigits` decimals. The string goes to `Intl.NumberFormat` as it is, which keeps
 * every digit (ES2023 formats decimal strings exactly; older engines read it as a
 * float). A tag `Intl` refuses leaves the plain decimal.
 *
 * @example
 * localizeDecimal('-1234.500', 3, 'fr') // '-1 234,500'
 */
export function localizeDecimal(plain: string, fractionDigits: number, locale: string): string {
  if (!DECIMAL.test(plain)) return plain
  const key = `${locale}|${fractionDigits}`
  let formatter = numberFormats.get(key)
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })
    } catch {
      return plain
    }
    numberFormats.set(key, formatter)
  }
  return formatter.format(plain as Intl.StringNumericLiteral)
}

/** Adds one to a string of digits (`'0999'` → `'1000'`). */
function addOne(digits: string): string {
  const out = digits.split('')
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') out[i] = '0'
    else {
      out[i] = String(Number(out[i]) + 1)
      return out.join('')
    }
  }
  return '1' + out.join('')
}

/** A number without exponent notation (1e21 → '1000000000000000000000'). */
function toPlainString(value: number): string {
  if (!/e/i.test(String(value))) return String(value)
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
}

/**
 * A quote-currency value (`value` of SPEC §3 Token balance) for display, as `locale`
 * writes money (`Intl.NumberFormat` currency style: symbol, its place and separators).
 *
 * @example
 * formatFiat(1234.5) // '$1,234.50'
 * formatFiat(1234.5, 'USD', 'fr') // '1 234,50 $US'
 */
export function formatFiat(value: number, currency = 'USD', locale = 'en-US'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 }).format(value)
  } catch {
    return `${value.toFixed(2)} ${currency}`
  }
}

/**
 * A plain number (a limit, a count) as `locale` writes it, e.g. an onramp limit.
 *
 * @example
 * formatNumber(7500, 'de') // '7.500'
 */
export function formatNumber(value: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale).format(value)
  } catch {
    return String(value)
  }
}
