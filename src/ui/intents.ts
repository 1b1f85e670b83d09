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
}
