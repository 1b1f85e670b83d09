import { ConfigError, PorticoError } from 'portico'
import type { BalanceCapability, CaipNetwork, ConnectorCapability, NamespacePlugin, PluginFeatures } from 'portico'
import { isCosmosAddress } from './address'
import { cosmosHub, cosmosHubInfo, type CosmosChainInfo } from './networks'
import type { CosmosRuntime } from './wallet'

export type CosmosPluginOptions = {
  /** Replaces the default networks (Cosmos Hub). */
  networks?: readonly CaipNetwork[] | undefined
  /**
   * Each network's REST API, denomination and fee, by CAIP-2 id. Required for every
   * network but the Hub, whose public REST API is the default.
   */
  chains?: Readonly<Record<string, CosmosChainInfo>> | undefined
  /** Bech32 prefix of the accounts on those networks; `cosmos` for the Hub. */
  prefix?: string | undefined
}

/**
 * SPEC §5 feature support, as the plugin answers it: Portico's Blockchain API serves no
 * Cosmos balance, names, activity or swaps, so those are off (the `balance` capability
 * below reads the balance from the node itself); the plugin sends through the wallet, so
 * `send` is on and the modal offers its Send view.
 */
export const cosmosFeatures: PluginFeatures = {
  balance: false,
  names: false,
  activity: false,
  send: true,
  swaps: () => false,
}

const wallet = () => import('./wallet')
const rest = () => import('./rest')

/**
 * Starts a watcher from the wallet code once it has loaded, and returns its stop function
 * at once (core asks for one synchronously): stopping before the code arrives means the
 * watcher never starts.
 */
function startLazily(start: (code: Awaited<ReturnType<typeof wallet>>) => () => void): () => void {
  let stopped = false
  let stop = () => {}
  void wallet().then((code) => {
    if (!stopped) stop = start(code)
  })
  return () => {
    stopped = true
    stop()
  }
}

function chainOf(chains: Readonly<Record<string, CosmosChainInfo>>, network: CaipNetwork): CosmosChainInfo {
  const chain = chains[network.caipNetworkId]
  // A network the dapp did not configure (a wallet may report any chain): nothing to read it with.
  if (!chain) throw new PorticoError(`${network.name} (${network.caipNetworkId}) is not configured for the cosmos plugin.`, { code: 'cosmos/unknown-network' })
  return chain
}

function cosmosConnectors(runtime: CosmosRuntime, chains: Readonly<Record<string, CosmosChainInfo>>): ConnectorCapability {
  return {
    discover(context, emit) {
      return startLazily((code) => code.watchKeplr(runtime, context, emit))
    },
    async connect({ connectorId, network }) {
      return (await wallet()).connectKeplr(runtime, connectorId, network)
    },
    async disconnect({ connectorId }) {
      await (await wallet()).disconnectKeplr(runtime, connectorId)
    },
    watch({ connectorId }, onEvent) {
      return startLazily((code) => code.watchKeplrAccount(runtime, connectorId, onEvent))
    },
    async sendTransaction(parameters) {
      return (await wallet()).sendWithKeplr(runtime, chainOf(chains, parameters.network), parameters)
    },
  }
}

function cosmosBalance(chains: Readonly<Record<string, CosmosChainInfo>>): BalanceCapability {
  return {
    async getBalance({ address, network }) {
      const chain = chainOf(chains, network)
      const value = await (await rest()).getDenomBalance(chain.restUrl, address, chain.denom)
      return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
  }
}

/**
 * The `cosmos` namespace plugin: Cosmos SDK chains, a Keplr-style injected wallet
 * (`window.keplr`), the native balance from the node's REST API, and transfers signed in
 * Amino JSON and broadcast to that API. Creating it is cheap: the wallet and REST code
 * load on first use.
 *
 * @example
 * import { createPortico, eip155 } from 'portico'
 * import { cosmos } from 'portico-cosmos-plugin'
 * createPortico({ projectId, plugins: [eip155(), cosmos()] })
 */
export function cosmos(options: CosmosPluginOptions = {}): NamespacePlugin {
  const prefix = options.prefix ?? 'cosmos'
  const chains: Readonly<Record<string, CosmosChainInfo>> = { [cosmosHub.caipNetworkId]: cosmosHubInfo, ...options.chains }
  const networks = options.networks ?? [cosmosHub]
  // Refused when the instance is made, not at the visitor's first balance read.
  for (const network of networks) {
    if (!chains[network.caipNetworkId]) {
      throw new ConfigError(`Plugin 'cosmos': options.chains['${network.caipNetworkId}'] is missing: give ${network.name}'s REST URL, denom and fee.`, { code: 'config/invalid-plugin' })
    }
  }
  const runtime: CosmosRuntime = { prefix, window: undefined, connections: new Map() }
  return {
    namespace: 'cosmos',
    name: 'Cosmos',
    networks,
    isAddress: (address) => isCosmosAddress(address, prefix),
    features: cosmosFeatures,
    connectors: cosmosConnectors(runtime, chains),
    balance: cosmosBalance(chains),
  }
}
