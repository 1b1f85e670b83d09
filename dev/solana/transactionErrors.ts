// LiteSVM reports transaction errors as native objects with numeric enums; the JSON-RPC
// wire format uses the Rust enum names (`"InsufficientFundsForFee"`,
// `{"InstructionError":[0,{"Custom":1}]}`). These tables give each number its name, in
// the order of litesvm's `TransactionErrorFieldless` and `InstructionErrorFieldless`.
import type { FailedTransactionMetadata } from 'litesvm'

const TransactionErrorNames = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

const InstructionErrorNames = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

/** A transaction error as the Solana JSON-RPC API serialises it. */
export type TransactionErrorJson = string | Record<string, unknown>

function instructionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return InstructionErrorNames[error] ?? 'GenericError'
  if (error && typeof error === 'object' && 'code' in error) return { Custom: (error as { code: number }).code }
  if (error && typeof error === 'object' && 'msg' in error) return { BorshIoError: (error as { msg: string }).msg }
  return 'GenericError'
}

/** Converts litesvm's error object into the wire JSON (`err` of a signature status). */
export function transactionErrorJson(failed: FailedTransactionMetadata): TransactionErrorJson {
  const error: unknown = failed.err()
  if (typeof error === 'number') return TransactionErrorNames[error] ?? 'SanitizeFailure'
  const record = error as { index?: number; accountIndex?: number; err?: () => unknown }
  if (typeof record.err === 'function') return { InstructionError: [record.index, instructionErrorJson(record.err())] }
  if (typeof record.accountIndex === 'number') return { InsufficientFundsForRent: { account_index: record.accountIndex } }
  if (typeof record.index === 'number') return { DuplicateInstruction: record.index }
  return 'ProgramExecutionTemporarilyRestricted'
}

/** The sentence a validator puts after "Transaction simulation failed: ". */
export function describeTransactionError(error: TransactionErrorJson): string {
  if (typeof error === 'string') return error.replace(/([a-z])([A-Z])/g, '$1 $2')
  const instruction = (error as { InstructionError?: [number, unknown] }).InstructionError
  if (instruction) {
    const [index, inner] = instruction
    const detail = inner && typeof inner === 'object' && 'Custom' in inner ? `custom program error: 0x${(inner as { Custom: number }).Custom.toString(16)}` : String(inner)
    return `Error processing Instruction ${index}: ${detail}`
  }
  return JSON.stringify(error)
}
