// Solana wallet operations through the Wallet Standard: connect, silent reconnect,
// disconnect, account events, message signing. Loaded on first use by the `solana()`
// plugin's connector capability.
import { getBase58Decoder } from '@solana/kit'
import { WalletAccountError, WalletConnectionError, WalletDisconnectionError, WalletSignMessageError } from '@solana/wallet-adapter-base'
import type { SolanaSignMessageFeature } from '@solana/wallet-standard-features'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'

import { ConnectorNotFoundError, PorticoError, userRejectionCodes, WalletError } from '../../errors'
import type { CaipNetwork } from '../../types/network'
import type { ConnectedAccount, ConnectorEvent } from '../types'
import { walletChainOf } from '../../shared/solanaChains'
import { findWallet, solanaAccounts, solanaWallets } from './discovery'
import { toSolanaWalletError } from './errors'
import { connectorIdOf, type SolanaConnection, type SolanaRuntime } from './runtime'

function connection(runtime: SolanaRuntime, connectorId: string): SolanaConnection {
  const live = runtime.connections.get(connectorId)
  if (!live) throw new ConnectorNotFoundError({ details: `${connectorId} is not connected` })
  return live
}

/** An attached wallet (the embedded wallet's Solana side), else the registered Wallet Standard wallet. */
function walletOf(runtime: SolanaRuntime, connectorId: string): Wallet {
  return runtime.attached.get(connectorId) ?? findWallet(connectorId)
}

function toConnectedAccount(accounts: readonly WalletAccount[], network: CaipNetwork): { account: WalletAccount; connected: ConnectedAccount } | null {
  const usable = solanaAccounts(accounts)
  const chain = walletChainOf(network)
  const account = usable.find((candidate) => candidate.chains.includes(chain)) ?? usable[0]
  if (!account) return null
  const ordered = [account, ...usable.filter((candidate) => candidate !== account)]
  return {
    account,
    connected: {
      address: account.address,
      accounts: ordered.map((candidate) => ({ address: candidate.address, type: 'eoa' })),
      caipNetworkId: network.caipNetworkId,
    },
  }
}

async function standardConnect(wallet: Wallet, silent: boolean): Promise<readonly WalletAccount[]> {
  const feature = (wallet.features as Partial<StandardConnectFeature>)['standard:connect']
  if (!feature) throw new WalletError(`${wallet.name} cannot connect`, { cause: new WalletConnectionError('standard:connect missing') })
  try {
    const { accounts } = await feature.connect(silent ? { silent: true } : undefined)
    return accounts
  } catch (error) {
    throw toSolanaWalletError(WalletConnectionError, error, `${wallet.name} did not connect`)
  }
}

/** `standard:connect`, prompting the visitor. Picks the first account that serves the network. */
export async function connectWallet(runtime: SolanaRuntime, connectorId: string, network: CaipNetwork): Promise<ConnectedAccount> {
  const wallet = walletOf(runtime, connectorId)
  const result = toConnectedAccount(await standardConnect(wallet, false), network)
  if (!result) throw new WalletError(`${wallet.name} shared no Solana account`, { cause: new WalletAccountError('no Solana account') })
  runtime.connections.set(connectorId, { wallet, account: result.account })
  return result.connected
}

/**
 * `standard:connect` with `silent: true`: the wallet answers without prompting, with the
 * accounts this dapp may still use. None, or a silent refusal (some wallets reject with
 * 4001 instead of answering empty), means the visitor must connect again: `null`.
 */
export async function reconnectWallet(runtime: SolanaRuntime, connectorId: string, network: CaipNetwork): Promise<ConnectedAccount | null> {
  const wallet = walletOf(runtime, connectorId)
  let accounts: readonly WalletAccount[]
  try {
    accounts = await standardConnect(wallet, true)
  } catch (error) {
    if (error instanceof PorticoError && typeof error.code === 'number' && userRejectionCodes.includes(error.code)) return null
    throw error
  }
  const result = toConnectedAccount(accounts, network)
  if (!result) return null
  runtime.connections.set(connectorId, { wallet, account: result.account })
  return result.connected
}

/** `standard:disconnect` where the wallet has it; the connection is forgotten either way. */
export async function disconnectWallet(runtime: SolanaRuntime, connectorId: string): Promise<void> {
  const live = runtime.connections.get(connectorId)
  const wallet = live?.wallet ?? runtime.attached.get(connectorId) ?? solanaWallets().find((candidate) => connectorIdOf(candidate) === connectorId)
  const feature = (wallet?.features as Partial<StandardDisconnectFeature> | undefined)?.['standard:disconnect']
  if (feature) {
    try {
      await feature.disconnect()
    } catch (error) {
      throw toSolanaWalletError(WalletDisconnectionError, error, `${wallet?.name ?? connectorId} did not disconnect`)
    }
  }
  runtime.connections.delete(connectorId)
}

/**
 * `standard:events` `change` → `accountsChanged` in the wallet's order (its selected
 * account first; empty means the wallet dropped the dapp). A wallet that unregisters reports `disconnect`.
 */
export function watchWallet(runtime: SolanaRuntime, connectorId: string, onEvent: (event: ConnectorEvent) => void): () => void {
  const live = runtime.connections.get(connectorId)
  if (!live) {
    // Nothing to watch: the connection ended before the watcher started.
    onEvent({ type: 'disconnect' })
    return () => {}
  }
  const events = (live.wallet.features as Partial<StandardEventsFeature>)['standard:events']
  const offChange = events?.on('change', ({ accounts }) => {
    if (!accounts) return
    const current = runtime.connections.get(connectorId)
    const usable = solanaAccounts(accounts)
    if (!current) return
    // A wallet lists its selected account first; a switch in the wallet reorders or replaces the list.
    const [account] = usable
    if (account) runtime.connections.set(connectorId, { ...current, account })
    else runtime.connections.delete(connectorId)
    onEvent({ type: 'accountsChanged', accounts: usable.map((candidate) => candidate.address) })
  })
  const offUnregister = getWallets().on('unregister', (...wallets) => {
    if (!wallets.includes(live.wallet)) return
    runtime.connections.delete(connectorId)
    onEvent({ type: 'disconnect' })
  })
  return () => {
    offChange?.()
    offUnregister()
  }
}

/** The connected account with this address; signing for any other address is refused. */
export function accountFor(live: SolanaConnection, address: string): WalletAccount {
  const account = live.account.address === address ? live.account : live.wallet.accounts.find((candidate) => candidate.address === address)
  if (!account) throw new WalletError(`${address} is not a connected account of ${live.wallet.name}`, { code: 'wallet/account-not-connected' })
  return account
}

/**
 * `solana:signMessage` of the UTF-8 message. Returns the ed25519 signature in base58, the
 * form Solana tools (and WalletConnect's `solana_signMessage`) use.
 */
export async function signMessage(runtime: SolanaRuntime, connectorId: string, address: string, message: string): Promise<string> {
  const live = connection(runtime, connectorId)
  const feature = (live.wallet.features as Partial<SolanaSignMessageFeature>)['solana:signMessage']
  if (!feature) throw new WalletError(`${live.wallet.name} cannot sign messages`, { cause: new WalletSignMessageError('solana:signMessage missing') })
  try {
    const [output] = await feature.signMessage({ account: accountFor(live, address), message: new TextEncoder().encode(message) })
    if (!output) throw new WalletSignMessageError('The wallet returned no signature')
    return getBase58Decoder().decode(output.signature)
  } catch (error) {
    throw toSolanaWalletError(WalletSignMessageError, error, `${live.wallet.name} did not sign the message`)
  }
}

export { connection }
