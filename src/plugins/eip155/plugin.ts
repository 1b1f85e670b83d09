import { SwapChainIds } from '../../config/constants'
import type { CaipNetwork } from '../../types/network'
import type { NamespacePlugin, PluginFeatures } from '../types'
import { isEvmAddress } from './address'
import { eip155Networks } from './networks'

export type Eip155PluginOptions = {
  /**
   * Replaces the default networks (the SPEC §9 supported EVM chains). Build entries
   * from viem chains with `toCaipNetwork`, or reuse the exported constants.
   */
  networks?: readonly CaipNetwork[] | undefined
}

/**
 * SPEC §5 feature support for EVM: balance, names, activity and send everywhere; swaps
 * only on the listed swap chains (`SwapChainIds`).
 */
export const eip155Features: PluginFeatures = {
  balance: true,
  names: true,
  activity: true,
  send: true,
  swaps: (network) => network.chainNamespace === 'eip155' && SwapChainIds.includes(Number(network.id)),
}

/**
 * The EVM (`eip155`) namespace plugin.
 *
 * Connector discovery (EIP-6963, injected, WalletConnect) is not part of it yet, so the
 * plugin has no `connectors` capability: core shows no EVM wallets rather than fake ones.
 *
 * @example
 * import { eip155, mainnet, base } from 'portico'
 * createPortico({ projectId, plugins: [eip155()] })                           // SPEC §9 chains
 * createPortico({ projectId, plugins: [eip155({ networks: [mainnet, base] })] }) // just two
 */
export function eip155(options: Eip155PluginOptions = {}): NamespacePlugin {
  return {
    namespace: 'eip155',
    name: 'Ethereum & EVM',
    networks: options.networks ?? eip155Networks,
    isAddress: isEvmAddress,
    features: eip155Features,
  }
}
