import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { TelegramPlatform } from '../../config/constants'
import type { Endpoints, Features, Metadata, StringOverrides, ThemeMode, ThemeVariables } from '../../config/types'
import type { PluginFeatureData } from '../../plugins/types'

/**
 * The serialisable part of the resolved config, plus what Portico learned about its
 * environment. Views read options from here, never from the config object.
 */
export type OptionsState = {
  projectId: string | undefined
  metadata: Metadata
  features: Features
  /** The mode in effect: the dapp's, or the visitor's `prefers-color-scheme` while following it. */
  themeMode: ThemeMode
  /**
   * No `themeMode` in the config and none set since: the UI leaves `data-theme` off, so
   * its CSS follows `prefers-color-scheme` live, and `themeMode` tracks it for the frame.
   */
  themeModeFollowsSystem: boolean
  themeVariables: ThemeVariables
  endpoints: Endpoints
  /** Namespaces with a registered plugin; empty means "no adapters" (SPEC §2). */
  namespaces: string[]
  /**
   * Each registered plugin's features (SPEC §5, evaluated for the configured networks)
   * and capabilities as plain data, by namespace. The views and the send checks read
   * these (through `selectPluginFeatures` and `networkFeatures`), never a chain family's name.
   */
  pluginFeatures: Record<string, PluginFeatureData>
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  isMobile: boolean
  telegramPlatform: TelegramPlatform
  siwxEnabled: boolean
  /** The dapp's replacements for the modal's strings (plain data, merged over English by the UI). */
  strings: StringOverrides
  /**
   * The locale's BCP 47 tag: the dapp's `locale`, else the browser's language, else 'en'.
   * The UI picks the catalogue that serves it and formats numbers and times for it.
   */
  locale: string
  /**
   * The locale a server renders: the dapp's `locale`, else 'en' (a server has no browser
   * languages). A hydrating browser repeats it (`serverState`), then shows `locale`.
   */
  serverLocale: string
  /** The Connect view's legal links (`termsConditionsUrl`, `privacyPolicyUrl`). */
  legal: { termsConditionsUrl: string | undefined; privacyPolicyUrl: string | undefined }
  /** The visitor's time zone is a restricted one: the onramp (Buy) is hidden. */
  onrampRestricted: boolean
}

export const optionsSlice = createSlice({
  name: 'options',
  // Always preloaded by createStore from the resolved config.
  initialState: {} as OptionsState,
  reducers: {
    /** The dapp chose a mode: it holds until the dapp changes it, whatever the system says. */
    themeModeSet(state, action: PayloadAction<ThemeMode>) {
      state.themeMode = action.payload
      state.themeModeFollowsSystem = false
    },
    /** The visitor's colour scheme, as `matchMedia` reports it; ignored once the dapp chose a mode. */
    systemThemeModeChanged(state, action: PayloadAction<ThemeMode>) {
      if (state.themeModeFollowsSystem) state.themeMode = action.payload
    },
    themeVariablesSet(state, action: PayloadAction<ThemeVariables>) {
      state.themeVariables = action.payload
    },
    /** The visitor's time zone is restricted (SPEC §9): Buy is hidden. */
    onrampRestrictedSet(state, action: PayloadAction<boolean>) {
      state.onrampRestricted = action.payload
    },
    isMobileSet(state, action: PayloadAction<boolean>) {
      state.isMobile = action.payload
    },
    /** Replaces the string overrides (e.g. when the dapp changes language). */
    stringsSet(state, action: PayloadAction<StringOverrides>) {
      state.strings = action.payload
    },
    /** The dapp changed the language (`portico.setLocale`); the tag is checked by then. */
    localeSet(state, action: PayloadAction<string>) {
      state.locale = action.payload
    },
  },
  selectors: {
    selectOptions: (state) => state,
    selectFeatures: (state) => state.features,
    selectThemeMode: (state) => state.themeMode,
    selectThemeVariables: (state) => state.themeVariables,
    selectStringOverrides: (state) => state.strings,
    /** Buy is offered: the feature is on and the visitor's time zone is not restricted. */
    selectOnrampAvailable: (state) => state.features.onramp && !state.onrampRestricted,
  },
})

export const optionsActions = optionsSlice.actions
export const { selectOptions, selectFeatures, selectThemeMode, selectThemeVariables, selectStringOverrides, selectOnrampAvailable } = optionsSlice.selectors
