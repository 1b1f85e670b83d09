/**
 * CAIP-2 chain id: `namespace:reference`, e.g. `eip155:1`,
 * `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. Grammar from the CAIP-2 standard.
 */
export type Caip2ChainId = `${string}:${string}`

export const CAIP2_PATTERN = '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$'

const caip2 = new RegExp(CAIP2_PATTERN)

/**
 * @example
 * isCaip2ChainId('eip155:1') // true
 * isCaip2ChainId('ethereum') // false
 */
export function isCaip2ChainId(value: string): value is Caip2ChainId {
  return caip2.test(value)
}
