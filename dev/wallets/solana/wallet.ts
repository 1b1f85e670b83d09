// A Wallet Standard wallet backed by dev ed25519 keys, for the demo and the tests. It
// signs for real (WebCrypto Ed25519 through @solana/kit) and sends through a Solana
// RPC, normally the local LiteSVM one in dev/solana.
import {
  createKeyPairFromPrivateKeyBytes,
  createSolanaRpc,
  generateKeyPair,
  getAddressEncoder,
  getAddressFromPublicKey,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type Address,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardConnectInput, StandardDisconnectFeature, StandardEventsFeature, StandardEventsListeners } from '@wallet-standard/features'

/** Wallet Standard chain ids of Solana clusters. */
export type SolanaChain = `solana:${string}`

/** What the dev wallet is asked to do; `approve` may refuse any of them. */
export type SolanaDevWalletRequest =
  | { method: 'connect' }
  | { method: 'signMessage'; account: string; message: Uint8Array }
  | { method: 'signTransaction'; account: string; chain: string | undefined }
  | { method: 'signAndSendTransaction'; account: string; chain: string }

export type SolanaDevWalletOptions = {
  /** Shown in the wallet list. */
  name?: string | undefined
  icon?: WalletIcon | undefined
  /**
   * The RPC each chain sends through: one URL for every chain, or one per chain.
   * `signAndSendTransaction` on a chain without a URL fails.
   */
  rpcUrl: string | Partial<Record<SolanaChain, string>>
  /** Chains the wallet supports; the keys of `rpcUrl`, or `solana:localnet` and `solana:devnet`. */
  chains?: readonly SolanaChain[] | undefined
  /** 32-byte ed25519 seeds, one per account; one random account by default. */
  seeds?: readonly Uint8Array[] | undefined
  /** Decides each request as a visitor would; approves everything by default. */
  approve?: ((request: SolanaDevWalletRequest) => boolean | Promise<boolean>) | undefined
}

type DevAccount = { account: WalletAccount; keyPair: CryptoKeyPair }

type Features = StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature

const DEFAULT_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#14f195"/><path d="M8 11h14l2-3H10zm0 13h14l2-3H10zm16-6.5H10l-2-3h14z" fill="#101014"/></svg>',
)}`

/** The error a real wallet throws when the visitor says no (EIP-1193 code 4001). */
export class UserRejectedError extends Error {
  readonly code = 4001
  constructor() {
    super('User rejected the request.')
    this.name = 'UserRejectedError'
  }
}

/**
 * A Wallet Standard wallet with dev keys. Create it with `createSolanaDevWallet`; the
 * extra `dev` methods let a test or the demo act as the wallet's own UI would.
 */
export class SolanaDevWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name: string
  readonly icon: WalletIcon
  readonly chains: readonly SolanaChain[]
  #authorized = false
  #accounts: DevAccount[]
  readonly #listeners = new Set<StandardEventsListeners['change']>()
  readonly #rpcUrl: SolanaDevWalletOptions['rpcUrl']
  #approve: NonNullable<SolanaDevWalletOptions['approve']>

  constructor(accounts: DevAccount[], options: SolanaDevWalletOptions, chains: readonly SolanaChain[]) {
    this.name = options.name ?? 'Portico Dev Wallet'
    this.icon = options.icon ?? DEFAULT_ICON
    this.chains = chains
    this.#accounts = accounts
    this.#rpcUrl = options.rpcUrl
    this.#approve = options.approve ?? (() => true)
  }

  get accounts(): readonly WalletAccount[] {
    return this.#authorized ? this.#accounts.map((a) => a.account) : []
  }

  readonly features: Features = {
    'standard:connect': { version: '1.0.0', connect: (input) => this.#connect(input) },
    'standard:disconnect': { version: '1.0.0', disconnect: () => this.#disconnect() },
    'standard:events': { version: '1.0.0', on: (event, listener) => this.#on(event, listener) },
    'solana:signMessage': { version: '1.1.0', signMessage: (...inputs) => this.#each(inputs, (input) => this.#signMessage(input)) },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: (...inputs) => this.#each(inputs, (input) => this.#signTransaction(input)),
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: (...inputs) => this.#each(inputs, (input) => this.#signAndSend(input)),
    },
  }

  /** Controls for tests and the demo's wallet panel (not part of the Wallet Standard). */
  readonly dev = {
    /** Every account's address, authorised or not (the first is the active one). */
    addresses: (): string[] => this.#accounts.map((a) => a.account.address),
    /** Adds an account (a new random key, or the given seed) and reports it to the dapp. */
    addAccount: async (seed?: Uint8Array): Promise<string> => {
      const account = await createDevAccount(seed, this.chains)
      this.#accounts = [...this.#accounts, account]
      if (this.#authorized) this.#emit({ accounts: this.accounts })
      return account.account.address
    },
    /** Makes another account the active (first) one, as a wallet's account switcher does. */
    selectAccount: (address: string): void => {
      const chosen = this.#accounts.find((a) => a.account.address === address)
      if (!chosen) throw new Error(`No dev account ${address}`)
      this.#accounts = [chosen, ...this.#accounts.filter((a) => a !== chosen)]
      if (this.#authorized) this.#emit({ accounts: this.accounts })
    },
    /** The visitor revokes the dapp from inside the wallet. */
    revoke: (): void => {
      this.#authorized = false
      this.#emit({ accounts: [] })
    },
    setApprove: (approve: NonNullable<SolanaDevWalletOptions['approve']>): void => {
      this.#approve = approve
    },
    isAuthorized: (): boolean => this.#authorized,
  }

  async #connect(input?: StandardConnectInput) {
    // Silent: answer with what is already authorised and never prompt.
    if (!this.#authorized && !input?.silent) {
      if (!(await this.#approve({ method: 'connect' }))) throw new UserRejectedError()
      this.#authorized = true
      this.#emit({ accounts: this.accounts })
    }
    return { accounts: this.accounts }
  }

  async #disconnect() {
    if (!this.#authorized) return
    this.#authorized = false
    this.#emit({ accounts: [] })
  }

  #on<E extends keyof StandardEventsListeners>(event: E, listener: StandardEventsListeners[E]) {
    if (event !== 'change') return () => {}
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  #emit(properties: Parameters<StandardEventsListeners['change']>[0]) {
    for (const listener of [...this.#listeners]) listener(properties)
  }

  /** Runs a multi-input feature one input at a time, in order, as wallets do. */
  async #each<I, O>(inputs: readonly I[], run: (input: I) => Promise<O>): Promise<readonly O[]> {
    const outputs: O[] = []
    for (const input of inputs) outputs.push(await run(input))
    return outputs
  }

  #authorizedAccount(account: WalletAccount): DevAccount {
    const found = this.#authorized ? this.#accounts.find((a) => a.account.address === account.address) : undefined
    if (!found) throw Object.assign(new Error('The requested account has not been authorized by the user.'), { code: 4100 })
    return found
  }

  async #signMessage({ account, message }: SolanaSignMessageInput) {
    const { keyPair } = this.#authorizedAccount(account)
    if (!(await this.#approve({ method: 'signMessage', account: account.address, message }))) throw new UserRejectedError()
    const signature = await signBytes(keyPair.privateKey, message)
    return { signedMessage: message, signature: new Uint8Array(signature), signatureType: 'ed25519' as const }
  }

  async #sign(account: WalletAccount, transactionBytes: Uint8Array) {
    const { keyPair } = this.#authorizedAccount(account)
    const transaction = getTransactionDecoder().decode(transactionBytes)
    if (!(account.address in transaction.signatures)) throw new Error(`The transaction needs no signature from ${account.address}`)
    return partiallySignTransaction([keyPair], transaction)
  }

  async #signTransaction({ account, transaction, chain }: SolanaSignTransactionInput) {
    this.#checkChain(chain)
    if (!(await this.#approve({ method: 'signTransaction', account: account.address, chain }))) throw new UserRejectedError()
    const signed = await this.#sign(account, transaction)
    return { signedTransaction: new Uint8Array(getTransactionEncoder().encode(signed)) }
  }

  async #signAndSend({ account, transaction, chain, options }: SolanaSignAndSendTransactionInput) {
    this.#checkChain(chain)
    const url = typeof this.#rpcUrl === 'string' ? this.#rpcUrl : this.#rpcUrl[chain as SolanaChain]
    if (!url) throw new Error(`The dev wallet has no RPC URL for ${chain}`)
    if (!(await this.#approve({ method: 'signAndSendTransaction', account: account.address, chain }))) throw new UserRejectedError()
    const signed = await this.#sign(account, transaction)
    const signature = await createSolanaRpc(url)
      .sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        skipPreflight: options?.skipPreflight ?? false,
        preflightCommitment: options?.preflightCommitment ?? 'confirmed',
      })
      .send()
    return { signature: new Uint8Array(getBase58Encoder().encode(signature)) }
  }

  #checkChain(chain: IdentifierString | undefined) {
    if (chain !== undefined && !this.chains.includes(chain as SolanaChain)) throw new Error(`The dev wallet does not support ${chain}`)
  }
}

async function createDevAccount(seed: Uint8Array | undefined, chains: readonly SolanaChain[]): Promise<DevAccount> {
  const keyPair = seed ? await createKeyPairFromPrivateKeyBytes(seed) : await generateKeyPair()
  const address: Address = await getAddressFromPublicKey(keyPair.publicKey)
  const account: WalletAccount = Object.freeze({
    address,
    publicKey: new Uint8Array(getAddressEncoder().encode(address)),
    chains: [...chains],
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const,
    label: 'Dev account',
  })
  return { account, keyPair }
}

/**
 * Creates the dev wallet (not yet registered; see `installSolanaDevWallet`).
 *
 * @example
 * const wallet = await createSolanaDevWallet({ rpcUrl: rpc.url })
 */
export async function createSolanaDevWallet(options: SolanaDevWalletOptions): Promise<SolanaDevWallet> {
  const chains = options.chains ?? (typeof options.rpcUrl === 'string' ? (['solana:localnet', 'solana:devnet'] as const) : (Object.keys(options.rpcUrl) as SolanaChain[]))
  const seeds = options.seeds?.length ? options.seeds : [undefined]
  const accounts = await Promise.all(seeds.map((seed) => createDevAccount(seed, chains)))
  return new SolanaDevWallet(accounts, options, chains)
}
