/**
 * CAIP identifiers as plain strings: what the wire carries between the modal, the secure
 * page and the server. `src/types/network.ts` re-exports them for the library.
 */

/** CAIP-2 network id, `namespace:reference` (e.g. `eip155:1`). */
export type CaipNetworkId = `${string}:${string}`
/** CAIP-10 account id, `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`
