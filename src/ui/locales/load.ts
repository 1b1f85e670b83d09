import type { SupportedLocale } from '../../config/locale'
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
const pending = new Map<Translated, Promise<Strings>>()
const listeners = new Set<() => void>()

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
  const cached = loaded.get(locale)
  if (cached) return Promise.resolve(cached)
  let promise = pending.get(locale)
  if (!promise) {
    promise = loaders[locale]().then(
      (module) => {
        loaded.set(locale, module.default)
        pending.delete(locale)
        for (const listener of listeners) listener()
        return module.default
      },
      (error: unknown) => {
        pending.delete(locale)
        throw error
      },
    )
    pending.set(locale, promise)
  }
  return promise
}

/** Calls `listener` whenever a catalogue arrives; returns the unsubscribe function. */
export function subscribeCatalogues(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
