import { isSocialProvider } from './socialProvider'

// SPEC §5: "Social provider is one of the six listed."
describe('isSocialProvider', () => {
  it.each(['google', 'github', 'apple', 'facebook', 'x', 'discord'])('accepts %s', (provider) => {
    expect(isSocialProvider(provider)).toBe(true)
  })

  it.each(['farcaster', 'twitter', 'Google', 'email', '', 'constructor'])('refuses %s', (provider) => {
    expect(isSocialProvider(provider)).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(isSocialProvider(undefined)).toBe(false)
  })
})
