/**
 * The swap venue behind /v1/convert/*: one constant-product pool per chain between the
 * chain's native currency and one ERC-20 (dev/chain/contracts/PorticoPool.sol). This
 * file holds the part of its interface the server calls, its price math, and the
 * configuration (SWAP_POOLS).
 */
import { type Address, getAddress, isAddress, parseAbi } from 'viem'
import { type Eip155ChainId, isEip155ChainId } from '../chain/config'

/**
 * The functions of PorticoPool the server calls (written out here so the server does
 * not import dev/; a test checks them against the compiled artifact).
 */
export const porticoPoolServerAbi = parseAbi([
  'function token() view returns (address)',
  'function getReserves() view returns (uint256 nativeReserve, uint256 tokenReserve)',
  'function swapExactEthForTokens(uint256 minOut, address to) payable returns (uint256 amountOut)',
  'function swapExactTokensForEth(uint256 amountIn, uint256 minOut, address to) returns (uint256 amountOut)',
])

/** Chain (CAIP-2) → address of its pool. */
export type SwapPools = Readonly<Partial<Record<Eip155ChainId, Address>>>

/**
 * How swap APIs name a chain's native currency: this address, on the chain
 * (`eip155:1:0xEeee…EEeE`). Compared without regard to case.
 */
export const NATIVE_TOKEN_ADDRESS: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** Pool fee: 0.3 %, as the contract applies it (997 / 1000 of the input counts). */
export const POOL_FEE_NUMERATOR = 997n
export const POOL_FEE_DENOMINATOR = 1000n

/**
 * Output of selling `amountIn` into a pool holding `reserveIn` and `reserveOut`: the
 * contract's getAmountOut, to the wei (integer division rounds down, as on chain).
 *
 * @example
 * getAmountOut(10n ** 18n, 100n * 10n ** 18n, 200_000n * 10n ** 18n) // 1974316068794122597695n (≈ 1974.3 PTT)
 */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const amountInWithFee = amountIn * POOL_FEE_NUMERATOR
  return (amountInWithFee * reserveOut) / (reserveIn * POOL_FEE_DENOMINATOR + amountInWithFee)
}

/**
 * The least output a swap accepts: `quote` less `slippagePercent` (SPEC §9: 1). The
 * tolerance counts in whole basis points; the result rounds down to the smallest unit.
 *
 * @example
 * minimumOut(1000n, 1) // 990n
 * minimumOut(1000n, 0.5) // 995n
 */
export function minimumOut(quote: bigint, slippagePercent: number): bigint {
  const basisPoints = BigInt(Math.round(slippagePercent * 100))
  return (quote * (10_000n - basisPoints)) / 10_000n
}

/**
 * Reads SWAP_POOLS: a JSON object of CAIP-2 chain id → pool address. Returns the
 * problem as text, so the environment reader can name the variable.
 *
 * @example
 * parseSwapPools('{"eip155:1":"0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"}') // { pools: { 'eip155:1': '0xe7f1…' } }
 */
export function parseSwapPools(text: string): { pools: SwapPools } | { problem: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { problem: 'must be a JSON object such as {"eip155:1":"0x…"}' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'must be a JSON object such as {"eip155:1":"0x…"}' }
  const pools: Partial<Record<Eip155ChainId, Address>> = {}
  for (const [chainId, address] of Object.entries(value)) {
    if (!isEip155ChainId(chainId)) return { problem: `'${chainId}' is not an EVM CAIP-2 chain id such as eip155:1` }
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) return { problem: `the pool of ${chainId} must be an address (0x and 40 hex characters)` }
    pools[chainId] = getAddress(address)
  }
  return { pools }
}
