// Balances read straight from the chain's RPC: the fallback when the Blockchain API is
// not configured or does not cover a network. Loaded on first use (it brings viem).
import { erc20Abi } from 'viem'
import { ValidationError, toRpcError } from '../../errors'
import type { CaipNetwork } from '../../types/network'
import { isEvmAddress } from './address'
import { publicClientFor } from './publicClient'
import type { Eip155Runtime } from './runtime'

function address(value: string, path: string): `0x${string}` {
  if (!isEvmAddress(value)) throw new ValidationError('Invalid address', [{ path, message: 'Invalid address' }])
  return (value.startsWith('0x') ? value : `0x${value}`) as `0x${string}`
}

/**
 * The native balance (`eth_getBalance`, latest block) of an address on a network.
 *
 * @example
 * await getNativeBalance(runtime, { address, network: mainnet }) // { value: '1000000000000000000', decimals: 18, symbol: 'ETH' }
 */
export async function getNativeBalance(runtime: Eip155Runtime, parameters: { address: string; network: CaipNetwork }) {
  const owner = address(parameters.address, 'address')
  const { nativeCurrency } = parameters.network
  try {
    const value = await publicClientFor(runtime, parameters.network).getBalance({ address: owner })
    return { value: value.toString(), decimals: nativeCurrency.decimals, symbol: nativeCurrency.symbol }
  } catch (error) {
    throw toRpcError(error)
  }
}

/**
 * An ERC-20 balance (`balanceOf`) with the token's `decimals`, `symbol` and `name`.
 *
 * @example
 * await getTokenBalance(runtime, { address, network: mainnet, token: usdc }) // { value: '2500000', decimals: 6, symbol: 'USDC', name: 'USD Coin' }
 */
export async function getTokenBalance(runtime: Eip155Runtime, parameters: { address: string; network: CaipNetwork; token: string }) {
  const owner = address(parameters.address, 'address')
  const token = address(parameters.token, 'token')
  const client = publicClientFor(runtime, parameters.network)
  try {
    const [value, decimals, symbol, name] = await Promise.all([
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
      client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
      client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' }),
      client.readContract({ address: token, abi: erc20Abi, functionName: 'name' }),
    ])
    return { value: value.toString(), decimals, symbol, name }
  } catch (error) {
    throw toRpcError(error)
  }
}
