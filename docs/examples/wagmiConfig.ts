// docs/wagmi.md: a dapp on wagmi with Portico as its connector. Inside this repository
// the example imports Portico's source; a dapp imports 'portico' and 'portico/wagmi'.
import { defineChain, type Chain } from 'viem'
import { createConfig, http, type Config } from 'wagmi'
import { createPortico, eip155, type CaipNetwork, type Portico, type PorticoConfig, type PorticoRuntime } from '../../src'
import { porticoConnector } from '../../src/wagmi'

/** Portico's EVM network as a viem chain, so wagmi and the modal use the same networks and RPCs. */
export function toChain(network: CaipNetwork): Chain {
  return defineChain({
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
  })
}

/**
 * One Portico instance and one wagmi config over the same networks. Pass `wagmiConfig`
 * to `<WagmiProvider>` and `portico` to `<PorticoProvider>`; wagmi's hooks then use
 * whatever wallet the visitor connects in Portico's modal.
 */
export function createDappConfig(
  options: { projectId: string; networks: [CaipNetwork, ...CaipNetwork[]]; portico?: Partial<PorticoConfig> },
  runtime?: PorticoRuntime,
): { portico: Portico; wagmiConfig: Config } {
  const portico = createPortico({ projectId: options.projectId, plugins: [eip155({ networks: options.networks })], ...options.portico }, runtime)
  const chains = options.networks.map(toChain) as [Chain, ...Chain[]]
  const wagmiConfig = createConfig({
    chains,
    connectors: [porticoConnector({ portico })],
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
    // Portico's modal finds the visitor's browser wallets; wagmi needs only Portico.
    multiInjectedProviderDiscovery: false,
  })
  return { portico, wagmiConfig }
}
