import { getBase58Decoder } from '@solana/kit'
import {
  BaseMessageSignerWalletAdapter,
  isVersionedTransaction,
  WalletConnectionError,
  WalletDisconnectionError,
  WalletNotConnectedError,
  WalletReadyState,
  WalletSendTransactionError,
  WalletSignMessageError,
  WalletSignTransactionError,
  type SendTransactionOptions,
  type TransactionOrVersionedTransaction,
  type WalletName,
} from '@solana/wallet-adapter-base'
import type { WalletAccount } from '@wallet-standard/base'
import { PublicKey, Transaction, VersionedTransaction, type Connection, type TransactionSignature, type TransactionVersion } from '@solana/web3.js'
import type { Portico } from '../createPortico'
import { walletChainOf } from '../shared/solanaChains'
import type { PorticoSolanaWallet } from '../plugins/solana/dappWallet'
import { selectConnection, selectNamespaceNetwork } from '../store/selectors/connection'

const NAMESPACE = 'solana'

export const PorticoWalletName = 'Portico' as WalletName<'Portico'>

type Features = {
  'standard:connect': { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> }
  'standard:disconnect': { disconnect(): Promise<void> }
  'standard:events': { on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void): () => void }
  'solana:signMessage': { signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<{ signature: Uint8Array }[]> }
  'solana:signTransaction': { signTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]): Promise<{ signedTransaction: Uint8Array }[]> }
  'solana:signAndSendTransaction': {
    signAndSendTransaction(
      ...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string; options?: { preflightCommitment?: string; skipPreflight?: boolean; maxRetries?: number; minContextSlot?: number } }[]
    ): Promise<{ signature: Uint8Array }[]>
  }
}

/**
 * Portico as one wallet of `@solana/wallet-adapter-react` (or any code on
 * `@solana/wallet-adapter-base`): `connect()` opens Portico's modal, and every signature
 * goes to whatever Solana wallet the visitor connected there: a Wallet Standard wallet
 * or the embedded wallet, whose secure frame asks the visitor.
 *
 * @example
 * import { ConnectionProvider, WalletProvider } from '@solana/wallet-adapter-react'
 * import { PorticoWalletAdapter } from 'portico/solana'
 *
 * const wallets = [new PorticoWalletAdapter({ portico })]
 * <ConnectionProvider endpoint={rpcUrl}><WalletProvider wallets={wallets}>...</WalletProvider></ConnectionProvider>
 */
export class PorticoWalletAdapter extends BaseMessageSignerWalletAdapter<'Portico'> {
  name = PorticoWalletName
  /** Where this deployment's Portico lives: the secure frame's origin (the operator's own). */
  readonly url: string
  readonly supportedTransactionVersions: ReadonlySet<TransactionVersion> = new Set<TransactionVersion>(['legacy', 0])
  readonly #portico: Portico
  readonly #wallet: PorticoSolanaWallet
  #connecting = false
  #stop: (() => void) | undefined

  constructor({ portico }: { portico: Portico }) {
    super()
    this.#portico = portico
    this.url = portico.config.endpoints.secureFrame
    this.#wallet = portico.getProvider(NAMESPACE, { allowDisconnected: true })
    // Follows the connection made or ended in the modal, as a wallet extension reports its own.
    this.#stop = this.#feature('standard:events').on('change', ({ accounts }) => {
      if (accounts === undefined) return
      const account = accounts[0]
      if (account) this.emit('connect', new PublicKey(account.publicKey))
      else this.emit('disconnect')
    })
  }

  get icon() {
    return this.#wallet.icon
  }
  get readyState() {
    return WalletReadyState.Installed
  }
  get connecting() {
    return this.#connecting
  }
  get publicKey(): PublicKey | null {
    const account = this.#wallet.accounts[0]
    return account ? new PublicKey(account.publicKey) : null
  }

  #feature<K extends keyof Features>(name: K): Features[K] {
    return this.#wallet.features[name] as Features[K]
  }

  #account(): WalletAccount {
    const account = this.#wallet.accounts[0]
    if (!account) throw new WalletNotConnectedError()
    return account
  }

  /** The Wallet Standard chain of the connection's network (`solana:mainnet`, `solana:localnet` ...). */
  #chain(): string {
    const state = this.#portico.getState()
    const caipNetworkId = selectConnection(state, NAMESPACE)?.caipNetworkId
    const network = state.network.networks.find((n) => n.caipNetworkId === caipNetworkId) ?? selectNamespaceNetwork(state, NAMESPACE)
    return network ? walletChainOf(network) : 'solana:mainnet'
  }

  async connect(): Promise<void> {
    if (this.connected || this.#connecting) return
    this.#connecting = true
    try {
      const { accounts } = await this.#feature('standard:connect').connect()
      if (!accounts[0]) throw new WalletConnectionError('The visitor connected no Solana account.')
    } catch (error) {
      const wrapped = error instanceof WalletConnectionError ? error : new WalletConnectionError((error as Error)?.message, error)
      this.emit('error', wrapped)
      throw wrapped
    } finally {
      this.#connecting = false
    }
  }

  async disconnect(): Promise<void> {
    try {
      await this.#feature('standard:disconnect').disconnect()
    } catch (error) {
      this.emit('error', new WalletDisconnectionError((error as Error)?.message, error))
    }
  }

  /** Stops following the connection; the adapter is unusable after. */
  destroy(): void {
    this.#stop?.()
    this.#stop = undefined
    this.removeAllListeners()
  }

  async signTransaction<T extends TransactionOrVersionedTransaction<this['supportedTransactionVersions']>>(transaction: T): Promise<T> {
    const account = this.#account()
    try {
      const [output] = await this.#feature('solana:signTransaction').signTransaction({ account, transaction: serialize(transaction), chain: this.#chain() })
      if (!output) throw new Error('The wallet returned no transaction')
      return (isVersionedTransaction(transaction) ? VersionedTransaction.deserialize(output.signedTransaction) : Transaction.from(output.signedTransaction)) as T
    } catch (error) {
      const wrapped = error instanceof WalletNotConnectedError ? error : new WalletSignTransactionError((error as Error)?.message, error)
      this.emit('error', wrapped)
      throw wrapped
    }
  }

  /**
   * Has the connected wallet sign and send (so the embedded wallet sends from its own
   * frame); a legacy transaction without fee payer or blockhash gets them from `connection`.
   */
  override async sendTransaction(
    transaction: TransactionOrVersionedTransaction<this['supportedTransactionVersions']>,
    connection: Connection,
    options: SendTransactionOptions = {},
  ): Promise<TransactionSignature> {
    const account = this.#account()
    try {
      const { signers, ...sendOptions } = options
      let prepared = transaction
      if (!isVersionedTransaction(prepared)) {
        prepared = await this.prepareTransaction(prepared, connection, sendOptions)
        if (signers?.length) prepared.partialSign(...signers)
      } else if (signers?.length) {
        prepared.sign(signers)
      }
      const [output] = await this.#feature('solana:signAndSendTransaction').signAndSendTransaction({
        account,
        transaction: serialize(prepared),
        chain: this.#chain(),
        options: {
          ...(sendOptions.preflightCommitment ? { preflightCommitment: sendOptions.preflightCommitment } : {}),
          ...(sendOptions.skipPreflight !== undefined ? { skipPreflight: sendOptions.skipPreflight } : {}),
          ...(sendOptions.maxRetries !== undefined ? { maxRetries: sendOptions.maxRetries } : {}),
          ...(sendOptions.minContextSlot !== undefined ? { minContextSlot: sendOptions.minContextSlot } : {}),
        },
      })
      if (!output) throw new Error('The wallet returned no signature')
      return getBase58Decoder().decode(output.signature)
    } catch (error) {
      const wrapped = error instanceof WalletNotConnectedError ? error : new WalletSendTransactionError((error as Error)?.message, error)
      this.emit('error', wrapped)
      throw wrapped
    }
  }

  async signMessage(message: Uint8Array): Promise<Uint8Array> {
    const account = this.#account()
    try {
      const [output] = await this.#feature('solana:signMessage').signMessage({ account, message })
      if (!output) throw new Error('The wallet returned no signature')
      return output.signature
    } catch (error) {
      const wrapped = new WalletSignMessageError((error as Error)?.message, error)
      this.emit('error', wrapped)
      throw wrapped
    }
  }
}

function serialize(transaction: Transaction | VersionedTransaction): Uint8Array {
  return isVersionedTransaction(transaction) ? transaction.serialize() : new Uint8Array(transaction.serialize({ requireAllSignatures: false, verifySignatures: false }))
}
