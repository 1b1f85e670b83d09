import { useEffect, useMemo } from 'react'
import { catalogueLocale } from '../config/locale'
import { usePorticoSelector } from '../react/hooks'
import { buttonStrings, type ButtonStrings } from './buttonStrings'
import { localeButtonStrings } from './locales/buttons'
import { preloadCatalogue } from './locales/preload'
import { mergeStrings } from './mergeStrings'

/**
 * The dapp buttons' labels in the Portico's locale, with the dapp's `config.strings`
 * laid over them: the same overrides the modal reads through `useStrings()`, without
 * loading its catalogue. In another language than English the buttons also start
 * fetching that language's modal catalogue, so the modal opens translated.
 *
 * @example
 * const t = useButtonStrings()
 * <button>{t.connectWallet}</button>
 */
export function useButtonStrings(): ButtonStrings {
  const overrides = usePorticoSelector((s) => s.options.strings)
  const locale = usePorticoSelector((s) => s.options.locale)
  const catalogue = useMemo(() => catalogueLocale(locale) ?? 'en', [locale])
  useEffect(() => preloadCatalogue(catalogue), [catalogue])
  const base = catalogue === 'en' ? buttonStrings : localeButtonStrings[catalogue]
  return useMemo(() => mergeStrings<ButtonStrings>(base, overrides), [base, overrides])
}
