import { useMemo } from 'react'
import { usePorticoSelector } from '../react/hooks'
import { en, mergeStrings, type Strings } from './strings'

/**
 * The modal's strings: the English catalogue with the dapp's `config.strings` laid over
 * it. Recomputed only when the overrides change.
 *
 * @example
 * const t = useStrings()
 * <button>{t.connectWallet}</button>
 */
export function useStrings(): Strings {
  const overrides = usePorticoSelector((s) => s.options.strings)
  return useMemo(() => mergeStrings(en, overrides), [overrides])
}
