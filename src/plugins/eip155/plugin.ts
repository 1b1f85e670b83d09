import { SwapChainIds } from '../../config/constants'
import type { CaipNetwork } from '../../types/network'
import type { BalanceCapability, ConnectorCapability, EvmCapability, NamespacePlugin, PluginFeatures } from '../types'
import { isEvmAddress } from './address'
import { discoverEip155Connectors } from './discovery'
import { eip155Networks } from './networks'
import { createEip155DappProvider, type PorticoEip1193Provider } from './dappProvider'
import { createEip155Runtime, type Eip1193Provider, type Eip155Runtime } from './runtime'
import { watchProvider } from './watch'

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

// viem and everything that talks to a wallet or a node load on first use, so creating
// the plugin (which every dapp does at start-up) costs two empty maps.
const loadWallet = () => import('./wallet')
const loadBalance = () => import('./balance')
const loadCapabilities = () => import('./capabilities')

/**
 * Browser wallets: EIP-6963 announcements and the legacy `window.ethereum`, and what
 * Portico does with a connected one (see docs/eip155.md).
 */
function createConnectors(runtime: Eip155Runtime): ConnectorCapability<Eip1193Provider, PorticoEip1193Provider> {
  return {
    discover: (context, emit) => discoverEip155Connectors(runtime, context, emit),
    connect: async (parameters) => (await loadWallet()).connect(runtime, parameters),
    attach({ info, provider }) {
      const entry = { info, provider }
      runtime.connectors.set(info.id, entry)
      return () => {
        if (runtime.connectors.get(info.id) === entry) runtime.connectors.delete(info.id)
      }
    },
    reconnect: async (parameters) => (await loadWallet()).reconnect(runtime, parameters),
    disconnect: async (parameters) => (await loadWallet()).disconnect(runtime, parameters),
    watch({ connectorId }, onEvent) {
      const entry = runtime.connectors.get(connectorId)
      if (!entry) return () => {}
      return watchProvider(entry.provider, onEvent, async (accounts) => (await loadWallet()).normalizeAccounts(accounts))
    },
    switchNetwork: async (parameters) => (await loadWallet()).switchNetwork(runtime, parameters),
    signMessage: async (parameters) => (await loadWallet()).signMessage(runtime, parameters),
    sendTransaction: async (parameters) => (await loadWallet()).sendTransaction(runtime, parameters),
    waitForTransaction: async (parameters) => (await loadWallet()).waitForTransaction(runtime, parameters),
    createProvider: (host) => createEip155DappProvider(runtime, host),
  }
}

/** Contract calls (a swap's transactions) and EIP-5792 batches, through the connected wallet. */
function createEvm(runtime: Eip155Runtime): EvmCapability {
  return {
    sendContractCall: async (parameters) => (await loadWallet()).sendContractCall(runtime, parameters),
    sendCalls: async (parameters) => (await loadWallet()).sendCalls(runtime, parameters),
    getCallsStatus: async (parameters) => (await loadWallet()).getCallsStatus(runtime, parameters),
    getCapabilities: async (parameters) => (await loadWallet()).getCapabilities(runtime, parameters),
  }
}

/** Balances from the network's own RPC (the Blockchain API is the balance saga's first choice). */
function createBalance(runtime: Eip155Runtime): BalanceCapability {
  return {
    getBalance: async (parameters) => (await loadBalance()).getNativeBalance(runtime, parameters),
    getTokenBalance: async (parameters) => (await loadBalance()).getTokenBalance(runtime, parameters),
  }
}

/**
 * The EVM (`eip155`) namespace plugin: the SPEC §9 networks, the SPEC §5 address rule,
 * browser-wallet connectors (EIP-6963 and injected) and RPC balances. Each plugin
 * keeps its own wallets and RPC clients, so two Portico instances never share them.
 *
 * @example
 * import { eip155, mainnet, base } from 'portico'
 * createPortico({ projectId, plugins: [eip155()] })                           // SPEC §9 chains
 * createPortico({ projectId, plugins: [eip155({ networks: [mainnet, base] })] }) // just two
 */
export function eip155(options: Eip155PluginOptions = {}): NamespacePlugin<Eip1193Provider, PorticoEip1193Provider> {
  const runtime = createEip155Runtime()
  return {
    namespace: 'eip155',
    name: 'Ethereum & EVM',
    networks: options.networks ?? eip155Networks,
    isAddress: isEvmAddress,
    features: eip155Features,
    // SPEC §3: an externally-owned account, or the embedded wallet's smart account.
    accountTypes: ['eoa', 'smartAccount'],
    connectors: createConnectors(runtime),
    balance: createBalance(runtime),
    evm: createEvm(runtime),
    // WalletConnect and the embedded wallet: their code loads with theirs, never at start-up.
    remote: { load: async () => (await loadCapabilities()).eip155Remote },
    embedded: { load: async () => (await loadCapabilities()).eip155Embedded },
  }
}
