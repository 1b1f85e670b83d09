import { ValidationError } from '../errors'
import { catalogueLocale, detectLocale, localeDirection, resolveLocale } from './locale'
import { createStore } from '../store/createStore'
import { serverState } from '../store/hydrate'
import { resolveConfig } from './resolveConfig'

describe('catalogueLocale', () => {
  it.each([
    ['en', 'en'],
    ['en-GB', 'en'],
    ['pt-BR', 'pt'],
    ['fr-CA', 'fr'],
    ['de-CH', 'de'],
    ['ar-EG', 'ar'],
    ['ZH-cn', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['ja-JP', 'ja'],
  ])('serves %s with the %s catalogue', (tag, catalogue) => expect(catalogueLocale(tag)).toBe(catalogue))

  it.each(['zh-TW', 'zh-HK', 'zh-Hant', 'nl', 'he', 'not a tag', ''])('serves %s with none', (tag) => expect(catalogueLocale(tag)).toBeUndefined())
})

describe('detectLocale (the browser languages, most preferred first)', () => {
  it('takes the first language a catalogue serves, keeping its region', () => {
    expect(detectLocale(['nl-NL', 'pt-BR', 'en'])).toBe('pt-BR')
    expect(detectLocale(['zh-TW', 'zh', 'en'])).toBe('zh')
  })
  it('falls back to English', () => {
    expect(detectLocale(['nl', 'sv'])).toBe('en')
    expect(detectLocale([])).toBe('en')
  })
})

describe('resolveLocale', () => {
  it('prefers the dapp’s locale over the browser’s, in canonical form', () => {
    expect(resolveLocale('pt-br', ['fr'])).toBe('pt-BR')
    expect(resolveLocale(undefined, ['fr-CA', 'en'])).toBe('fr-CA')
  })
  it('keeps a locale with no catalogue (English strings, that locale’s numbers)', () => expect(resolveLocale('nl-NL', [])).toBe('nl-NL'))
  it.each([['klingon language'], [''], [42]])('refuses %p with the option’s path', (bad) => {
    const error = (() => {
      try {
        resolveLocale(bad, [])
      } catch (thrown) {
        return thrown
      }
    })()
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).shortMessage).toBe("locale must be a BCP 47 language tag such as 'fr' or 'pt-BR'.")
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(['locale'])
  })
})

describe('localeDirection', () => {
  it.each([
    ['ar', 'rtl'],
    ['ar-SA', 'rtl'],
    ['he', 'rtl'],
    ['fa-IR', 'rtl'],
    ['en', 'ltr'],
    ['tr', 'ltr'],
    ['zh-CN', 'ltr'],
  ])('%s is %s', (tag, dir) => expect(localeDirection(tag)).toBe(dir))
})

describe('config.locale', () => {
  const resolve = (locale: unknown, languages: readonly string[] = []) =>
    resolveConfig({ projectId: 'p', plugins: [], networks: [], locale: locale as string }, { defaultPlugins: () => [], detectLanguages: () => languages })
  it('is the dapp’s locale when given, whatever the browser says', () => expect(resolve('ar', ['fr']).locale).toBe('ar'))
  it('is the browser’s language when absent', () => expect(resolve(undefined, ['es-MX', 'en']).locale).toBe('es-MX'))
  it('is English with neither', () => expect(resolve(undefined).locale).toBe('en'))
  it('refuses a value that is not a language tag', () => expect(() => resolve(['fr'])).toThrow('locale must be a BCP 47 language tag'))
})

describe('the locale a server renders (hydration)', () => {
  const state = (locale: string | undefined, languages: readonly string[]) =>
    createStore({
      config: resolveConfig({ projectId: 'p', plugins: [], networks: [], devtools: false, ...(locale ? { locale } : {}) }, { defaultPlugins: () => [], detectLanguages: () => languages }),
    }).getState()
  it('is English when the browser chose the language: the first render repeats the server’s, then the store shows the browser’s', () => {
    const browser = state(undefined, ['fr-FR'])
    expect(browser.options.locale).toBe('fr-FR')
    expect(serverState(browser, undefined).options.locale).toBe('en')
  })
  it('is the dapp’s locale when it set one', () => expect(serverState(state('ar', ['fr-FR']), undefined).options.locale).toBe('ar'))
})
