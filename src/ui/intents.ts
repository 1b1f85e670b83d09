import { createAction } from '@reduxjs/toolkit'
import type { OAuthProvider } from '../config/constants'

/**
 * Requests the views dispatch for flows whose slices arrive with later issues
 * (social and Farcaster login: issue 9; swap, onramp, names,
 * SIWX: issue 8). Each is a plain Redux action whose `type` is exactly the one the
 * owning slice's reducer of the same name will generate (`<slice>/<reducer>`), so the
 * saga that lands takes it unchanged. When a slice gains the reducer, its action
 * creator replaces the entry here and this file shrinks; nothing else changes.
 *
 * These carry requests only. Results always come back through the slices, so no view
 * shows an outcome that a saga did not report.
 */
export const intents = {
  /** Social login: the saga asks the frame for the redirect URI and opens the popup. */
  socialRequested: createAction<{ provider: OAuthProvider }>('embedded/socialRequested'),
  /** Farcaster login: the saga asks the frame for the Farcaster URI. */
  farcasterRequested: createAction('embedded/farcasterRequested'),
  /** Register `name` for the connected account (SPEC §5 rule already checked by the view). */
  registerNameRequested: createAction<{ name: string }>('names/registerRequested'),
  /** Sign in with X: build the message, ask the wallet to sign, verify. */
  siwxSignInRequested: createAction('siwx/signInRequested'),
  /** Tokens the active network can swap. */
  swapTokensRequested: createAction('swap/tokensRequested'),
  /** Execute the quoted swap (approve first when the allowance is short). */
  swapRequested: createAction('swap/swapRequested'),
  /** Onramp providers and limits for the active network. */
  onrampProvidersRequested: createAction('onramp/providersRequested'),
}
