// The dapp's Solana handle (`portico.getProvider('solana')`): one Wallet Standard wallet
// over whatever Solana wallet the visitor connected through the modal. Loads nothing
// heavy, so creating it costs nothing at start-up.
import type { Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { RpcError } from '../../errors/rpc'
import { ProviderRpcCode } from '../../errors/rpcCodes'
import type { ConnectionHost } from '../types'
import { walletChainOf, type SolanaWalletChain } from '../../shared/solanaChains'
import type { SolanaRuntime } from './runtime'

/** The features the Portico wallet offers, each passed on to the connected wallet. */
export const DappWalletFeatures = {
  connect: 'standard:connect',
  disconnect: 'standard:disconnect',
  events: 'standard:events',
  signMessage: 'solana:signMessage',
  signTransaction: 'solana:signTransaction',
  signAndSendTransaction: 'solana:signAndSendTransaction',
} as const

type ChangeListener = (properties: { accounts?: readonly WalletAccount[]; chains?: readonly SolanaWalletChain[] }) => void

/** A Wallet Standard wallet as Portico hands it to the dapp for Solana. */
export type PorticoSolanaWallet = Wallet & { readonly isPortico: true }

const ICON: WalletIcon =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzNiNmNmNiIvPjxwYXRoIGQ9Ik0xMCAyNFY4aDdhNSA1IDAgMCAxIDAgMTBoLTciIGZpbGw9Im5vbmUiIHN0cm9rZT0iI2ZmZiIgc3Ryb2tlLXdpZHRoPSIzIi8+PC9zdmc+'

/**
 * Builds the wallet over `host` (the store's view of the solana connection) and
 * `runtime` (the plugin's live wallets by connector id):
 *
 * - `accounts`: the connected account (the connected wallet's own `WalletAccount`, so it
 *   can be passed back to any feature), empty while disconnected;
 * - `standard:connect` opens the modal when nothing is connected (`silent` does not);
 *   `standard:disconnect` is `portico.disconnect({ namespace: 'solana' })`;
 * - `standard:events` `change` follows the store: a connect, another account or wallet,
 *   a disconnect, made in the modal or in the wallet;
 * - `solana:signMessage`, `solana:signTransaction`, `solana:signAndSendTransaction`: the
 *   connected wallet's own feature (a browser wallet, the embedded wallet, whose secure
 *   frame asks the visitor, or a WalletConnect session's wallet, asked with
 *   `solana_signMessage`, `solana_signTransaction`, `solana_signAndSendTransaction`).
 */
export function createSolanaDappWallet(runtime: SolanaRuntime, host: ConnectionHost): PorticoSolanaWallet {
  const listeners = new Set<ChangeListener>()

  /** The connected wallet and account, when the store's connection is one this plugin holds. */
  const live = (): { wallet: Wallet; account: WalletAccount } | undefined => {
    const connection = host.getConnection()
    const held = connection ? runtime.connections.get(connection.connectorId) : undefined
    if (!connection || !held) return undefined
    const account = held.account.address === connection.address ? held.account : held.wallet.accounts.find((a) => a.address === connection.address)
    return account ? { wallet: held.wallet, account } : undefined
  }
  const accounts = (): readonly WalletAccount[] => {
    const current = live()
    return current ? [current.account] : []
  }

  let lastKey = accounts()
    .map((a) => a.address)
    .join()
  host.subscribe(() => {
    const now = accounts()
    const key = now.map((a) => a.address).join()
    if (key === lastKey) return
    lastKey = key
    for (const listener of [...listeners]) {
      try {
        listener({ accounts: now })
      } catch (error) {
        console.error('Portico: a standard:events listener threw', error)
      }
    }
  })

  /** Calls the connected wallet's `feature.method` with our account replaced by its own. */
  const forward =
    (feature: string, method: string) =>
    async (...inputs: readonly { account?: WalletAccount }[]): Promise<unknown> => {
      const current = live()
      if (!current) {
        const connection = host.getConnection()
        // The store names a connection the plugin does not hold (yet): one still being restored after a reload.
        if (connection) throw new RpcError(ProviderRpcCode.ProviderDisconnected, { message: `The '${connection.connectorId}' Solana connection is not ready yet. Try again in a moment.` })
        throw new RpcError(ProviderRpcCode.ProviderDisconnected, { message: 'No Solana wallet is connected. Connect one through the Portico modal first.' })
      }
      const implementation = (current.wallet.features as Record<string, Record<string, unknown> | undefined>)[feature]
      const call = implementation?.[method]
      if (typeof call !== 'function') throw new RpcError(ProviderRpcCode.UnsupportedMethod, { message: `${current.wallet.name} does not support ${feature}.` })
      return (call as (...args: unknown[]) => Promise<unknown>).apply(
        implementation,
        inputs.map((input) => ({ ...input, account: current.account })),
      )
    }

  const chains = () => [...new Set(host.getNetworks().map(walletChainOf))]
  const transactionVersions = () => {
    const feature = live()?.wallet.features[DappWalletFeatures.signTransaction] as { supportedTransactionVersions?: readonly unknown[] } | undefined
    return feature?.supportedTransactionVersions ?? ['legacy', 0]
  }

  const wallet: PorticoSolanaWallet = {
    isPortico: true,
    version: '1.0.0',
    name: 'Portico',
    icon: ICON,
    get chains() {
      return chains()
    },
    get accounts() {
      return accounts()
    },
    features: {
      [DappWalletFeatures.connect]: {
        version: '1.0.0',
        async connect({ silent }: { silent?: boolean } = {}) {
          if (!host.getConnection() && !silent) await host.connect()
          return { accounts: accounts() }
        },
      },
      [DappWalletFeatures.disconnect]: {
        version: '1.0.0',
        disconnect: () => host.disconnect(),
      },
      [DappWalletFeatures.events]: {
        version: '1.0.0',
        on(event: string, listener: ChangeListener) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      [DappWalletFeatures.signMessage]: { version: '1.0.0', signMessage: forward(DappWalletFeatures.signMessage, 'signMessage') },
      [DappWalletFeatures.signTransaction]: {
        version: '1.0.0',
        get supportedTransactionVersions() {
          return transactionVersions()
        },
        signTransaction: forward(DappWalletFeatures.signTransaction, 'signTransaction'),
      },
      [DappWalletFeatures.signAndSendTransaction]: {
        version: '1.0.0',
        get supportedTransactionVersions() {
          return transactionVersions()
        },
        signAndSendTransaction: forward(DappWalletFeatures.signAndSendTransaction, 'signAndSendTransaction'),
      },
    },
  }
  return wallet
}
