/** A catalogue's optional overrides: any part of it, nested groups included. */
export type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> }

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A string catalogue with the dapp's replacements laid over it. Groups merge key by
 * key; anything that is not a string where the catalogue has a string is ignored, so a
 * typo in an override never blanks a label. Kept apart from the catalogue so the
 * dapp's buttons can merge their few labels without loading the modal's strings.
 *
 * @example
 * mergeStrings(en, { connectWallet: 'Log in', titles: { Connect: 'Log in' } }).titles.Account // 'Account'
 */
export function mergeStrings<T extends object>(base: T, overrides: DeepPartial<T> | undefined): T {
  if (!overrides || Object.keys(overrides).length === 0) return base
  // Every view and row that reads strings merges the same pair when the modal opens: the
  // first merge is kept (per catalogue, per overrides object) and shared, rather than each
  // component copying the whole catalogue again.
  let byOverrides = merged.get(base)
  if (!byOverrides) merged.set(base, (byOverrides = new WeakMap()))
  let result = byOverrides.get(overrides)
  if (!result) byOverrides.set(overrides, (result = mergeGroup(base as Record<string, unknown>, overrides as Record<string, unknown>)))
  return result as T
}

const merged = new WeakMap<object, WeakMap<object, object>>()

function mergeGroup(base: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(overrides)) {
    const current = base[key]
    if (typeof value === 'string' && (typeof current === 'string' || current === undefined)) out[key] = value
    else if (isPlainObject(value) && (isPlainObject(current) || current === undefined)) out[key] = mergeGroup(isPlainObject(current) ? current : {}, value)
  }
  return out
}

/** Fills `{name}` placeholders (one implementation with the errors table's). */
export { fillTemplate as format } from '../errors/template'
