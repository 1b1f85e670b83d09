import { resolveConfig } from '../config/resolveConfig'
import { messageRecord } from '../errors/record'
import { toReason, toRecord } from '../errors/toRecord'
import { en, format, mergeStrings, translate } from './strings'

describe('the string catalogue', () => {
  it('merges a partial override, nested groups key by key', () => {
    const merged = mergeStrings(en, { connectWallet: 'Se connecter', titles: { Connect: 'Connexion' }, alerts: { sessionExpired: { title: 'Session expirée' } } })
    expect(merged.connectWallet).toBe('Se connecter')
    expect(merged.titles.Connect).toBe('Connexion')
    expect(merged.titles.Account).toBe('Account')
    expect(merged.alerts.sessionExpired).toEqual({ title: 'Session expirée', message: en.alerts.sessionExpired.message })
    expect(en.connectWallet).toBe('Connect Wallet')
  })
  it('hands back the catalogue itself for no overrides, and one shared merge per catalogue and overrides', () => {
    expect(mergeStrings(en, {})).toBe(en)
    expect(mergeStrings(en, undefined)).toBe(en)
    const overrides = { connectWallet: 'Log in' }
    const first = mergeStrings(en, overrides)
    expect(mergeStrings(en, overrides)).toBe(first)
    expect(first.connectWallet).toBe('Log in')
    // New overrides (setStrings) make a new merge.
    expect(mergeStrings(en, { connectWallet: 'Sign in' }).connectWallet).toBe('Sign in')
    expect(first.connectWallet).toBe('Log in')
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
    expect(translate(en, messageRecord('errors.tokenBalanceUnavailable'))).toBe('Token Balance Unavailable')
  })
  it('translates a store record by its catalogue key, with its params', () => {
    const fr = mergeStrings(en, {
      errors: { tokenBalanceUnavailable: 'Solde indisponible', tryAgainAfter: 'Réessayez dans {seconds} secondes' },
      notices: { swapped: '{from} échangé contre {to}' },
    })
    expect(translate(fr, messageRecord('errors.tokenBalanceUnavailable'))).toBe('Solde indisponible')
    expect(translate(fr, messageRecord('errors.tryAgainAfter', { seconds: 12 }))).toBe('Réessayez dans 12 secondes')
    expect(translate(fr, messageRecord('notices.swapped', { from: 'ETH', to: 'USDC' }))).toBe('ETH échangé contre USDC')
  })
  it('translates a record inside a record (a reason) through the same catalogue', () => {
    const fr = mergeStrings(en, { errors: { userRejectedRequest: 'La demande a été refusée.', accountDidNotConnect: 'Le compte {namespace} ne s’est pas connecté : {reason}' } })
    const rejected = toReason({ code: 4001, message: 'User denied.' })
    const record = toRecord({ code: 4001 }, { key: 'accountDidNotConnect', params: { namespace: 'solana', reason: rejected } })
    expect(record.code).toBe(4001)
    expect(translate(fr, record)).toBe('Le compte solana ne s’est pas connecté : La demande a été refusée.')
    expect(translate(en, record)).toBe("The wallet's solana account did not connect: The user rejected the request.")
  })
  it('shows text that has no key (a wallet’s own sentence) as it came', () => {
    expect(translate(en, toRecord(new Error('Ledger device locked')))).toBe('Ledger device locked')
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
