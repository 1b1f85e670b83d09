import { RpcError } from '../errors/rpc'
import { ProviderRpcCode } from '../errors/rpcCodes'
import type { ConnectionHost, LiveConnection } from '../plugins/types'
import { selectConnection, selectNamespaceNetwork } from '../store/selectors/connection'
import type { PorticoStore } from '../store/createStore'
import type { CaipNetworkId } from '../types/network'

/** What a connection host needs from its Portico instance. */
export type ConnectionHostParameters = {
  namespace: string
  store: PorticoStore
  /** Opens the modal on the Connect view. */
  openConnect(): void
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void>
  disconnect(namespace: string): Promise<void>
  /** Where the host's store subscriptions are kept, so destroying the instance ends them all. */
  subscriptions: Set<() => void>
}

/**
 * The plugin contract's `ConnectionHost` over a Portico store: the connection of one
 * namespace as the store holds it, and the instance's own connect, switch and disconnect.
 *
 * @example
 * const host = createConnectionHost({ namespace: 'eip155', store, openConnect, switchNetwork, disconnect, subscriptions })
 * const provider = plugin.connectors.createProvider(host)
 */
export function createConnectionHost(parameters: ConnectionHostParameters): ConnectionHost {
  const { namespace, store, subscriptions } = parameters
  const getConnection = (): LiveConnection | undefined => selectConnection(store.getState(), namespace)
  const subscribe = (listener: () => void) => {
    const unsubscribe = store.subscribe(listener)
    const entry = () => {
      unsubscribe()
      subscriptions.delete(entry)
    }
    subscriptions.add(entry)
    return entry
  }
  return {
    namespace,
    getConnection,
    getNetwork: () => selectNamespaceNetwork(store.getState(), namespace),
    getNetworks: () => store.getState().network.networks.filter((n) => n.chainNamespace === namespace),
    subscribe,
    connect() {
      const now = getConnection()
      if (now) return Promise.resolve(now)
      return new Promise<LiveConnection>((resolve, reject) => {
        const stop = subscribe(() => {
          const connection = getConnection()
          if (connection) {
            stop()
            resolve(connection)
          } else if (!store.getState().modal.open) {
            stop()
            reject(new RpcError(ProviderRpcCode.UserRejectedRequest, { message: 'The visitor closed the modal without connecting.' }))
          }
        })
        parameters.openConnect()
        // Opening is synchronous; a modal that did not open (no window to show it in) cannot be waited for.
        if (!store.getState().modal.open && !getConnection()) {
          stop()
          reject(new RpcError(ProviderRpcCode.UserRejectedRequest, { message: 'The Portico modal could not be opened.' }))
        }
      })
    },
    switchNetwork: (caipNetworkId) => parameters.switchNetwork(caipNetworkId),
    disconnect: () => parameters.disconnect(namespace),
  }
}
