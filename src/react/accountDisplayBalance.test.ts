import fc from 'fast-check'
import { formatAmount } from '../ui/format/formatAmount'
import { accountDisplayBalance } from './accountDisplayBalance'

describe('accountDisplayBalance', () => {
  it('writes the balance with 3 decimals and the symbol, and nothing before it is read', () => {
    expect(accountDisplayBalance({ balance: '0.51254', balanceSymbol: 'ETH' })).toBe('0.513 ETH')
    expect(accountDisplayBalance({ balance: '2', balanceSymbol: 'SOL' })).toBe('2.000 SOL')
    expect(accountDisplayBalance({ balance: '1.5', balanceSymbol: undefined })).toBe('1.500')
    expect(accountDisplayBalance({ balance: undefined, balanceSymbol: 'ETH' })).toBeUndefined()
  })

  it('keeps every digit of a huge balance', () => {
    expect(accountDisplayBalance({ balance: '12345678901234567890.12345', balanceSymbol: 'X' })).toBe('12,345,678,901,234,567,890.123 X')
  })

  it('groups the digits as the modal does', () => {
    expect(accountDisplayBalance({ balance: '9899.98812', balanceSymbol: 'ETH' })).toBe('9,899.988 ETH')
    expect(accountDisplayBalance({ balance: '1234.51254', balanceSymbol: 'ETH' }, 'de')).toBe('1.234,513 ETH')
  })

  it('writes exactly what the modal writes (formatAmount in the locale), for any decimal balance', () => {
    const decimal = fc.tuple(fc.stringMatching(/^(0|[1-9]\d{0,24})$/), fc.stringMatching(/^\d{0,20}$/)).map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : whole))
    fc.assert(fc.property(decimal, (balance) => accountDisplayBalance({ balance, balanceSymbol: undefined }) === formatAmount(balance, undefined, 'en-US')))
  })
})
