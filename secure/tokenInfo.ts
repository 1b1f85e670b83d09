/**
 * An ERC-20 token's symbol and decimals, read from the chain, so the approval prompt can
 * say "100 PTT" instead of "100000000000000000000". The contract chooses its symbol, so
 * the prompt always shows the token's address beside it.
 */
import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import type { ChainRpc } from './chainRpc'
import type { TokenInfo, TokenLookup } from './describeRequest'

const SYMBOL = /^[\p{L}\p{N}._-]{1,16}$/u

const call = (rpc: ChainRpc, chain: string, token: Hex, data: Hex) => rpc.request(chain, 'eth_call', [{ to: token, data }, 'latest']) as Promise<Hex>

/**
 * Reads `decimals()` and `symbol()`; undefined when the chain has no RPC here, the
 * contract does not answer both, or the answer is implausible.
 *
 * @example
 * const lookup = createTokenLookup(rpc)
 * await lookup('eip155:1', '0x…') // { symbol: 'PTT', decimals: 18 }
 */
export function createTokenLookup(rpc: ChainRpc): TokenLookup {
  return async (chain, token): Promise<TokenInfo | undefined> => {
    if (!rpc.has(chain)) return undefined
    try {
      const [decimalsData, symbolData] = await Promise.all([
        call(rpc, chain, token, encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })),
        call(rpc, chain, token, encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })),
      ])
      const decimals = decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: decimalsData })
      const symbol = decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data: symbolData })
      return decimals <= 36 && SYMBOL.test(symbol) ? { decimals, symbol } : undefined
    } catch {
      return undefined
    }
  }
}
