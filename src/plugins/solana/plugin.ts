import type { Wallet } from '@wallet-standard/base'
import { ConnectorNotFoundError } from '../../errors'
import type { CaipNetwork } from '../../types/network'
import type { BalanceCapability, ConnectorCapability, NamespacePlugin, PluginFeatures } from '../types'
import { isSolanaAddress } from './address'
import { createSolanaDappWallet, type PorticoSolanaWallet } from './dappWallet'
import { solanaNetworks } from './networks'
import type { SolanaRuntime } from './runtime'

export type SolanaPluginOptions = {
  /** Replaces the default networks (mainnet, devnet, testnet), e.g. to use a private RPC. */
  networks?: readonly CaipNetwork[] | undefined
}

/** SPEC §5 feature support for Solana: balance and send (SOL and SPL tokens); no names, activity or swaps. */
export const solanaFeatures: PluginFeatures = {
  balance: true,
  names: false,
  activity: false,
  send: true,
  swaps: () => false,
}

/**
 * Wallet Standard wallets (`@wallet-standard/app`): discovery, connect, silent reconnect,
 * disconnect, account events, message signing and SOL transfers. Every call loads its
 * module on first use, so creating the plugin loads none of the wallet or RPC code.
 */
function solanaConnectors(runtime: SolanaRuntime): ConnectorCapability<Wallet, PorticoSolanaWallet> {
  const walletStandard = () => import('./walletStandard')
  return {
    discover(context, emit) {
      let stopped = false
      let stop = () => {}
      void import('./discovery').then(({ watchWallets }) => {
        if (!stopped) stop = watchWallets(context, emit)
      })
      return () => {
        stopped = true
        stop()
      }
    },
    // A foreign wallet (the embedded wallet's Solana side) is a Wallet Standard wallet too.
    attach({ info, provider }) {
      // Checked at run time too: a third party's code may hand anything.
      const wallet = provider
      if (typeof wallet !== 'object' || wallet === null || !('standard:connect' in (wallet.features ?? {}))) {
        throw new ConnectorNotFoundError({ details: `${info.id}: a solana connector needs a Wallet Standard wallet with standard:connect` })
      }
      runtime.attached.set(info.id, wallet)
      return () => {
        if (runtime.attached.get(info.id) !== wallet) return
        runtime.attached.delete(info.id)
        if (runtime.connections.get(info.id)?.wallet === wallet) runtime.connections.delete(info.id)
      }
    },
    async connect({ connectorId, network }) {
      return (await walletStandard()).connectWallet(runtime, connectorId, network)
    },
    async reconnect({ connectorId, network }) {
      return (await walletStandard()).reconnectWallet(runtime, connectorId, network)
    },
    async disconnect({ connectorId }) {
      await (await walletStandard()).disconnectWallet(runtime, connectorId)
    },
    // Sagas call `watch` right after a successful connect, so the module is loaded by then.
    watch({ connectorId }, onEvent) {
      let stopped = false
      let stop = () => {}
      void walletStandard().then(({ watchWallet }) => {
        if (!stopped) stop = watchWallet(runtime, connectorId, onEvent)
      })
      return () => {
        stopped = true
        stop()
      }
    },
    async signMessage({ connectorId, address, message }) {
      return (await walletStandard()).signMessage(runtime, connectorId, address, message)
    },
    async sendTransaction(parameters) {
      return (await import('./transfer')).sendTransfer(runtime, parameters)
    },
    createProvider: (host) => createSolanaDappWallet(runtime, host),
  }
}

const solanaBalance: BalanceCapability = {
  async getBalance(parameters) {
    return (await import('./balance')).getSolBalance(parameters)
  },
}

/**
 * The Solana namespace plugin: Wallet Standard wallets (type ANNOUNCED), SOL balance from
 * the network's RPC, and SOL transfers built with `@solana/kit`.
 *
 * A network's Wallet Standard chain comes from its genesis hash (`solana:mainnet`,
 * `solana:devnet`, `solana:testnet`); any other network is `solana:localnet`.
 *
 * @example
 * import { solana, solanaMainnet } from 'portico/solana'
 * createPortico({ projectId, plugins: [solana()] })
 * createPortico({
 *   projectId,
 *   plugins: [solana({ networks: [{ ...solanaMainnet, rpcUrls: { default: { http: [myRpc] } } }] })],
 * })
 */
export function solana(options: SolanaPluginOptions = {}): NamespacePlugin<Wallet, PorticoSolanaWallet> {
  const networks = options.networks ?? solanaNetworks
  const runtime: SolanaRuntime = { connections: new Map(), attached: new Map() }
  return {
    namespace: 'solana',
    name: 'Solana',
    networks,
    isAddress: isSolanaAddress,
    features: solanaFeatures,
    // Solana has no smart accounts (SPEC §9 default 'eoa').
    accountTypes: ['eoa'],
    connectors: solanaConnectors(runtime),
    balance: solanaBalance,
    remote: { load: async () => (await import('./capabilities')).solanaRemote },
    embedded: { load: async () => (await import('./capabilities')).solanaEmbedded },
  }
}
