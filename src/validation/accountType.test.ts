import { isAccountType } from './accountType'

// SPEC §5: "Account type is externally-owned or smart account"; SPEC §9 defaults name bip122 'payment'.
describe('isAccountType', () => {
  it('accepts eoa and smartAccount without a namespace', () => {
    expect(isAccountType('eoa')).toBe(true)
    expect(isAccountType('smartAccount')).toBe(true)
    expect(isAccountType('payment')).toBe(false)
    expect(isAccountType('ordinal')).toBe(false)
    expect(isAccountType('smart_account')).toBe(false)
    expect(isAccountType(undefined)).toBe(false)
  })

  it("accepts each namespace's SPEC §9 default account type", () => {
    expect(isAccountType('smartAccount', 'eip155')).toBe(true)
    expect(isAccountType('eoa', 'solana')).toBe(true)
    expect(isAccountType('eoa', 'polkadot')).toBe(true)
    expect(isAccountType('payment', 'bip122')).toBe(true)
  })

  it('refuses types a namespace does not have', () => {
    expect(isAccountType('smartAccount', 'solana')).toBe(false)
    expect(isAccountType('eoa', 'bip122')).toBe(false)
    expect(isAccountType('payment', 'eip155')).toBe(false)
  })

  it('falls back to the SPEC §5 rule for namespaces it does not list', () => {
    expect(isAccountType('eoa', 'cosmos')).toBe(true)
    expect(isAccountType('payment', 'cosmos')).toBe(false)
    expect(isAccountType('eoa', 'constructor')).toBe(true)
    expect(isAccountType('payment', '__proto__')).toBe(false)
  })
})
