import type { Wallet } from '@wallet-standard/base'
import type { EmbeddedNamespace, RemoteNamespace } from '../types'
import { solanaAddressOf } from './address'

/** The wallet modules with @solana/kit's encodings, loaded together on first use. */
const loadCodecs = async () => (await import('./rpcCodecs')).solanaRpcCodecs

/**
 * A WalletConnect session's Solana side (WalletConnect's Solana RPC reference): a Wallet
 * Standard wallet over the session (`walletConnectWallet.ts`) that the plugin connects as
 * it connects a browser wallet (`connect: 'plugin'`).
 */
export const solanaRemote: RemoteNamespace<Wallet> = {
  methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction'],
  events: [],
  async createWallet(session, { name }) {
    const [{ createWalletConnectSolanaWallet }, codecs] = await Promise.all([import('./walletConnectWallet'), loadCodecs()])
    const wallet = createWalletConnectSolanaWallet(session, codecs, name)
    return { provider: wallet, connect: 'plugin', destroy: () => wallet.destroy() }
  },
}

/**
 * The embedded wallet's Solana side: the same user's ed25519 key joins beside the EVM
 * account when the frame holds one (docs/embedded-wallet.md "Solana"), as a Wallet
 * Standard wallet over the frame (`frameWallet.ts`).
 */
export const solanaEmbedded: EmbeddedNamespace<Wallet> = {
  accountTypes: ['eoa'],
  addressOf: solanaAddressOf,
  async createWallet({ transport, networks, name }) {
    const [{ createFrameSolanaWallet }, codecs] = await Promise.all([import('./frameWallet'), loadCodecs()])
    const wallet = createFrameSolanaWallet({ transport, networks, name, codecs })
    return { provider: wallet, setUser: (user) => wallet.setUser(user), clearUser: () => wallet.clearUser(), destroy: () => wallet.destroy() }
  },
}
