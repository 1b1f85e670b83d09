import { TransactionDisplay } from '../../config/constants'

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/

/**
 * Rounds a decimal string to `decimals` places, half away from zero, keeping trailing
 * zeros (SPEC §9: fungible amounts show 3 decimals). Works on the string, so huge token
 * quantities and long fractions keep every digit a float would lose. Input that is not
 * a plain decimal comes back unchanged.
 *
 * @example
 * formatAmount('1.23456')   // '1.235'
 * formatAmount('2')         // '2.000'
 * formatAmount('0.0004')    // '0.000'
 * formatAmount('12345678901234567890.5') // '12345678901234567890.500'
 */
export function formatAmount(value: string | number, decimals: number = TransactionDisplay.fungibleDecimals): string {
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
  const result = decimals > 0 ? `${intPart}.${digits.slice(intLength)}` : intPart
  return sign && /[1-9]/.test(result) ? `-${result}` : result
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
 * A quote-currency value (`value` of SPEC §3 Token balance) for display.
 *
 * @example
 * formatFiat(1234.5) // '$1,234.50'
 */
export function formatFiat(value: number, currency = 'USD', locale = 'en-US'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 }).format(value)
  } catch {
    return `${value.toFixed(2)} ${currency}`
  }
}
