// Sending SOL: a System Program transfer built with @solana/kit, signed and sent by the
// wallet (`solana:signAndSendTransaction`), or signed by it (`solana:signTransaction`)
// and sent through the network's RPC. Loaded on first use.
import { WalletSendTransactionError } from '@solana/wallet-adapter-base'
import type { SolanaSignAndSendTransactionFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import {
  AccountRole,
  address as toAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  isAddress,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
} from '@solana/kit'

import { Time } from '../../config/constants'
import { PorticoError, ValidationError, WalletError } from '../../errors'
import { INVALID_RECEIVER_MESSAGE } from '../../validation/send'
import type { SendParameters } from '../types'
import { walletChainOf } from './chains'
import { toSolanaWalletError } from './errors'
import { rpcUrlOf } from './rpcUrl'
import type { SolanaRuntime } from './runtime'
import { accountFor, connection } from './walletStandard'

const SYSTEM_PROGRAM = toAddress('11111111111111111111111111111111')
/** System Program instruction index of `Transfer`. */
const TRANSFER = 2
const U64_MAX = 2n ** 64n - 1n

/**
 * The System Program `Transfer` instruction: u32 index 2, then u64 lamports, both
 * little-endian; the source signs, both accounts are written.
 */
export function transferSolInstruction(source: Address, destination: Address, lamports: bigint): Instruction {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, TRANSFER, true)
  view.setBigUint64(4, lamports, true)
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: source, role: AccountRole.WRITABLE_SIGNER },
      { address: destination, role: AccountRole.WRITABLE },
    ],
    data,
  }
}

function lamportsOf(amount: string): bigint {
  const lamports = /^[0-9]+$/.test(amount) ? BigInt(amount) : 0n
  if (lamports <= 0n || lamports > U64_MAX) {
    throw new ValidationError('Invalid amount', [{ path: 'amount', message: 'A positive whole number of lamports is required' }])
  }
  return lamports
}

/**
 * Sends `amount` lamports from the connected account to `to` and returns the transaction
 * signature (base58) once the cluster accepted it.
 */
export async function sendSol(runtime: SolanaRuntime, parameters: SendParameters & { connectorId: string }): Promise<string> {
  const { connectorId, network, from, to, amount, token } = parameters
  if (token !== undefined) {
    throw new PorticoError('Token transfers are not supported on Solana yet', { code: 'solana/token-send-unsupported', metaMessages: [`Token: ${token}`] })
  }
  if (!isAddress(to)) throw new ValidationError(INVALID_RECEIVER_MESSAGE, [{ path: 'receiverAddress', message: INVALID_RECEIVER_MESSAGE }])
  const lamports = lamportsOf(amount)
  const live = connection(runtime, connectorId)
  const account = accountFor(live, from)
  const features = live.wallet.features as Partial<SolanaSignAndSendTransactionFeature & SolanaSignTransactionFeature>
  const signAndSend = features['solana:signAndSendTransaction']
  const signOnly = features['solana:signTransaction']
  if (!signAndSend && !signOnly) {
    throw new WalletError(`${live.wallet.name} cannot sign Solana transactions`, { cause: new WalletSendTransactionError('no signing feature') })
  }
  const chain = walletChainOf(network)
  const useSignAndSend = Boolean(signAndSend) && (live.wallet.chains.includes(chain) || !signOnly)
  const versions = (useSignAndSend ? signAndSend : signOnly)?.supportedTransactionVersions ?? ['legacy']
  const rpc = createSolanaRpc(rpcUrlOf(network))

  try {
    const { value: lifetime } = await rpc
      .getLatestBlockhash({ commitment: 'confirmed' })
      .send({ abortSignal: AbortSignal.timeout(Time.rpcTimeoutMs) })
    const payer = toAddress(account.address)
    const message = pipe(
      createTransactionMessage({ version: versions.includes(0) ? 0 : 'legacy' }),
      (m) => setTransactionMessageFeePayer(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstruction(transferSolInstruction(payer, toAddress(to), lamports), m),
    )
    const transaction = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))

    if (useSignAndSend && signAndSend) {
      const [output] = await signAndSend.signAndSendTransaction({ account, chain, transaction, options: { preflightCommitment: 'confirmed' } })
      if (!output) throw new WalletSendTransactionError('The wallet returned no signature')
      return getBase58Decoder().decode(output.signature)
    }
    const [signed] = await signOnly!.signTransaction({ account, chain, transaction })
    if (!signed) throw new WalletSendTransactionError('The wallet returned no transaction')
    const wire = getBase64EncodedWireTransaction(getTransactionDecoder().decode(signed.signedTransaction))
    return await rpc
      .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
      .send({ abortSignal: AbortSignal.timeout(Time.rpcTimeoutMs) })
  } catch (error) {
    throw toSolanaWalletError(WalletSendTransactionError, error, 'The transaction was not sent')
  }
}
