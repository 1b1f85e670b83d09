import { ConnectorNotFoundError } from '../../errors'
import type { CaipNetwork, CaipNetworkId } from '../../types/network'
import type { BalanceCapability, ConnectorCapability, NamespacePlugin, PluginFeatures } from '../types'
import { createBitcoinAddressRule } from './address'
import { createBitcoinDappProvider, type PorticoBitcoinProvider } from './dappProvider'
import { bip122History } from './history'
import { bip122Networks } from './networks'
import type { Bip122Runtime, SatsProvider } from './runtime'
import { DefaultEsploraUrls } from './esploraUrls'

export type Bip122PluginOptions = {
  /**
   * Replaces the default networks (mainnet, testnet). The address rule follows them:
   * with mainnet only, testnet addresses are refused.
   */
  networks?: readonly CaipNetwork[] | undefined
  /**
   * Base URL of the Esplora-compatible API the balance is read from: one for every
   * network, or one per CAIP-2 network id. Defaults to mempool.space for mainnet,
   * testnet, testnet4 and signet.
   */
  esploraUrl?: string | Readonly<Partial<Record<CaipNetworkId, string>>> | undefined
}

/**
 * SPEC §5 feature support: the Blockchain API serves none of balance, names, activity,
 * swaps or send for Bitcoin. (The `balance` and `history` capabilities below read a BTC
 * balance and history from Esplora: core uses them for the Account view's balance,
 * Tokens and Activity where these flags are off; see docs/solana-bitcoin.md.)
 */
export const bip122Features: PluginFeatures = {
  balance: false,
  names: false,
  activity: false,
  send: false,
  swaps: () => false,
}

/** sats-connect wallets; each call loads its module (and sats-connect) on first use. */
function bip122Connectors(runtime: Bip122Runtime): ConnectorCapability<SatsProvider, PorticoBitcoinProvider> {
  const satsConnect = () => import('./satsConnect')
  return {
    discover(context, emit) {
      let stopped = false
      let stop = () => {}
      void import('./discovery').then(({ watchBitcoinWallets }) => {
        if (!stopped) stop = watchBitcoinWallets(context, emit)
      })
      return () => {
        stopped = true
        stop()
      }
    },
    // A foreign wallet (a WalletConnect session's Bitcoin side) in sats-connect's provider shape.
    attach({ info, provider }) {
      // Checked at run time too: a third party's code may hand anything.
      const candidate = provider
      if (typeof candidate !== 'object' || candidate === null || typeof candidate.request !== 'function') {
        throw new ConnectorNotFoundError({ details: `${info.id}: a bip122 connector needs a sats-connect provider with request()` })
      }
      runtime.attached.set(info.id, candidate)
      return () => {
        if (runtime.attached.get(info.id) !== candidate) return
        runtime.attached.delete(info.id)
        runtime.connections.delete(info.id)
      }
    },
    async connect({ connectorId, network }) {
      return (await satsConnect()).connectBitcoinWallet(runtime, connectorId, network)
    },
    async reconnect({ connectorId, network }) {
      return (await satsConnect()).reconnectBitcoinWallet(runtime, connectorId, network)
    },
    async disconnect({ connectorId }) {
      await (await satsConnect()).disconnectBitcoinWallet(runtime, connectorId)
    },
    watch({ connectorId }, onEvent) {
      let stopped = false
      let stop = () => {}
      void satsConnect().then(({ watchBitcoinWallet }) => {
        if (!stopped) stop = watchBitcoinWallet(runtime, connectorId, onEvent)
      })
      return () => {
        stopped = true
        stop()
      }
    },
    async switchNetwork({ connectorId, network }) {
      await (await satsConnect()).switchBitcoinNetwork(runtime, connectorId, network)
    },
    async signMessage({ connectorId, address, message }) {
      return (await satsConnect()).signBitcoinMessage(runtime, connectorId, address, message)
    },
    async sendTransaction(parameters) {
      return (await satsConnect()).sendBitcoin(runtime, parameters)
    },
    createProvider: (host) => createBitcoinDappProvider(runtime, host),
  }
}

function bip122Balance(esploraUrl: NonNullable<Bip122PluginOptions['esploraUrl']>): BalanceCapability {
  return {
    async getBalance(parameters) {
      return (await import('./esplora')).getBitcoinBalance(esploraUrl, parameters)
    },
  }
}

/**
 * The Bitcoin (`bip122`) namespace plugin: sats-connect wallets (type INJECTED) with
 * payment and ordinals addresses, message signing and transfers; BTC balance from an
 * Esplora-compatible API; `isAddress` is real validation (base58check and
 * bech32/bech32m checksums) for the plugin's networks.
 *
 * @example
 * import { bip122, bitcoin } from 'portico/bitcoin'
 * createPortico({ projectId, plugins: [bip122({ networks: [bitcoin] })] })
 * createPortico({ projectId, plugins: [bip122({ esploraUrl: 'https://esplora.example.com/api' })] })
 */
export function bip122(options: Bip122PluginOptions = {}): NamespacePlugin<SatsProvider, PorticoBitcoinProvider> {
  const networks = options.networks ?? bip122Networks
  const runtime: Bip122Runtime = { networks, connections: new Map(), attached: new Map() }
  return {
    namespace: 'bip122',
    name: 'Bitcoin',
    networks,
    isAddress: createBitcoinAddressRule(networks),
    features: bip122Features,
    // Bitcoin wallets expose a payment and an ordinals address, never an EOA (SPEC §9 default 'payment').
    accountTypes: ['payment', 'ordinal'],
    connectors: bip122Connectors(runtime),
    balance: bip122Balance(options.esploraUrl ?? DefaultEsploraUrls),
    history: bip122History(options.esploraUrl ?? DefaultEsploraUrls),
    remote: { load: async () => (await import('./capabilities')).bip122Remote },
  }
}
