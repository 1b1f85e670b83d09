import { ValidationError } from '../errors/validation'

/**
 * The languages the modal ships a catalogue for. `en` is the source (and the SPEC's
 * exact wording); the others load on demand when chosen.
 */
export const SupportedLocales = ['en', 'es', 'fr', 'de', 'pt', 'it', 'ja', 'ko', 'zh-CN', 'ru', 'tr', 'ar'] as const

export type SupportedLocale = (typeof SupportedLocales)[number]

/** Languages written right to left (the modal and buttons get `dir="rtl"`). */
const RightToLeft = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb'])

/** The canonical form of a BCP 47 tag ('PT-br' → 'pt-BR'), or undefined when it is not one. */
function canonicalTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}

/**
 * The shipped catalogue that serves a language tag, or undefined when none does. A
 * region falls back to its language (pt-BR → pt, fr-CA → fr); Chinese goes by script,
 * so zh, zh-Hans, zh-SG get the Simplified catalogue (zh-CN) and zh-TW, zh-HK, zh-Hant
 * get none (Portico ships no Traditional Chinese, and Simplified is the wrong script).
 *
 * @example
 * catalogueLocale('pt-BR') // 'pt'
 * catalogueLocale('zh-Hans') // 'zh-CN'
 * catalogueLocale('nl') // undefined
 */
export function catalogueLocale(tag: string): SupportedLocale | undefined {
  const canonical = canonicalTag(tag)
  if (!canonical) return undefined
  const locale = new Intl.Locale(canonical)
  if (locale.language === 'zh') return locale.maximize().script === 'Hans' ? 'zh-CN' : undefined
  return (SupportedLocales as readonly string[]).includes(locale.language) ? (locale.language as SupportedLocale) : undefined
}

/**
 * The visitor's language: the first of the browser's preferred languages (most
 * preferred first, as `navigator.languages` lists them) that a catalogue serves, kept
 * with its region so numbers follow it (pt-BR, de-CH); 'en' when none is served.
 *
 * @example
 * detectLocale(['nl-NL', 'pt-BR', 'en']) // 'pt-BR'
 */
export function detectLocale(languages: readonly string[]): string {
  for (const language of languages) {
    if (typeof language === 'string' && catalogueLocale(language)) return canonicalTag(language) as string
  }
  return 'en'
}

/**
 * The locale a Portico runs in: the dapp's `locale` when given (any BCP 47 tag; one with
 * no shipped catalogue shows English, or the dapp's own `strings`, with numbers and
 * dates in that locale), else the browser's languages, else 'en'.
 * Throws `ValidationError` when `locale` is not a language tag.
 *
 * @example
 * resolveLocale(undefined, ['fr-CA', 'en']) // 'fr-CA'
 * resolveLocale('pt-br', []) // 'pt-BR'
 */
export function resolveLocale(locale: unknown, languages: readonly string[]): string {
  if (locale === undefined) return detectLocale(languages)
  const canonical = typeof locale === 'string' ? canonicalTag(locale) : undefined
  if (!canonical) {
    throw new ValidationError("locale must be a BCP 47 language tag such as 'fr' or 'pt-BR'.", [{ path: 'locale', message: `got ${typeof locale === 'string' ? `'${locale}'` : typeof locale}` }])
  }
  return canonical
}

/**
 * The browser's preferred languages, most preferred first; none outside a browser (a
 * server render shows the dapp's `locale`, or English).
 */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  if (Array.isArray(navigator.languages) && navigator.languages.length > 0) return navigator.languages
  return navigator.language ? [navigator.language] : []
}

/**
 * The text direction of a locale: 'rtl' for Arabic and the other right-to-left scripts.
 *
 * @example
 * localeDirection('ar-EG') // 'rtl'
 */
export function localeDirection(tag: string): 'ltr' | 'rtl' {
  const canonical = canonicalTag(tag)
  return canonical && RightToLeft.has(new Intl.Locale(canonical).language) ? 'rtl' : 'ltr'
}
