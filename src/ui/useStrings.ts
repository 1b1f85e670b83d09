import { useMemo } from 'react'
import { usePorticoSelector } from '../react/hooks'
import { useCatalogue } from './locales/useCatalogue'
import { en, mergeStrings, type Strings } from './strings'

/**
 * The modal's strings: the catalogue of the Portico's locale with the dapp's
 * `config.strings` laid over it. Recomputed only when the locale or the overrides
 * change. While another language's catalogue is on its way this is English; the modal
 * itself waits for it (`useCatalogue`), so a visitor never sees the switch.
 *
 * @example
 * const t = useStrings()
 * <button>{t.connectWallet}</button>
 */
export function useStrings(): Strings {
  const overrides = usePorticoSelector((s) => s.options.strings)
  const catalogue = useCatalogue() ?? en
  return useMemo(() => mergeStrings(catalogue, overrides), [catalogue, overrides])
}
