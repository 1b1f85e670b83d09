import { call, select } from 'redux-saga/effects'
import { NetworkNotSupportedForSwapsError, PorticoError } from '../errors'
import type { NamespacePlugin } from '../plugins/types'
import type { PorticoState } from '../store/rootReducer'
import type { CaipAddress, CaipNetwork } from '../types/network'
import { getSagaContext, type SagaContext } from './context'
import type { Units } from './loadUnits'
import { networkOfCaipAddress } from '../types/network'

/** The connected account the swap and onramp flows act for, with what they need to reach it. */
export type ConnectedWallet = {
  namespace: string
  address: string
  /** CAIP-10 `namespace:chainId:address`, as the Blockchain API takes it. */
  caipAddress: CaipAddress
  network: CaipNetwork
  connectorId: string
  plugin: NamespacePlugin
}

/**
 * The active namespace's connected account on its current network, or undefined when
 * nothing is connected (or the network is not configured).
 *
 * @example
 * const wallet = connectedWallet(yield select(), context)
 * if (wallet) api.getSwapTokens({ chainId: wallet.network.caipNetworkId })
 */
export function connectedWallet(state: PorticoState, context: SagaContext): ConnectedWallet | undefined {
  const namespace = state.account.activeNamespace
  const account = namespace ? state.account.byNamespace[namespace] : undefined
  if (!namespace || account?.status !== 'connected' || !account.address || !account.caipAddress) return undefined
  const caipNetworkId = networkOfCaipAddress(account.caipAddress)
  const network = state.network.networks.find((n) => n.caipNetworkId === caipNetworkId)
  const connectorId = state.connectors.active[namespace]
  const plugin = context.plugins.get(namespace)
  if (!network || !connectorId || !plugin) return undefined
  return { namespace, address: account.address, caipAddress: account.caipAddress, network, connectorId, plugin }
}

/** The address the Blockchain API uses for a chain's native currency. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

export const isNativeToken = (address: string | undefined): boolean => address?.split(':').at(-1)?.toLowerCase() === NATIVE_TOKEN_ADDRESS

/**
 * The active network's swap venue, or the SPEC §8 error: swaps only on the networks the
 * plugin offers them on (SPEC §5: the 12 listed EVM chains for eip155).
 */
export function* swapWallet(): Generator<unknown, ConnectedWallet, never> {
  const context = (yield call(getSagaContext)) as SagaContext
  const state = (yield select()) as PorticoState
  const wallet = connectedWallet(state, context)
  if (!wallet) throw new PorticoError({ key: 'connectWalletToSwap' })
  if (!wallet.plugin.features.swaps(wallet.network)) throw new NetworkNotSupportedForSwapsError()
  return wallet
}

/** A typed amount in the token's smallest unit, or undefined when it is not a positive number. */
export function toUnits(amount: string | undefined, decimals: number, { parseUnits }: Pick<Units, 'parseUnits'>): bigint | undefined {
  if (!amount || !/^\d*\.?\d*$/.test(amount.trim()) || !/\d/.test(amount)) return undefined
  try {
    const units = parseUnits(amount.trim(), decimals)
    return units > 0n ? units : undefined
  } catch {
    return undefined
  }
}

/** What the swap still delivers at the worst price `slippagePercent` allows (the pool's `minOut`). */
export function minimumReceived(toAmount: bigint, slippagePercent: number): bigint {
  const basisPoints = BigInt(Math.round(slippagePercent * 100))
  return (toAmount * (10_000n - basisPoints)) / 10_000n
}
