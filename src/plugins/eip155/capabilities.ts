import type { CaipNetworkId } from '../../types/network'
import type { EmbeddedNamespace, RemoteNamespace } from '../types'
import type { Eip1193Provider } from './runtime'

/** EVM methods that sign or reach the wallet; every other `eth_*` method only reads the chain. */
const walletMethods = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendRawTransaction',
  'eth_requestAccounts',
  'eth_accounts',
])

const toHexChainId = (caipNetworkId: CaipNetworkId) => `0x${Number(caipNetworkId.split(':')[1]).toString(16)}`

/**
 * A WalletConnect session's EVM side: the session proposal asks for the SPEC §5 allowed
 * RPC methods (signing, sending, EIP-5792 calls, chain switching); read-only `eth_*`
 * calls go to the chain's RPC, not to the wallet. The wallet is an EIP-1193 provider over
 * the session (`walletConnectProvider.ts`, loaded with the wallet code); the session's accounts
 * are the account (`connect: 'session'`).
 */
export const eip155Remote: RemoteNamespace<Eip1193Provider> = {
  methods: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getCapabilities',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'wallet_getAssets',
  ],
  events: ['chainChanged', 'accountsChanged'],
  isReadMethod: (method) => method.startsWith('eth_') && !walletMethods.has(method),
  switchChainRequest: (caipNetworkId) => ({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChainId(caipNetworkId) }] }),
  async createWallet(session) {
    const provider = (await import('./wallet')).createWalletConnectProvider(session)
    return { provider, connect: 'session', destroy: () => provider.destroy() }
  },
}

/**
 * The embedded wallet's EVM side, where the frame signs the user in (`primary`): an
 * externally-owned account or the frame's smart account, through an EIP-1193 provider
 * over the frame (`frameProvider.ts`, loaded with the wallet code).
 */
export const eip155Embedded: EmbeddedNamespace<Eip1193Provider> = {
  primary: true,
  accountTypes: ['eoa', 'smartAccount'],
  addressOf: (user) => user.addresses?.['eip155'] ?? (typeof user.chainId === 'number' || user.chainId.startsWith('eip155:') ? user.address : undefined),
  async createWallet({ transport, networks }) {
    const { createFrameProvider } = await import('./wallet')
    const first = networks[0]
    const provider = createFrameProvider({ transport, ...(first ? { chainId: Number(first.id) } : {}) })
    return { provider, setUser: (user) => provider.setUser(user), clearUser: () => provider.clearUser(), destroy: () => provider.destroy() }
  },
}
