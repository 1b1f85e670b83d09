import { useEffect } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../../react/hooks'
import { transactionsActions } from '../../../store/slices/transactions'
import { lazyState } from '../../../store/lazyState'

/**
 * The transaction history of the connected account, fetched once when a tab that shows
 * it first appears (the history saga pages it by cursor).
 */
export function useHistory() {
  const dispatch = usePorticoDispatch()
  const history = usePorticoSelector((s) => lazyState(s, 'transactions'))
  useEffect(() => {
    if (history.status === 'idle') dispatch(transactionsActions.fetchRequested())
  }, [dispatch, history.status])
  return {
    ...history,
    retry: () => dispatch(transactionsActions.fetchRequested(history.items.length && history.next ? { cursor: history.next } : undefined)),
    loadMore: () => dispatch(transactionsActions.fetchRequested({ cursor: history.next })),
  }
}
