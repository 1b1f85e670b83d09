import { useEffect, useState, useSyncExternalStore } from 'react'
import { en, type Strings } from '../strings'
import { loadCatalogue, loadedCatalogue, subscribeCatalogues } from './load'
import { useLocale } from './useLocale'

/**
 * The modal's catalogue for the Portico's locale: English at once; another language
 * once its chunk has arrived (undefined until then, so the modal waits rather than
 * flashing English). A catalogue that cannot be fetched (offline) falls back to English.
 *
 * @example
 * const catalogue = useCatalogue()
 * if (!catalogue) return null
 */
export function useCatalogue(): Strings | undefined {
  const { catalogue } = useLocale()
  const cached = useSyncExternalStore(
    subscribeCatalogues,
    () => loadedCatalogue(catalogue),
    () => loadedCatalogue(catalogue),
  )
  const [failed, setFailed] = useState<string>()
  useEffect(() => {
    if (catalogue === 'en' || cached) return
    let live = true
    loadCatalogue(catalogue).catch((error: unknown) => {
      console.error(`Portico: the '${catalogue}' strings could not be loaded; showing English`, error)
      if (live) setFailed(catalogue)
    })
    return () => {
      live = false
    }
  }, [catalogue, cached])
  if (catalogue === 'en' || failed === catalogue) return en
  return cached
}
