import { isRegisterName } from './registerName'

// SPEC §5: "Register name: at least 4 characters, only letters, digits and hyphens."
describe('isRegisterName', () => {
  it('accepts 4 characters and refuses 3', () => {
    expect(isRegisterName('abcd')).toBe(true)
    expect(isRegisterName('abc')).toBe(false)
    expect(isRegisterName('')).toBe(false)
  })

  it.each(['vitalik', 'Ada-Lovelace', 'web3-4ever', '1234', 'a-b-c-d'])('accepts %s', (name) => {
    expect(isRegisterName(name)).toBe(true)
  })

  it.each([
    ['an underscore', 'my_name'],
    ['a space', 'my name'],
    ['a dot (the suffix is not part of the name)', 'name.reown.id'],
    ['a leading space', ' name'],
    ['an emoji', 'name🙂'],
    ['a non-ASCII letter', 'café'],
    ['a Cyrillic look-alike', 'vitаlik'],
    ['3 letters and an underscore', 'abc_'],
  ])('refuses %s', (_case, name) => {
    expect(isRegisterName(name)).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(isRegisterName(1234)).toBe(false)
    expect(isRegisterName(undefined)).toBe(false)
  })
})
