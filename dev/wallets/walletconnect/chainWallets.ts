// The WalletConnect dev wallet's Solana and Bitcoin sides: WalletConnect's solana_* and
// bip122 methods answered by the injected dev wallets' own code (dev/wallets/solana,
// dev/wallets/bitcoin) over the same development keys (dev/wallets/devKeys.ts), so the
// demo's WalletConnect wallet and its browser wallets hold the same funded accounts.
// No Node APIs here: the page bundles it for the browser.
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder, getTransactionDecoder } from '@solana/kit'
import type { WalletAccount } from '@wallet-standard/base'
import { satsNetworkOf } from '../../../src/shared/satsNetworks'
import { walletChainOf } from '../../../src/shared/solanaChains'
import { BitcoinDevWallet, SatsConnectErrorCodes, WalletRpcError } from '../bitcoin/wallet'

export { WalletRpcError }
import { fromBase64, toHex } from '../bitcoin/bytes'
import { DEV_BITCOIN_ORDINALS_KEY_HEX, DEV_BITCOIN_PAYMENT_KEY_HEX, DEV_SOLANA_SEED_HEX, fromHex } from '../devKeys'
import { createSolanaDevWallet, type SolanaChain } from '../solana/wallet'

/** One namespace the wallet serves beside eip155: its chains, account, methods, events and answers. */
export type ChainWallet = {
  namespace: 'solana' | 'bip122'
  /** CAIP-2 chains it serves. */
  chains: readonly string[]
  /** The address its session accounts name (Bitcoin: the payment address, the account's "first external address"). */
  address: string
  methods: readonly string[]
  events: readonly string[]
  /** Answers a request the visitor already approved; `chainId` is the request's CAIP-2 chain. */
  answer(method: string, params: Record<string, unknown>, chainId: string): Promise<unknown>
}

export const SolanaWalletMethods = ['solana_getAccounts', 'solana_requestAccounts', 'solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const
export const BitcoinWalletMethods = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const

/** Regtest, the local Esplora stand-in's chain (dev/esplora). */
export const BITCOIN_REGTEST_CHAIN = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

const fromBase58 = (text: string) => new Uint8Array(getBase58Encoder().encode(text))
const toBase58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const stringParam = (params: Record<string, unknown>, name: string): string => {
  const value = params[name]
  if (typeof value !== 'string' || value.length === 0) throw new WalletRpcError(-32602, `Invalid params: ${name} is required`)
  return value
}
/** A code-carrying error of the wrapped dev wallet, as the dapp should see it. */
const rethrow = (error: unknown): never => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  throw new WalletRpcError(typeof code === 'number' ? code : -32603, typeof message === 'string' ? message : String(error))
}

/**
 * Solana over WalletConnect: `solana_signMessage { message: base58, pubkey }` →
 * `{ signature: base58 }`; `solana_signTransaction { transaction: base64 }` →
 * `{ signature, transaction }`; `solana_signAndSendTransaction { transaction, sendOptions }`
 * → `{ signature }`, sent through `rpcUrl` (the Solana stand-in).
 */
export async function createSolanaChainWallet(options: { rpcUrl: string; chains: readonly string[]; seed?: Uint8Array | undefined }): Promise<ChainWallet> {
  const standardChains = [...new Set(options.chains.map((chain) => walletChainOf({ id: chain.split(':')[1] ?? '' })))] as SolanaChain[]
  const wallet = await createSolanaDevWallet({ rpcUrl: options.rpcUrl, chains: standardChains, seeds: [options.seed ?? fromHex(DEV_SOLANA_SEED_HEX)] })
  // The WalletConnect session is the visitor's consent: the wrapped wallet is authorised once.
  const [account] = (await wallet.features['standard:connect'].connect()).accounts as [WalletAccount]
  const standardChainOf = (chainId: string) => walletChainOf({ id: chainId.split(':')[1] ?? '' })
  const checkSigner = (pubkey: string | undefined) => {
    if (pubkey !== undefined && pubkey !== account.address) throw new WalletRpcError(4100, `${pubkey} is not an account of this wallet`)
  }
  return {
    namespace: 'solana',
    chains: [...options.chains],
    address: account.address,
    methods: SolanaWalletMethods,
    events: [],
    async answer(method, params, chainId) {
      try {
        switch (method) {
          case 'solana_getAccounts':
          case 'solana_requestAccounts':
            return [{ pubkey: account.address }]
          case 'solana_signMessage': {
            checkSigner(stringParam(params, 'pubkey'))
            const [output] = await wallet.features['solana:signMessage'].signMessage({ account, message: fromBase58(stringParam(params, 'message')) })
            return { signature: toBase58(output!.signature) }
          }
          case 'solana_signTransaction': {
            const transaction = new Uint8Array(getBase64Encoder().encode(stringParam(params, 'transaction')))
            const [output] = await wallet.features['solana:signTransaction'].signTransaction({ account, transaction, chain: standardChainOf(chainId) })
            const signed = output!.signedTransaction
            const signature = getTransactionDecoder().decode(signed).signatures[account.address as never]
            return { signature: signature ? toBase58(signature) : '', transaction: getBase64Decoder().decode(signed) }
          }
          case 'solana_signAndSendTransaction': {
            const transaction = new Uint8Array(getBase64Encoder().encode(stringParam(params, 'transaction')))
            const options = (params.sendOptions ?? undefined) as { skipPreflight?: boolean; preflightCommitment?: 'processed' | 'confirmed' | 'finalized' } | undefined
            const [output] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({ account, transaction, chain: standardChainOf(chainId), options })
            return { signature: toBase58(output!.signature) }
          }
          default:
            throw new WalletRpcError(4200, `The dev wallet does not support ${method}.`)
        }
      } catch (error) {
        if (error instanceof WalletRpcError) throw error
        return rethrow(error)
      }
    },
  }
}

/**
 * Bitcoin over WalletConnect (its bip122 methods, `account` being the payment address):
 * `getAccountAddresses` → `[{ address, publicKey, intention }]`; `signMessage` → a hex
 * signature (ECDSA by default, BIP-322 when asked); `signPsbt { psbt, signInputs:
 * [{ address, index }], broadcast }` → `{ psbt, txid? }`; `sendTransfer { recipientAddress,
 * amount }` → `{ txid }`. Broadcasts go to `esploraUrl` (the Esplora stand-in).
 */
export function createBitcoinChainWallet(options: { esploraUrl: string; chains?: readonly string[] | undefined }): Promise<ChainWallet> {
  const chains = [...(options.chains ?? [BITCOIN_REGTEST_CHAIN])]
  const network = satsNetworkOf(chains[0] ?? '') ?? 'Regtest'
  const wallet = new BitcoinDevWallet({
    esploraUrl: options.esploraUrl,
    network,
    paymentKey: fromHex(DEV_BITCOIN_PAYMENT_KEY_HEX),
    ordinalsKey: fromHex(DEV_BITCOIN_ORDINALS_KEY_HEX),
  })
  const { payment } = wallet.dev.addresses()
  /** The wrapped wallet's answer, or its error with sats-connect's rejection as the 4001 a WalletConnect dapp expects. */
  const call = async <T>(method: string, params: unknown): Promise<T> => {
    const response = await wallet.request(method, params)
    if ('error' in response) {
      throw new WalletRpcError(response.error.code === SatsConnectErrorCodes.USER_REJECTION ? 4001 : response.error.code, response.error.message)
    }
    return response.result as T
  }
  const checkAccount = (params: Record<string, unknown>) => {
    if (stringParam(params, 'account') !== payment) throw new WalletRpcError(4100, `${String(params.account)} is not the account of this wallet`)
  }
  return (async () => {
    // The WalletConnect session is the visitor's consent: the wrapped wallet is authorised once.
    await call('getAccounts', { purposes: ['payment', 'ordinals'] })
    return {
      namespace: 'bip122' as const,
      chains,
      address: payment,
      methods: BitcoinWalletMethods,
      events: ['bip122_addressesChanged'],
      async answer(method: string, params: Record<string, unknown>) {
        checkAccount(params)
        switch (method) {
          case 'getAccountAddresses': {
            const intentions = Array.isArray(params.intentions) ? (params.intentions as string[]) : ['payment', 'ordinal']
            const purposes = intentions.map((intention) => (intention === 'ordinal' ? 'ordinals' : intention))
            const { addresses } = await call<{ addresses: { address: string; publicKey: string; purpose: string }[] }>('getAddresses', { purposes })
            return addresses.map((a) => ({ address: a.address, publicKey: a.publicKey, intention: a.purpose === 'ordinals' ? 'ordinal' : 'payment' }))
          }
          case 'signMessage': {
            const protocol = params.protocol === 'bip322' ? 'BIP322' : 'ECDSA'
            const address = typeof params.address === 'string' ? params.address : payment
            const result = await call<{ signature: string; messageHash: string; address: string }>('signMessage', { address, message: stringParam(params, 'message'), protocol })
            return { address: result.address, signature: toHex(fromBase64(result.signature)), messageHash: result.messageHash }
          }
          case 'signPsbt': {
            const signInputs: Record<string, number[]> = {}
            for (const input of Array.isArray(params.signInputs) ? (params.signInputs as { address?: unknown; index?: unknown }[]) : []) {
              if (typeof input.address !== 'string' || !Number.isSafeInteger(input.index)) throw new WalletRpcError(-32602, 'Invalid params: signInputs')
              ;(signInputs[input.address] ??= []).push(input.index as number)
            }
            return call('signPsbt', { psbt: stringParam(params, 'psbt'), signInputs, broadcast: params.broadcast === true })
          }
          case 'sendTransfer': {
            const amount = Number(stringParam(params, 'amount'))
            return call('sendTransfer', { recipients: [{ address: stringParam(params, 'recipientAddress'), amount }] })
          }
          default:
            throw new WalletRpcError(4200, `The dev wallet does not support ${method}.`)
        }
      },
    }
  })()
}
