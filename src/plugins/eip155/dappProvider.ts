// The dapp's EIP-1193 provider (`portico.getProvider('eip155')`): one object over whatever
// EVM wallet the visitor connected through the modal. Kept free of viem so that creating
// it costs nothing at start-up.
import { RpcError } from '../../errors/rpc'
import { ProviderRpcCode } from '../../errors/rpcCodes'
import type { CaipNetworkId } from '../../types/network'
import type { ConnectionHost, LiveConnection } from '../types'
import type { Eip155Runtime } from './runtime'
import { parseChainId } from './watch'

/** The events EIP-1193 defines, with what each listener receives. */
export type Eip1193EventMap = {
  /** Became able to serve requests: `{ chainId }` in hex. */
  connect: { chainId: `0x${string}` }
  /** No longer connected: an `RpcError` with code 4900. */
  disconnect: RpcError
  /** The accounts the dapp may use, active first; empty when disconnected. */
  accountsChanged: string[]
  /** The new chain id in hex. */
  chainChanged: `0x${string}`
}

export type Eip1193EventName = keyof Eip1193EventMap

export type Eip1193RequestArguments = { readonly method: string; readonly params?: readonly unknown[] | object | undefined }

/**
 * The EIP-1193 provider Portico hands the dapp for EVM. Works with viem's `custom`
 * transport, ethers' `BrowserProvider` and wagmi (through `portico/wagmi`).
 */
export type PorticoEip1193Provider = {
  request(args: Eip1193RequestArguments): Promise<unknown>
  on<E extends Eip1193EventName>(event: E, listener: (payload: Eip1193EventMap[E]) => void): PorticoEip1193Provider
  removeListener<E extends Eip1193EventName>(event: E, listener: (payload: Eip1193EventMap[E]) => void): PorticoEip1193Provider
  off<E extends Eip1193EventName>(event: E, listener: (payload: Eip1193EventMap[E]) => void): PorticoEip1193Provider
  /** Marks the object as Portico's, for dapps that look for a wallet's flag. */
  readonly isPortico: true
}

const toHex = (id: number): `0x${string}` => `0x${id.toString(16)}`

function chainIdOf(caipNetworkId: CaipNetworkId | undefined): number | undefined {
  return caipNetworkId?.startsWith('eip155:') ? parseChainId(caipNetworkId.slice('eip155:'.length)) : undefined
}

const notConnected = () => new RpcError(ProviderRpcCode.ProviderDisconnected, { message: 'No EVM wallet is connected. Connect one through the Portico modal first.' })

type Snapshot = { accounts: string; chainId: number | undefined } | undefined

function snapshotOf(connection: LiveConnection | undefined): Snapshot {
  return connection ? { accounts: connection.accounts.join(), chainId: chainIdOf(connection.caipNetworkId) } : undefined
}

/**
 * Builds the provider over `host` (the store's view of the eip155 connection) and
 * `runtime` (the plugin's live wallets, by connector id):
 *
 * - `eth_accounts`, `eth_chainId`: from the connection the modal shows, so they never
 *   disagree with it; `eth_requestAccounts` opens the modal when nothing is connected.
 * - `wallet_switchEthereumChain`: `portico.switchNetwork`, so the modal, the wallet and
 *   the dapp move together; a chain the dapp did not configure is 4902.
 * - `wallet_revokePermissions`: `portico.disconnect`.
 * - everything else: the connected wallet itself (the browser wallet, the WalletConnect
 *   session, or the embedded wallet, whose secure frame asks the visitor).
 *
 * Events follow the store, so a change made in the modal (another account, network or
 * wallet, a disconnect) reaches the dapp the same way as one made in the wallet.
 */
export function createEip155DappProvider(runtime: Eip155Runtime, host: ConnectionHost): PorticoEip1193Provider {
  const listeners = new Map<Eip1193EventName, Set<(payload: never) => void>>()
  const emit = <E extends Eip1193EventName>(event: E, payload: Eip1193EventMap[E]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as (value: Eip1193EventMap[E]) => void)(payload)
      } catch {
        // A listener's failure is the dapp's own; the other listeners still hear the event.
      }
    }
  }

  let last = snapshotOf(host.getConnection())
  const onChange = () => {
    const connection = host.getConnection()
    const next = snapshotOf(connection)
    const previous = last
    last = next
    if (!previous && !next) return
    if (previous && !next) {
      emit('accountsChanged', [])
      emit('disconnect', new RpcError(ProviderRpcCode.ProviderDisconnected, { message: 'The wallet disconnected.' }))
      return
    }
    if (!connection || !next) return
    if (!previous) {
      if (next.chainId !== undefined) emit('connect', { chainId: toHex(next.chainId) })
      emit('accountsChanged', [...connection.accounts])
      return
    }
    if (next.chainId !== undefined && next.chainId !== previous.chainId) emit('chainChanged', toHex(next.chainId))
    if (next.accounts !== previous.accounts) emit('accountsChanged', [...connection.accounts])
  }
  // The host ends this subscription when the Portico instance is destroyed.
  host.subscribe(onChange)

  async function request({ method, params }: Eip1193RequestArguments): Promise<unknown> {
    switch (method) {
      case 'eth_accounts':
        return [...(host.getConnection()?.accounts ?? [])]
      case 'eth_requestAccounts':
        return [...(await host.connect()).accounts]
      case 'eth_chainId': {
        const id = chainIdOf(host.getConnection()?.caipNetworkId ?? host.getNetwork()?.caipNetworkId)
        if (id === undefined) throw new RpcError(ProviderRpcCode.ProviderDisconnected, { message: 'No EVM network is configured.' })
        return toHex(id)
      }
      case 'wallet_switchEthereumChain': {
        const target = parseChainId(Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined)
        if (target === undefined) throw new RpcError(ProviderRpcCode.InvalidParams, { message: 'wallet_switchEthereumChain needs [{ chainId }].' })
        const caipNetworkId: CaipNetworkId = `eip155:${target}`
        if (!host.getNetworks().some((n) => n.caipNetworkId === caipNetworkId)) {
          throw new RpcError(ProviderRpcCode.SwitchChainError, { message: `Chain ${target} is not one of the dapp's networks.` })
        }
        await host.switchNetwork(caipNetworkId)
        return null
      }
      case 'wallet_revokePermissions':
        await host.disconnect()
        return null
      default: {
        const connection = host.getConnection()
        const wallet = connection ? runtime.connectors.get(connection.connectorId)?.provider : undefined
        if (!wallet) throw notConnected()
        return wallet.request(params === undefined ? { method } : { method, params })
      }
    }
  }

  const provider: PorticoEip1193Provider = {
    isPortico: true,
    request,
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener as (payload: never) => void)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (payload: never) => void)
      return provider
    },
    off(event, listener) {
      return provider.removeListener(event, listener)
    },
  }
  return provider
}
