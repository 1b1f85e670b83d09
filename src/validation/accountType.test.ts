import { isAccountType } from './accountType'

// SPEC §5: "Account type is externally-owned or smart account"; a namespace plugin may
// declare other types (SPEC §9 defaults name 'payment' for Bitcoin), passed as the list.
describe('isAccountType', () => {
  it('accepts eoa and smartAccount without a list', () => {
    expect(isAccountType('eoa')).toBe(true)
    expect(isAccountType('smartAccount')).toBe(true)
    expect(isAccountType('payment')).toBe(false)
    expect(isAccountType('ordinal')).toBe(false)
    expect(isAccountType('smart_account')).toBe(false)
    expect(isAccountType(undefined)).toBe(false)
    expect(isAccountType(['eoa'])).toBe(false)
  })

  it("accepts only the types of the list it is given (a plugin's accountTypes)", () => {
    expect(isAccountType('payment', ['payment', 'ordinal'])).toBe(true)
    expect(isAccountType('eoa', ['payment', 'ordinal'])).toBe(false)
    expect(isAccountType('smartAccount', ['eoa'])).toBe(false)
    expect(isAccountType('eoa', [])).toBe(false)
  })

  it('falls back to the SPEC §5 rule when no list is given', () => {
    expect(isAccountType('eoa', undefined)).toBe(true)
    expect(isAccountType('payment', undefined)).toBe(false)
  })
})
