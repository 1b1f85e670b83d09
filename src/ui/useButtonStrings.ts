import { useMemo } from 'react'
import { usePorticoSelector } from '../react/hooks'
import { buttonStrings, type ButtonStrings } from './buttonStrings'
import { mergeStrings } from './mergeStrings'

/**
 * The dapp buttons' labels with the dapp's `config.strings` laid over them: the same
 * overrides the modal reads through `useStrings()`, without loading its catalogue.
 *
 * @example
 * const t = useButtonStrings()
 * <button>{t.connectWallet}</button>
 */
export function useButtonStrings(): ButtonStrings {
  const overrides = usePorticoSelector((s) => s.options.strings)
  return useMemo(() => mergeStrings(buttonStrings, overrides), [overrides])
}
