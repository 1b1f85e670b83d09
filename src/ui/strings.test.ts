import { resolveConfig } from '../config/resolveConfig'
import { en, format, mergeStrings, translateError } from './strings'

describe('the string catalogue', () => {
  it('merges a partial override, nested groups key by key', () => {
    const merged = mergeStrings(en, { connectWallet: 'Se connecter', titles: { Connect: 'Connexion' }, alerts: { sessionExpired: { title: 'Session expirée' } } })
    expect(merged.connectWallet).toBe('Se connecter')
    expect(merged.titles.Connect).toBe('Connexion')
    expect(merged.titles.Account).toBe('Account')
    expect(merged.alerts.sessionExpired).toEqual({ title: 'Session expirée', message: en.alerts.sessionExpired.message })
    expect(en.connectWallet).toBe('Connect Wallet')
  })
  it('ignores values of the wrong shape', () => {
    const merged = mergeStrings(en, { connectWallet: 42, titles: 'x' } as never)
    expect(merged.connectWallet).toBe('Connect Wallet')
    expect(merged.titles.Connect).toBe('Connect Wallet')
  })
  it('fills placeholders and keeps unknown ones visible', () => {
    expect(format(en.tryAgainAfter, { n: 12 })).toBe('Please try again after 12 seconds')
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}')
  })
  it('carries the SPEC §8 alerts and messages from the error tables', () => {
    expect(en.alerts.invalidAppConfiguration.title).toBe('Invalid App Configuration')
    expect(en.alerts.projectIdNotConfigured.title).toBe('Project ID Not Configured')
    expect(translateError(en, 'Token Balance Unavailable')).toBe('Token Balance Unavailable')
  })
  it('translates a store message by its catalogue key, and passes others through', () => {
    const fr = mergeStrings(en, { errors: { tokenBalanceUnavailable: 'Solde indisponible' } })
    expect(translateError(fr, 'Token Balance Unavailable')).toBe('Solde indisponible')
    expect(translateError(fr, 'User rejected the request.')).toBe('User rejected the request.')
  })
})

describe('config.strings', () => {
  const resolve = (strings: unknown) => resolveConfig({ projectId: 'p', plugins: [], networks: [], strings: strings as never }, { defaultPlugins: () => [] })
  it('defaults to no overrides', () => expect(resolve(undefined).strings).toEqual({}))
  it('keeps nested string overrides', () => expect(resolve({ titles: { Connect: 'Log in' } }).strings).toEqual({ titles: { Connect: 'Log in' } }))
  it('refuses what is not plain strings, naming the path', () => {
    expect(() => resolve({ titles: { Connect: 42 } })).toThrow('strings.titles.Connect must be a string or a group of strings.')
    expect(() => resolve({ continueWith: ['x'] })).toThrow('strings.continueWith')
  })
})
