import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { initialTransactionsState } from './lazyInitialStates'
import { Limits } from '../../config/constants'
import type { TransactionHistoryItem } from '../../types/transaction'
import { accountActions } from './account'
import type { ErrorRecord } from '../../errors/record'

export type TransactionsState = {
  items: TransactionHistoryItem[]
  /** Cursor of the next page; undefined when everything is loaded. */
  next: string | undefined
  status: 'idle' | 'loading' | 'loaded' | 'error'
  error: ErrorRecord | undefined
  /** Hashes sent from the modal and not yet seen in history (at most 99, SPEC §9). */
  pending: string[]
}

const initialState = initialTransactionsState

/** Hashes that `items` shows as mined (compared case-insensitively). */
const minedHashes = (items: readonly TransactionHistoryItem[]) => new Set(items.map((t) => t.metadata.hash.toLowerCase()))

export const transactionsSlice = createSlice({
  name: 'transactions',
  initialState,
  reducers: {
    /**
     * Asks the history saga for a page: the first one, or the one after `cursor` ("load
     * more"). `onramp` lists only that onramp provider's purchases (SPEC §7).
     */
    fetchRequested(state, _action: PayloadAction<{ cursor?: string | undefined; onramp?: string | undefined } | undefined>) {
      state.status = 'loading'
      state.error = undefined
    },
    pageLoaded(state, action: PayloadAction<{ items: TransactionHistoryItem[]; next: string | undefined; append: boolean }>) {
      const { items, next, append } = action.payload
      const seen = new Set(append ? state.items.map((t) => t.id) : [])
      state.items = append ? [...state.items, ...items.filter((t) => !seen.has(t.id))] : items
      state.next = next
      state.status = 'loaded'
      const confirmed = minedHashes(items)
      state.pending = state.pending.filter((hash) => !confirmed.has(hash.toLowerCase()))
    },
    /**
     * A fresh first page (after a send, while something is pending): what is new goes on
     * top and the pages already loaded stay, so "load more" keeps its place.
     */
    refreshed(state, action: PayloadAction<{ items: TransactionHistoryItem[]; next: string | undefined }>) {
      const { items, next } = action.payload
      if (state.status !== 'loaded' || state.items.length === 0) {
        state.items = items
        state.next = next
        state.status = 'loaded'
        state.error = undefined
      } else {
        const known = new Set(state.items.map((t) => t.id))
        const fresh = new Map(items.map((t) => [t.id, t]))
        // New items on top; known ones take their newest form (a pending one is now mined).
        state.items = [...items.filter((t) => !known.has(t.id)), ...state.items.map((t) => fresh.get(t.id) ?? t)]
      }
      const confirmed = minedHashes(items)
      state.pending = state.pending.filter((hash) => !confirmed.has(hash.toLowerCase()))
    },
    fetchFailed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.status = 'error'
      state.error = action.payload.error
    },
    pendingAdded(state, action: PayloadAction<string>) {
      if (state.pending.includes(action.payload)) return
      state.pending = [action.payload, ...state.pending].slice(0, Limits.pendingTransactions)
    },
    /** The history never showed it within the watch window: stop showing it as pending. */
    pendingDropped(state, action: PayloadAction<string>) {
      state.pending = state.pending.filter((hash) => hash !== action.payload)
    },
    reset: () => initialState,
  },
  extraReducers: (builder) => {
    // Another account, network or no account at all: the history loaded so far is someone else's.
    builder.addCase(accountActions.addressChanged, () => initialState)
    builder.addCase(accountActions.networkChanged, () => initialState)
    builder.addCase(accountActions.chainDisconnected, () => initialState)
  },
})

export const transactionsActions = transactionsSlice.actions
