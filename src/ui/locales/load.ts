import type { SupportedLocale } from '../../config/locale'
import { retryingLoader } from '../../shared/retryingLoader'
import type { Strings } from '../strings'

type Translated = Exclude<SupportedLocale, 'en'>

/**
 * One chunk per language: a dapp's bundle holds every catalogue, but a visitor fetches
 * only the one chosen (English is in the modal's own chunk).
 */
const loaders: Record<Translated, () => Promise<{ default: Strings }>> = {
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  pt: () => import('./pt'),
  it: () => import('./it'),
  ja: () => import('./ja'),
  ko: () => import('./ko'),
  'zh-CN': () => import('./zh-CN'),
  ru: () => import('./ru'),
  tr: () => import('./tr'),
  ar: () => import('./ar'),
}

// Catalogues are immutable data shared by every Portico on the page, so one cache serves all.
const loaded = new Map<Translated, Strings>()
const listeners = new Set<() => void>()

/** One loader per language (shared/retryingLoader.ts): a failed fetch is forgotten, so the next call tries again. */
const catalogues = Object.fromEntries(
  Object.entries(loaders).map(([locale, load]) => [
    locale,
    retryingLoader(() =>
      load().then((module) => {
        loaded.set(locale as Translated, module.default)
        for (const listener of listeners) listener()
        return module.default
      }),
    ),
  ]),
) as Record<Translated, () => Promise<Strings>>

/** A catalogue already fetched, or undefined (always undefined for English, which is not fetched). */
export function loadedCatalogue(locale: SupportedLocale): Strings | undefined {
  return locale === 'en' ? undefined : loaded.get(locale)
}

/**
 * Fetches a language's catalogue once; later calls share the promise, and a failed
 * fetch (offline) is forgotten so the next call tries again. Subscribers hear when one
 * arrives.
 *
 * @example
 * const ar = await loadCatalogue('ar')
 */
export function loadCatalogue(locale: Translated): Promise<Strings> {
  return catalogues[locale]()
}

/** Calls `listener` whenever a catalogue arrives; returns the unsubscribe function. */
export function subscribeCatalogues(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
