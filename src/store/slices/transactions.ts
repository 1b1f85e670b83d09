import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { Limits } from '../../config/constants'
import type { TransactionHistoryItem } from '../../types/transaction'

export type TransactionsState = {
  items: TransactionHistoryItem[]
  /** Cursor of the next page; undefined when everything is loaded. */
  next: string | undefined
  status: 'idle' | 'loading' | 'loaded' | 'error'
  error: string | undefined
  /** Hashes sent from the modal and not yet seen in history (at most 99, SPEC §9). */
  pending: string[]
}

const initialState: TransactionsState = { items: [], next: undefined, status: 'idle', error: undefined, pending: [] }

export const transactionsSlice = createSlice({
  name: 'transactions',
  initialState,
  reducers: {
    fetchRequested(state, _action: PayloadAction<{ cursor?: string | undefined } | undefined>) {
      state.status = 'loading'
      state.error = undefined
    },
    pageLoaded(state, action: PayloadAction<{ items: TransactionHistoryItem[]; next: string | undefined; append: boolean }>) {
      const { items, next, append } = action.payload
      const seen = new Set(append ? state.items.map((t) => t.id) : [])
      state.items = append ? [...state.items, ...items.filter((t) => !seen.has(t.id))] : items
      state.next = next
      state.status = 'loaded'
      const confirmed = new Set(items.map((t) => t.metadata.hash))
      state.pending = state.pending.filter((hash) => !confirmed.has(hash))
    },
    fetchFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'error'
      state.error = action.payload.message
    },
    pendingAdded(state, action: PayloadAction<string>) {
      if (state.pending.includes(action.payload)) return
      state.pending = [action.payload, ...state.pending].slice(0, Limits.pendingTransactions)
    },
    reset: () => initialState,
  },
})

export const transactionsActions = transactionsSlice.actions
