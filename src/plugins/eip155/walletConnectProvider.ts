import { RpcError } from '../../errors/rpc'
import { ProviderRpcCode } from '../../errors/rpcCodes'
import type { CaipNetworkId } from '../../types/network'
import { addressesOn, type RemoteSession, type RemoteSessionEvent } from '../../types/remoteSession'

/** The EIP-1193 surface of a WalletConnect session, the shape the plugin's `connectors.attach` takes. */
export type WalletConnectEip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object | undefined }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): WalletConnectEip1193Provider
  removeListener(event: string, listener: (...args: unknown[]) => void): WalletConnectEip1193Provider
  off(event: string, listener: (...args: unknown[]) => void): WalletConnectEip1193Provider
  /** Stops following the session's events. */
  destroy(): void
}

/** EIP-1193 events the provider emits. */
type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'disconnect' | 'connect'
type Listener = (...args: unknown[]) => void

const toHexChainId = (caipNetworkId: CaipNetworkId) => `0x${Number(caipNetworkId.split(':')[1]).toString(16)}`

function parseHexOrDecimal(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value !== 'string') return undefined
  const parsed = /^0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value, 16) : /^[0-9]+$/.test(value) ? Number(value) : Number.NaN
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined
}

/**
 * An EIP-1193 provider over the WalletConnect session's `eip155` namespace, so the
 * eip155 plugin drives a remote wallet exactly as it drives a browser wallet
 * (the plugin's `remote.createWallet`; the saga `attach`es it):
 *
 * - `eth_accounts` / `eth_requestAccounts`: the session's accounts on the current chain
 *   (no round trip: the wallet already approved them);
 * - `eth_chainId`: the session's current chain;
 * - `wallet_switchEthereumChain`: `client.switchNetwork` (the same path as the network
 *   saga: an approved chain at once, otherwise the wallet is asked, else the SPEC §5
 *   message);
 * - read calls (`eth_estimateGas`, `eth_call`, `eth_getTransactionCount`, ...): the
 *   chain's own RPC, never the wallet (`client.request` routes them);
 * - everything else (`personal_sign`, `eth_sendTransaction`, `wallet_sendCalls`, ...):
 *   the wallet, on the current chain, with the SPEC §8 wallet-session errors.
 *
 * Events: `chainChanged` and `accountsChanged` when the session's chain or accounts
 * change (session events, session_update, a switch), `disconnect` (4900) when the
 * session ends.
 *
 * @example
 * const provider = createWalletConnectProvider(client)
 * await provider.request({ method: 'eth_chainId' }) // '0x1'
 * eip155Plugin.connectors.attach({ info, provider })
 */
export function createWalletConnectProvider(client: RemoteSession): WalletConnectEip1193Provider {
  const listeners = new Map<ProviderEvent, Set<Listener>>()
  const emit = (event: ProviderEvent, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch {
        // A listener's failure is its own; the others still hear the event.
      }
    }
  }

  const currentChain = () => client.getChain('eip155')
  const currentAccounts = (): string[] => {
    const namespace = client.getSession()?.namespaces.eip155
    if (!namespace) return []
    return addressesOn(namespace, currentChain())?.addresses ?? []
  }

  // What listeners last heard, so a session_update reports only what it changed.
  let lastChain = currentChain()
  let lastAccounts = currentAccounts()
  const reportChanges = () => {
    const chain = currentChain()
    const accounts = currentAccounts()
    if (chain && chain !== lastChain) {
      lastChain = chain
      emit('chainChanged', toHexChainId(chain))
    }
    if (accounts.join() !== lastAccounts.join()) {
      lastAccounts = accounts
      emit('accountsChanged', accounts)
    }
  }

  const stop = client.onEvent((event: RemoteSessionEvent) => {
    switch (event.type) {
      case 'chainChanged':
        if (event.caipNetworkId.startsWith('eip155:')) reportChanges()
        return
      case 'accountsChanged':
        if (event.namespace !== 'eip155') return
        lastAccounts = event.accounts
        emit('accountsChanged', event.accounts)
        return
      case 'session_update':
        reportChanges()
        return
      case 'disconnect':
        lastChain = undefined
        lastAccounts = []
        emit('disconnect', new RpcError(ProviderRpcCode.ProviderDisconnected, { details: `The WalletConnect session ended (${event.reason}).` }))
        return
    }
  })

  async function request({ method, params }: { method: string; params?: readonly unknown[] | object | undefined }): Promise<unknown> {
    switch (method) {
      case 'eth_accounts':
        return client.getSession() ? (lastAccounts = currentAccounts()) : []
      case 'eth_requestAccounts': {
        if (!client.getSession()) throw new RpcError(ProviderRpcCode.Unauthorized, { details: 'Pair a wallet over WalletConnect first.' })
        return (lastAccounts = currentAccounts())
      }
      case 'eth_chainId': {
        const chain = currentChain()
        if (!chain) throw new RpcError(ProviderRpcCode.ProviderDisconnected, { details: 'No WalletConnect session.' })
        return toHexChainId((lastChain = chain))
      }
      case 'wallet_switchEthereumChain': {
        const id = parseHexOrDecimal((Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined)?.chainId)
        if (id === undefined) throw new RpcError(ProviderRpcCode.InvalidParams, { details: 'wallet_switchEthereumChain needs [{ chainId }].' })
        await client.switchNetwork(`eip155:${id}`)
        return null
      }
      default: {
        // A session without an EVM namespace cannot take EVM requests: the client says so.
        return client.request({ method, params, chainId: currentChain(), namespace: 'eip155' })
      }
    }
  }

  return {
    request,
    on(event, listener) {
      const set = listeners.get(event as ProviderEvent) ?? new Set<Listener>()
      set.add(listener)
      listeners.set(event as ProviderEvent, set)
      return this
    },
    removeListener(event, listener) {
      listeners.get(event as ProviderEvent)?.delete(listener)
      return this
    },
    off(event, listener) {
      listeners.get(event as ProviderEvent)?.delete(listener)
      return this
    },
    destroy() {
      stop()
      listeners.clear()
    },
  }
}
