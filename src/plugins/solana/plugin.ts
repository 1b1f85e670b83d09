import type { CaipNetwork } from '../../types/network'
import type { NamespacePlugin, PluginFeatures } from '../types'
import { isSolanaAddress } from './address'
import { solanaNetworks } from './networks'

export type SolanaPluginOptions = {
  /** Replaces the default networks (mainnet, devnet, testnet), e.g. to use a private RPC. */
  networks?: readonly CaipNetwork[] | undefined
}

/** SPEC §5 feature support for Solana: balance and send; no names, activity or swaps. */
export const solanaFeatures: PluginFeatures = {
  balance: true,
  names: false,
  activity: false,
  send: true,
  swaps: () => false,
}

/**
 * The Solana namespace plugin.
 *
 * Wallet Standard discovery is not part of it yet, so it has no `connectors`
 * capability: core shows no Solana wallets rather than fake ones.
 *
 * @example
 * import { solana, solanaMainnet } from 'portico'
 * createPortico({ projectId, plugins: [solana()] })
 * createPortico({
 *   projectId,
 *   plugins: [solana({ networks: [{ ...solanaMainnet, rpcUrls: { default: { http: [myRpc] } } }] })],
 * })
 */
export function solana(options: SolanaPluginOptions = {}): NamespacePlugin {
  return {
    namespace: 'solana',
    name: 'Solana',
    networks: options.networks ?? solanaNetworks,
    isAddress: isSolanaAddress,
    features: solanaFeatures,
  }
}
