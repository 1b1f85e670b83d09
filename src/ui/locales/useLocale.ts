import { useMemo } from 'react'
import { catalogueLocale, localeDirection, type SupportedLocale } from '../../config/locale'
import { usePorticoSelector } from '../../react/hooks'

export type LocaleInfo = {
  /** The locale's BCP 47 tag, as `Intl` formats numbers and times for it ('pt-BR'). */
  locale: string
  /** The catalogue that serves it: a shipped language, or 'en'. */
  catalogue: SupportedLocale
  /** `lang` and `dir` for the element that holds Portico's text (the modal root, a button). */
  attributes: { lang: string; dir: 'ltr' | 'rtl' }
}

/**
 * The Portico's locale (`config.locale`, `portico.setLocale`, or the browser's
 * language), with its catalogue and text direction.
 *
 * @example
 * const { locale, attributes } = useLocale()
 * <div {...attributes}>{formatFiat(value, 'USD', locale)}</div>
 */
export function useLocale(): LocaleInfo {
  const locale = usePorticoSelector((s) => s.options.locale)
  return useMemo(() => ({ locale, catalogue: catalogueLocale(locale) ?? 'en', attributes: { lang: locale, dir: localeDirection(locale) } }), [locale])
}
