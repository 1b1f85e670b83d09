import { createDefaultRpcTransport, createSolanaRpcFromTransport, type Rpc, type RpcTransport, type SolanaRpcApi } from '@solana/kit'
import { WalletSessionError } from '../../errors'
import type { CaipNetwork } from '../../types/network'
import { readRpcUrls } from '../readRpcUrls'
import { solanaNetworks } from './networks'

/**
 * A Solana RPC client for reads and broadcasts on the network: through the Portico
 * server's RPC service first when the dapp set no RPC URL of its own for the network
 * (`readRpcUrls`), then the network's own URLs. A transport failure (HTTP error, no
 * answer) moves on to the next URL; a JSON-RPC error from a node is the answer and is
 * not retried elsewhere. Throws the SPEC §8 "No RPC url provided for chainId" when the
 * network has no URL at all.
 *
 * @example
 * const { value } = await solanaRpcFor(solanaDevnet).getBalance(address).send()
 */
export function solanaRpcFor(network: CaipNetwork): Rpc<SolanaRpcApi> {
  const urls = readRpcUrls(network, solanaNetworks)
  if (urls.length === 0) throw WalletSessionError.noRpcUrl()
  const transports = urls.map((url) => createDefaultRpcTransport({ url }))
  const transport: RpcTransport = async (config) => {
    let failure: unknown
    for (const next of transports) {
      try {
        return await next(config)
      } catch (error) {
        // The caller gave up: no other URL is asked.
        if (config.signal?.aborted) throw error
        failure = error
      }
    }
    throw failure
  }
  return createSolanaRpcFromTransport(transport)
}
