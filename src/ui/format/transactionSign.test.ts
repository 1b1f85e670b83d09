import { transactionSign } from './transactionSign'

describe('transactionSign (SPEC §9)', () => {
  it.each(['receive', 'deposit', 'borrow', 'claim'])("'+' for %s", (type) => expect(transactionSign(type)).toBe('+'))
  it.each(['withdraw', 'repay', 'burn'])("'-' for %s", (type) => expect(transactionSign(type)).toBe('-'))
  it('the operation type wins over the transfer direction', () => {
    expect(transactionSign('receive', 'out')).toBe('+')
    expect(transactionSign('burn', 'in')).toBe('-')
  })
  it('other operations follow each transfer direction', () => {
    expect(transactionSign('trade', 'in')).toBe('+')
    expect(transactionSign('trade', 'out')).toBe('-')
    expect(transactionSign('send', 'self')).toBe('')
    expect(transactionSign('approve')).toBe('')
  })
  it('ignores case', () => expect(transactionSign('Receive')).toBe('+'))
})
