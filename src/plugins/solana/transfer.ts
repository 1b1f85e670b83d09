// Sending SOL and SPL tokens: a System Program transfer built with @solana/kit, or, for
// a token, the receiver's associated token account created if missing (idempotent) and a
// Token program `TransferChecked`, built with @solana-program/token. Signed and sent by
// the wallet (`solana:signAndSendTransaction`), or signed by it
// (`solana:signTransaction`) and sent through the network's RPC. Loaded on first use.
import { WalletSendTransactionError } from '@solana/wallet-adapter-base'
import type { SolanaSignAndSendTransactionFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getMintDecoder, getMintSize, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  AccountRole,
  address as toAddress,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  isAddress,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'

import { Time } from '../../config/constants'
import { ValidationError, WalletError } from '../../errors'
import { INVALID_RECEIVER_MESSAGE } from '../../validation/send'
import type { SendParameters } from '../types'
import { walletChainOf } from '../../shared/solanaChains'
import { toSolanaWalletError } from './errors'
import { solanaRpcFor } from './rpcUrl'
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

/** The Token-2022 program: its mints take the same `TransferChecked` and associated accounts. */
const TOKEN_2022_PROGRAM = toAddress('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')

function baseUnitsOf(amount: string, unit: string): bigint {
  const value = /^[0-9]+$/.test(amount) ? BigInt(amount) : 0n
  if (value <= 0n || value > U64_MAX) {
    throw new ValidationError('Invalid amount', [{ path: 'amount', message: `A positive whole number of ${unit} is required` }])
  }
  return value
}

type TokenSend = { rpc: Rpc<SolanaRpcApi>; owner: Address; to: Address; mint: Address; amount: bigint }

/**
 * The instructions of an SPL transfer: create the receiver's associated token account
 * when it is missing (idempotent: a no-op when it exists; the sender pays its rent), then
 * `TransferChecked` from the sender's associated account with the mint's decimals, which
 * the program checks. The mint's decimals and program come from the chain, and the
 * sender's holding is checked first, so a shortfall is refused before the wallet is asked.
 */
async function tokenTransferInstructions({ rpc, owner, to, mint, amount }: TokenSend): Promise<Instruction[]> {
  const send = { abortSignal: AbortSignal.timeout(Time.rpcTimeoutMs) }
  const { value: mintAccount } = await rpc.getAccountInfo(mint, { encoding: 'base64', commitment: 'confirmed' }).send(send)
  const tokenProgram = mintAccount?.owner
  const data = mintAccount ? getBase64Encoder().encode(mintAccount.data[0]) : new Uint8Array()
  // A Token-2022 mint starts with the same 82 bytes, its extensions follow.
  if ((tokenProgram !== TOKEN_PROGRAM_ADDRESS && tokenProgram !== TOKEN_2022_PROGRAM) || data.length < getMintSize()) {
    throw new ValidationError('Unknown token', [{ path: 'token', message: `${mint} is not an SPL token mint on this network` }])
  }
  const { decimals } = getMintDecoder().decode(data)
  const [[source], [destination]] = await Promise.all([findAssociatedTokenPda({ owner, mint, tokenProgram }), findAssociatedTokenPda({ owner: to, mint, tokenProgram })])
  const held = await rpc
    .getTokenAccountBalance(source, { commitment: 'confirmed' })
    .send(send)
    .then(({ value }) => BigInt(value.amount))
    .catch(() => 0n) // no token account: nothing held
  if (held < amount) {
    throw new ValidationError('Insufficient token balance', [{ path: 'amount', message: `The account holds ${held} base units of ${mint}; ${amount} were asked` }])
  }
  // The wallet signs; a no-op signer only marks the owner as the paying and authorising signer.
  const payer = createNoopSigner(owner)
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: to, mint, tokenProgram }),
    getTransferCheckedInstruction({ source, mint, destination, authority: payer, amount, decimals }, { programAddress: tokenProgram }),
  ]
}

/**
 * Sends `amount` from the connected account to `to` and returns the transaction signature
 * (base58) once the cluster accepted it: lamports of SOL, or, with `token` (a mint
 * address), base units of that SPL token.
 */
export async function sendTransfer(runtime: SolanaRuntime, parameters: SendParameters & { connectorId: string }): Promise<string> {
  const { connectorId, network, from, to, amount, token } = parameters
  if (!isAddress(to)) throw new ValidationError({ key: 'invalidReceiverAddress' }, [{ path: 'receiverAddress', message: INVALID_RECEIVER_MESSAGE }])
  if (token !== undefined && !isAddress(token)) throw new ValidationError('Unknown token', [{ path: 'token', message: `${token} is not a Solana mint address` }])
  const value = baseUnitsOf(amount, token === undefined ? 'lamports' : 'base units')
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
  const rpc = solanaRpcFor(network)

  try {
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send({ abortSignal: AbortSignal.timeout(Time.rpcTimeoutMs) })
    const payer = toAddress(account.address)
    const instructions =
      token === undefined ? [transferSolInstruction(payer, toAddress(to), value)] : await tokenTransferInstructions({ rpc, owner: payer, to: toAddress(to), mint: toAddress(token), amount: value })
    const message = pipe(
      createTransactionMessage({ version: versions.includes(0) ? 0 : 'legacy' }),
      (m) => setTransactionMessageFeePayer(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
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
    return await rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send({ abortSignal: AbortSignal.timeout(Time.rpcTimeoutMs) })
  } catch (error) {
    throw toSolanaWalletError(WalletSendTransactionError, error, 'The transaction was not sent')
  }
}
