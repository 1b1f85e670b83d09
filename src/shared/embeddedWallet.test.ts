import { DefaultAccountTypes } from '../config/constants'
import { ErrorMessages } from '../errors/messages'
import { isAccountType } from '../validation/accountType'
import { DEFAULT_EMBEDDED_ACCOUNT_TYPE, EmbeddedWalletMessages, isEmbeddedAccountType } from './embeddedWallet'

describe('the embedded wallet rules the secure page shares with the library', () => {
  it('accepts only the SPEC §5 embedded account types', () => {
    expect(['eoa', 'smartAccount'].filter(isEmbeddedAccountType)).toEqual(['eoa', 'smartAccount'])
    for (const value of ['payment', 'ordinal', 'EOA', '', 1, null, undefined, { type: 'eoa' }]) expect(isEmbeddedAccountType(value)).toBe(false)
  })

  it('agrees with the library: the same default and the same rule as isAccountType without a list', () => {
    expect(DEFAULT_EMBEDDED_ACCOUNT_TYPE).toBe(DefaultAccountTypes.eip155)
    for (const value of ['eoa', 'smartAccount', 'payment', 'x']) expect(isEmbeddedAccountType(value)).toBe(isAccountType(value))
  })

  it("writes the SPEC §8 sentences of the library's table", () => {
    for (const [key, sentence] of Object.entries(EmbeddedWalletMessages)) expect(ErrorMessages[key as keyof typeof ErrorMessages]).toBe(sentence)
  })
})
