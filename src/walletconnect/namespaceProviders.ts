import { createWalletConnectBitcoinProvider } from './bitcoinProvider'
import { createWalletConnectSolanaWallet } from './solanaWallet'
import type { RpcCodecs } from '../plugins/types'
import type { SessionProvider, WalletConnectClient } from './types'

/**
 * The session's side of one namespace in the shape its plugin's `connectors.attach`
 * takes: an EIP-1193 provider for eip155, a Wallet Standard wallet for solana, a
 * sats-connect provider for bip122. Undefined for a namespace no plugin can drive, and
 * for solana without the plugin's `codecs` (@solana/kit's, which core never imports).
 *
 * How the account then enters the store differs by what the plugin keeps: the eip155
 * plugin holds no connection of its own (the session's accounts are the account), while
 * the solana and bip122 plugins record the wallet they connected, so the saga connects the
 * attached wallet through the plugin (its silent `reconnect`, which these wallets answer
 * from the session without a round trip).
 */
export function createNamespaceProvider(client: WalletConnectClient, namespace: string, codecs?: RpcCodecs): SessionProvider | undefined {
  switch (namespace) {
    case 'eip155':
      return { provider: client.eip155Provider(), connect: 'session' }
    case 'solana': {
      if (!codecs) return undefined
      const wallet = createWalletConnectSolanaWallet(client, codecs)
      return { provider: wallet, connect: 'plugin', destroy: () => wallet.destroy() }
    }
    case 'bip122': {
      const provider = createWalletConnectBitcoinProvider(client)
      return { provider, connect: 'plugin', destroy: () => provider.destroy() }
    }
    default:
      return undefined
  }
}
