/**
 * The swap endpoints' environment variable (docs/self-hosting.md), read apart from
 * env.ts so each area owns its variables:
 *
 * - SWAP_POOLS  {"eip155:1":"0x…"}  chain → PorticoPool address; the chain must be in CHAIN_RPC_URLS
 */
import { InvalidEnvironmentError } from '../env'
import { type SwapPools, parseSwapPools } from './pool'

/**
 * @example
 * readSwapEnv({ SWAP_POOLS: '{"eip155:1":"0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9"}' }).pools // { 'eip155:1': '0xCf7E…' }
 */
export function readSwapEnv(env: Readonly<Record<string, string | undefined>>): { pools: SwapPools } {
  const text = env.SWAP_POOLS?.trim()
  if (!text) return { pools: {} }
  const parsed = parseSwapPools(text)
  if ('problem' in parsed) throw new InvalidEnvironmentError(`SWAP_POOLS ${parsed.problem}`)
  return parsed
}
