// The embedded wallet's refusal of a transaction its smart account cannot pay the network
// fee of (ERC-4337's AA21, "didn't pay prefund"; the secure page answers it with the code
// 'AA21'), as the frame provider rejects an RPC request with it (provider.ts). A viem error on purpose:
// viem passes a provider's own `BaseError` with a code it does not map through unchanged,
// so a dapp's viem or wagmi `writeContract`, `sendTransaction` and `sendCalls` reject
// with the wallet's sentence as their shortMessage, where any other error becomes viem's
// "An unknown RPC error occurred.". Its code is the string 'AA21', so Portico's own error
// records keep that code and the sentence's key (src/errors/toRecord.ts). The provider
// loads it with import() when that refusal happens: neither the first load nor the
// frame's chunk carries viem for it.
import { BaseError } from 'viem'

export class NoFundsForFeeError extends BaseError {
  /** ERC-4337's EntryPoint code: the account cannot pay the operation's prefund. */
  readonly code = 'AA21'

  constructor(cause: Error & { shortMessage?: string }) {
    super(cause.shortMessage ?? cause.message, { cause, name: 'NoFundsForFeeError' })
  }
}
