import { eip155Remote } from '../plugins/eip155/capabilities'
import type { ConnectedAccount, ConnectorEvent, NamespacePlugin, RemoteCapability } from '../plugins/types'
import type { ConnectorInfo } from '../types/connector'
import type { CaipNetwork } from '../types/network'

/**
 * A namespace plugin for saga tests whose wallet the test drives: it announces the
 * connectors it is given, answers connect/switch/disconnect as told, and lets the test
 * fire provider events. Real wallets are exercised in the plugin tests.
 */
/**
 * The fake takes WalletConnect sessions as the session's accounts (it has no `attach`): its
 * `remote` is the given one, else the eip155 plugin's for the eip155 namespace (what the
 * session proposal asks for).
 */
export function createFakeNamespacePlugin(options: { namespace?: string; networks: CaipNetwork[]; connectors: ConnectorInfo[]; address?: string; remote?: RemoteCapability | undefined }) {
  const namespace = options.namespace ?? 'eip155'
  const listeners = new Set<(event: ConnectorEvent) => void>()
  const calls: { method: string; args: unknown }[] = []
  const behaviour = {
    connect: async (): Promise<ConnectedAccount> => ({
      address: options.address ?? '0x1111111111111111111111111111111111111111',
      accounts: [{ address: options.address ?? '0x1111111111111111111111111111111111111111' }],
      caipNetworkId: options.networks[0]!.caipNetworkId,
    }),
    /** Silent reconnect after a reload: the account while still authorised, else null. */
    reconnect: async (): Promise<ConnectedAccount | null> => null,
    switchNetwork: async (): Promise<void> => {},
    disconnect: async (): Promise<void> => {},
    sendTransaction: async (): Promise<string> => `0x${'ab'.repeat(32)}`,
    signMessage: async (): Promise<string> => `0x${'51'.repeat(65)}`,
  }
  const plugin: NamespacePlugin = {
    namespace,
    name: `Fake ${namespace}`,
    networks: options.networks,
    isAddress: (a) => a.length > 0,
    // No balance support by default, so tests that do not care make no balance requests.
    features: { balance: false, names: false, activity: false, send: true, swaps: () => false },
    remote: options.remote ?? (namespace === 'eip155' ? { load: async () => eip155Remote } : undefined),
    connectors: {
      discover: (_context, emit) => {
        emit(options.connectors)
        return () => {}
      },
      connect: async (args) => {
        calls.push({ method: 'connect', args })
        return behaviour.connect()
      },
      reconnect: async (args) => {
        calls.push({ method: 'reconnect', args })
        return behaviour.reconnect()
      },
      disconnect: async (args) => {
        calls.push({ method: 'disconnect', args })
        return behaviour.disconnect()
      },
      switchNetwork: async (args) => {
        calls.push({ method: 'switchNetwork', args })
        return behaviour.switchNetwork()
      },
      sendTransaction: async (args) => {
        calls.push({ method: 'sendTransaction', args })
        return behaviour.sendTransaction()
      },
      signMessage: async (args) => {
        calls.push({ method: 'signMessage', args })
        return behaviour.signMessage()
      },
      watch: (_args, onEvent) => {
        listeners.add(onEvent)
        return () => listeners.delete(onEvent)
      },
    },
  }
  return {
    plugin,
    calls,
    behaviour,
    emit: (event: ConnectorEvent) => listeners.forEach((l) => l(event)),
    listenerCount: () => listeners.size,
  }
}

export const testNetwork = (id: number, name = `Chain ${id}`): CaipNetwork => ({
  id,
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:8545/${id}`] } },
})

export const injectedConnector = (id = 'io.metamask', type: ConnectorInfo['type'] = 'ANNOUNCED'): ConnectorInfo => ({
  id,
  name: id === 'io.metamask' ? 'MetaMask' : id,
  type,
  chain: 'eip155',
  info: { rdns: id },
})
