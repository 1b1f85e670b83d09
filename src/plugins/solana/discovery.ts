// Finding Solana wallets through the Wallet Standard (@wallet-standard/app). Kept apart
// from the wallet operations so that discovery, which runs when Portico starts, loads
// only this small module.
import { WalletNotReadyError } from '@solana/wallet-adapter-base'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

import { ConnectorNotFoundError } from '../../errors'
import type { ConnectorInfo } from '../../types/connector'
import type { CaipNetwork } from '../../types/network'
import type { PluginContext } from '../types'
import { walletChainOf } from '../../shared/solanaChains'
import { connectorIdOf } from './runtime'

export const isSolanaChain = (chain: string) => chain.startsWith('solana:')

/** A wallet Portico can connect: it has `standard:connect` and at least one Solana chain. */
export function isSolanaStandardWallet(wallet: Wallet): boolean {
  return 'standard:connect' in wallet.features && wallet.chains.some(isSolanaChain)
}

export function solanaAccounts(accounts: readonly WalletAccount[]): WalletAccount[] {
  return accounts.filter((account) => account.chains.length === 0 || account.chains.some(isSolanaChain))
}

function connectorInfo(wallet: Wallet, networks: readonly CaipNetwork[]): ConnectorInfo {
  return {
    id: connectorIdOf(wallet),
    name: wallet.name,
    type: 'ANNOUNCED',
    chain: 'solana',
    chains: networks.filter((network) => wallet.chains.includes(walletChainOf(network))).map((network) => network.caipNetworkId),
    imageUrl: wallet.icon,
  }
}

/** The registered Solana wallets, first of each name only (ids are built from names). */
export function solanaWallets(): Wallet[] {
  const byId = new Map<string, Wallet>()
  for (const wallet of getWallets().get()) {
    if (isSolanaStandardWallet(wallet) && !byId.has(connectorIdOf(wallet))) byId.set(connectorIdOf(wallet), wallet)
  }
  return [...byId.values()]
}

export function findWallet(connectorId: string): Wallet {
  const wallet = solanaWallets().find((candidate) => connectorIdOf(candidate) === connectorId)
  if (!wallet) throw new ConnectorNotFoundError({ cause: new WalletNotReadyError(`No Wallet Standard wallet ${connectorId}`) })
  return wallet
}

/**
 * Emits the Solana wallets on the page now and whenever one registers or unregisters.
 * Without a window (server rendering, plain Node) there are none.
 */
export function watchWallets(context: PluginContext, emit: (connectors: readonly ConnectorInfo[]) => void): () => void {
  if (!context.window) {
    emit([])
    return () => {}
  }
  const wallets = getWallets()
  let last = ''
  const report = () => {
    const list = solanaWallets().map((wallet) => connectorInfo(wallet, context.networks))
    const key = JSON.stringify(list)
    if (key === last) return
    last = key
    emit(list)
  }
  const offRegister = wallets.on('register', report)
  const offUnregister = wallets.on('unregister', report)
  report()
  return () => {
    offRegister()
    offUnregister()
  }
}
