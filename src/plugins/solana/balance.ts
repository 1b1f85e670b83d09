// SOL balance straight from the network's RPC. Loaded on first use.
import { address as toAddress } from '@solana/kit'

import { Time } from '../../config/constants'
import { toRpcError } from '../../errors'
import type { CaipNetwork } from '../../types/network'
import type { BalanceCapability } from '../types'
import { solanaRpcFor } from './rpcUrl'

type Balance = Awaited<ReturnType<BalanceCapability['getBalance']>>

/**
 * `getBalance` of the address at `confirmed` commitment, in lamports.
 *
 * @example
 * await getSolBalance({ address, network: solanaDevnet }) // { value: '1500000000', decimals: 9, symbol: 'SOL' }
 */
export async function getSolBalance({ address, network }: { address: string; network: CaipNetwork }): Promise<Balance> {
  try {
    const { value } = await solanaRpcFor(network)
      .getBalance(toAddress(address), { commitment: 'confirmed' })
      .send({ abortSignal: AbortSignal.timeout(Time.rpcTimeoutMs) })
    return { value: value.toString(), decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
  } catch (error) {
    throw toRpcError(error)
  }
}
