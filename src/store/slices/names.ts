import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { initialNamesState } from './lazyInitialStates'
import { accountActions } from './account'
import type { ErrorRecord } from '../../errors/record'

/** A name close to the one typed, and whether someone holds it. */
export type NameSuggestionState = { name: string; registered: boolean }

/** RegisterAccountName (SPEC §2, §5): what was typed, what the name service said, the registration. */
export type NamesState = {
  /** What the visitor typed (a label such as `alice`). */
  query: string
  suggestions: NameSuggestionState[]
  suggestionsStatus: 'idle' | 'loading' | 'loaded' | 'error'
  /** Whether `query` can be registered; `checking` until the service answers. */
  availability: 'unknown' | 'checking' | 'available' | 'taken'
  /** The full name `query` stands for (`alice.portico.id`), once the service said it. */
  fullName: string | undefined
  status: 'idle' | 'signing' | 'registering' | 'registered' | 'error'
  /** SPEC §8: 'Error resolving name', 'Error fetching name suggestions', 'Error registering name', 'Signature declined'. */
  error: ErrorRecord | undefined
  /** Why, when the service said more than the SPEC sentence: someone else holds the name (HTTP 409). */
  reason: 'taken' | undefined
}

const initialState = initialNamesState

export const namesSlice = createSlice({
  name: 'names',
  initialState,
  reducers: {
    /** The visitor typed: the names saga waits for a pause, then asks for suggestions. */
    queryChanged(state, action: PayloadAction<{ name: string }>) {
      state.query = action.payload.name
      state.availability = 'unknown'
      state.fullName = undefined
      if (state.status === 'error') {
        state.status = 'idle'
        state.error = undefined
        state.reason = undefined
      }
    },
    suggestionsLoading(state) {
      state.suggestionsStatus = 'loading'
      state.availability = 'checking'
    },
    suggestionsLoaded(state, action: PayloadAction<{ query: string; suggestions: NameSuggestionState[] }>) {
      if (action.payload.query !== state.query) return
      state.suggestions = action.payload.suggestions
      state.suggestionsStatus = 'loaded'
    },
    suggestionsFailed(state, action: PayloadAction<{ query: string; error: ErrorRecord }>) {
      if (action.payload.query !== state.query) return
      state.suggestions = []
      state.suggestionsStatus = 'error'
      state.error = action.payload.error
    },
    availabilityChecked(state, action: PayloadAction<{ query: string; available: boolean; fullName: string | undefined }>) {
      if (action.payload.query !== state.query) return
      state.availability = action.payload.available ? 'available' : 'taken'
      state.fullName = action.payload.fullName
    },
    availabilityFailed(state, action: PayloadAction<{ query: string; error: ErrorRecord }>) {
      if (action.payload.query !== state.query) return
      state.availability = 'unknown'
      state.error = action.payload.error
    },
    /** Register `name` for the connected account (the view has checked the SPEC §5 rule). */
    registerRequested(state, _action: PayloadAction<{ name: string }>) {
      state.status = 'signing'
      state.error = undefined
      state.reason = undefined
    },
    signed(state) {
      state.status = 'registering'
    },
    registered(state, action: PayloadAction<{ name: string }>) {
      state.status = 'registered'
      state.fullName = action.payload.name
    },
    registerFailed(state, action: PayloadAction<{ error: ErrorRecord; reason?: 'taken' | undefined }>) {
      state.status = 'error'
      state.error = action.payload.error
      state.reason = action.payload.reason
    },
    reset: () => initialState,
  },
  extraReducers: (builder) => {
    builder.addCase(accountActions.addressChanged, () => initialState)
    builder.addCase(accountActions.chainDisconnected, () => initialState)
  },
})

export const namesActions = namesSlice.actions
