import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { WalletListing } from '../../types/walletListing'
import type { ErrorRecord } from '../../errors/record'

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'error'

export type WalletsState = {
  /** Every page loaded so far, in order (pages of 40). */
  list: WalletListing[]
  /** Last page loaded (1-based); 0 before the first. */
  page: number
  count: number
  status: LoadStatus
  error: ErrorRecord | undefined
  recommended: WalletListing[]
  featured: WalletListing[]
  search: { query: string; results: WalletListing[]; status: LoadStatus; error: ErrorRecord | undefined }
  /**
   * Listed wallets' pictures by image id, as the preload saga found them (SPEC §9: 2 s
   * at most): the lists show a picture once 'loaded' and the initial letter meanwhile
   * and after a failure or timeout.
   */
  images: Record<string, 'loading' | 'loaded' | 'failed'>
}

const initialState: WalletsState = {
  list: [],
  page: 0,
  count: 0,
  status: 'idle',
  error: undefined,
  recommended: [],
  featured: [],
  search: { query: '', results: [], status: 'idle', error: undefined },
  images: {},
}

export const walletsSlice = createSlice({
  name: 'wallets',
  initialState,
  reducers: {
    pageRequested(state, _action: PayloadAction<{ page: number }>) {
      state.status = 'loading'
      state.error = undefined
    },
    pageLoaded(state, action: PayloadAction<{ page: number; data: WalletListing[]; count: number }>) {
      const { page, data, count } = action.payload
      const seen = new Set(state.list.map((w) => w.id))
      state.list = page === 1 ? data : [...state.list, ...data.filter((w) => !seen.has(w.id))]
      state.page = page
      state.count = count
      state.status = 'loaded'
    },
    pageFailed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.status = 'error'
      state.error = action.payload.error
    },
    recommendedLoaded(state, action: PayloadAction<{ recommended: WalletListing[]; featured: WalletListing[] }>) {
      state.recommended = action.payload.recommended
      state.featured = action.payload.featured
    },
    imagesPreloading(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) state.images[id] = 'loading'
    },
    imagePreloaded(state, action: PayloadAction<{ imageId: string; loaded: boolean }>) {
      state.images[action.payload.imageId] = action.payload.loaded ? 'loaded' : 'failed'
    },
    searchRequested(state, action: PayloadAction<{ query: string }>) {
      state.search.query = action.payload.query
      state.search.status = action.payload.query ? 'loading' : 'idle'
      state.search.error = undefined
      if (!action.payload.query) state.search.results = []
    },
    searchLoaded(state, action: PayloadAction<{ query: string; results: WalletListing[] }>) {
      // A late answer to an older query must not replace the current one.
      if (action.payload.query !== state.search.query) return
      state.search.results = action.payload.results
      state.search.status = 'loaded'
    },
    searchFailed(state, action: PayloadAction<{ query: string; error: ErrorRecord }>) {
      if (action.payload.query !== state.search.query) return
      state.search.status = 'error'
      state.search.error = action.payload.error
    },
  },
  selectors: {
    selectWalletList: (state) => state.list,
    selectWalletSearch: (state) => state.search,
    selectRecommendedWallets: (state) => state.recommended,
    selectFeaturedWallets: (state) => state.featured,
    selectHasMoreWallets: (state) => state.list.length < state.count,
  },
})

export const walletsActions = walletsSlice.actions
