import { SupportedLocales, type SupportedLocale } from '../../config/locale'
import { en, type Strings } from '../strings'
import { localeButtonStrings } from './buttons'
import { loadCatalogue, loadedCatalogue } from './load'

type Leaves = Map<string, string>

/** Every string of a catalogue by its path ('titles.Connect'). */
function leaves(value: unknown, path = '', out: Leaves = new Map()): Leaves {
  if (typeof value === 'string') out.set(path, value)
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) leaves(child, path ? `${path}.${key}` : key, out)
  return out
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

const translated = SupportedLocales.filter((l): l is Exclude<SupportedLocale, 'en'> => l !== 'en')
const english = leaves(en)

// Names, symbols and codes read the same in every language.
const sameEverywhere =
  /^(socialNames\.|walletConnect$|nameSuffix$|swapRateValue$|networkFeeValue$|titles\.Connecting(WalletConnect|WalletConnectBasic|Farcaster)$|accountTypeEoa$|errors\.untranslated$)/

describe.each(translated)('the %s catalogue', (locale) => {
  let catalogue: Strings
  beforeAll(async () => {
    catalogue = await loadCatalogue(locale)
  })

  it('has every key of the English catalogue and no other', () => {
    expect([...leaves(catalogue).keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('keeps the placeholders of each English string', () => {
    const mismatched = [...leaves(catalogue)].filter(([path, text]) => placeholders(text).join() !== placeholders(english.get(path) ?? '').join())
    expect(mismatched).toEqual([])
  })

  it('is a translation, not a copy of English', () => {
    const copied = [...leaves(catalogue)].filter(([path, text]) => !sameEverywhere.test(path) && text === english.get(path) && !/^[\W\d]*$/.test(text))
    // A few words are the same in both languages ('Token', 'NFTs', 'Wallet'); anything more is an untranslated copy.
    expect(copied.length).toBeLessThanOrEqual(12)
  })

  it('carries its button labels, the ones the buttons show before the modal loads', () => {
    expect(catalogue).toMatchObject(localeButtonStrings[locale])
  })

  it('is cached once loaded', async () => {
    expect(loadedCatalogue(locale)).toBe(catalogue)
    expect(await loadCatalogue(locale)).toBe(catalogue)
  })
})

it('English keeps the SPEC wording', () => {
  expect(en.tryAgainAfter).toBe('Please try again after {n} seconds')
  expect(en.alerts.invalidAppConfiguration.title).toBe('Invalid App Configuration')
  expect(en.errors.somethingWentWrong).toBe('Something went wrong')
  expect(loadedCatalogue('en')).toBeUndefined()
})
