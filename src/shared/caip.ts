/**
 * CAIP identifiers as plain strings: what the wire carries between the modal, the secure
 * page and the server. `src/types/network.ts` re-exports them for the library.
 */

/** CAIP-2 network id, `namespace:reference` (e.g. `eip155:1`). */
export type CaipNetworkId = `${string}:${string}`
/** CAIP-10 account id, `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`

/**
 * The CAIP-2 grammar of a network id: a namespace of 3 to 8 `[-a-z0-9]`, a reference of
 * 1 to 32 `[-_a-zA-Z0-9]`. A string, so JSON schemas (the frame's, the server's routes)
 * use it as their `pattern` as well.
 */
export const CAIP2_PATTERN = '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$'

const caip2 = /* @__PURE__ */ new RegExp(CAIP2_PATTERN)

/**
 * @example
 * isCaipNetworkId('eip155:1') // true
 * isCaipNetworkId('ethereum') // false
 */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return typeof value === 'string' && caip2.test(value)
}
