import type { SupportedLocale } from '../../config/locale'

/**
 * Starts fetching a language's catalogue without waiting for it, so the modal opens
 * already translated. Kept apart from the loader: the buttons call it, and only this
 * `import()` is in their first load. A failed fetch is tried again when the modal opens.
 */
export function preloadCatalogue(locale: SupportedLocale): void {
  if (locale === 'en') return
  void import('./load').then((m) => m.loadCatalogue(locale)).catch(() => undefined)
}
