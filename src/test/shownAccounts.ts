import type { PorticoState } from '../store/rootReducer'

/**
 * Records every account a store shows, in order: the active namespace each time it
 * changes while its account is connected. A test of "the shown account never flips"
 * expects one entry.
 *
 * @example
 * const shown = recordShownAccounts(portico)
 * await untilState(portico, bothConnected)
 * expect(shown).toEqual(['solana'])
 */
export function recordShownAccounts(store: { getState(): PorticoState; subscribe(listener: () => void): unknown }): string[] {
  const shown: string[] = []
  store.subscribe(() => {
    const { account } = store.getState()
    const namespace = account.activeNamespace
    if (namespace && account.byNamespace[namespace]?.status === 'connected' && shown.at(-1) !== namespace) shown.push(namespace)
  })
  return shown
}
