/**
 * What a Solana transaction does, for the approval prompt: each instruction of the
 * message decoded into labelled fields when it is one a wallet's sends use (a SOL
 * transfer, an SPL token `TransferChecked` or `Transfer`, the creation of an associated
 * token account), otherwise its program and size. The message is read with @solana/kit's
 * decoder and the token instruction data with @solana-program/token's codecs.
 */
import { getTransferCheckedInstructionDataDecoder, getTransferInstructionDataDecoder, TRANSFER_CHECKED_DISCRIMINATOR, TRANSFER_DISCRIMINATOR } from '@solana-program/token'
import { getCompiledTransactionMessageDecoder } from '@solana/kit'
import type { ApprovalSection } from './describeRequest'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'])
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** System Program instruction index of `Transfer`. */
const SYSTEM_TRANSFER = 2

/** Who owns a token account, read from the chain; undefined when it cannot be told. */
export type TokenAccountOwnerLookup = (tokenAccount: string) => Promise<string | undefined>

/** 1500000 with 6 decimals → '1.5'. */
export function formatBaseUnits(amount: bigint, decimals: number): string {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

type Decoded = { program: string; accounts: (string | undefined)[]; data: Uint8Array }

/**
 * The sections of a transaction's message bytes, one per instruction ('Instruction 2:
 * Send SPL token'), or undefined when the bytes are not a message. A receiver of tokens is
 * named by its owner: from the create-account instruction of the same transaction, else
 * through `ownerOf`, else as the token account itself.
 *
 * @example
 * await describeSolanaMessage(message, ownerOf)
 * // [{ heading: 'Instruction 1: Send SPL token', fields: [{ label: 'Token (mint)', value: 'HBuB…' }, { label: 'Amount', value: '1.25' }, …] }]
 */
export async function describeSolanaMessage(message: Uint8Array, ownerOf: TokenAccountOwnerLookup): Promise<ApprovalSection[] | undefined> {
  let instructions: Decoded[]
  try {
    const compiled = getCompiledTransactionMessageDecoder().decode(message)
    // Accounts from address lookup tables are not in the message: they stay unnamed.
    const key = (index: number | undefined) => (index === undefined ? undefined : compiled.staticAccounts[index])
    // Version 1 messages (a newer layout) are not described: the prompt shows account, network and action only.
    if (!('instructions' in compiled)) return undefined
    instructions = compiled.instructions.map((instruction) => ({
      program: key(instruction.programAddressIndex) ?? '(unknown program)',
      accounts: (instruction.accountIndices ?? []).map(key),
      data: new Uint8Array(instruction.data ?? []),
    }))
  } catch {
    return undefined
  }
  // The owner each associated token account is created for, in this same transaction.
  const createdFor = new Map<string, string>()
  for (const { program, accounts } of instructions) {
    if (program === ASSOCIATED_TOKEN_PROGRAM && accounts[1] && accounts[2]) createdFor.set(accounts[1], accounts[2])
  }
  const receiver = async (tokenAccount: string | undefined): Promise<string> => {
    if (tokenAccount === undefined) return '(unknown)'
    const owner = createdFor.get(tokenAccount) ?? (await ownerOf(tokenAccount).catch(() => undefined))
    return owner ?? `token account ${tokenAccount} (owner unknown)`
  }
  return Promise.all(
    instructions.map(async ({ program, accounts, data }, index): Promise<ApprovalSection> => {
      const heading = (title: string) => `Instruction ${index + 1}: ${title}`
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      if (program === SYSTEM_PROGRAM && data.length === 12 && view.getUint32(0, true) === SYSTEM_TRANSFER) {
        return {
          heading: heading('Send SOL'),
          fields: [
            { label: 'Amount', value: `${formatBaseUnits(view.getBigUint64(4, true), 9)} SOL` },
            { label: 'Receiver', value: accounts[1] ?? '(unknown)' },
          ],
        }
      }
      if (TOKEN_PROGRAMS.has(program) && data[0] === TRANSFER_CHECKED_DISCRIMINATOR && data.length === 10) {
        const { amount, decimals } = getTransferCheckedInstructionDataDecoder().decode(data)
        return {
          heading: heading('Send SPL token'),
          fields: [
            { label: 'Token (mint)', value: accounts[1] ?? '(unknown)' },
            { label: 'Amount', value: `${formatBaseUnits(amount, decimals)} (${amount} base units, ${decimals} decimals)` },
            { label: 'Receiver', value: await receiver(accounts[2]) },
          ],
        }
      }
      if (TOKEN_PROGRAMS.has(program) && data[0] === TRANSFER_DISCRIMINATOR && data.length === 9) {
        const { amount } = getTransferInstructionDataDecoder().decode(data)
        return {
          heading: heading('Send SPL token (decimals not stated)'),
          fields: [
            { label: 'Amount', value: `${amount} base units` },
            { label: 'From token account', value: accounts[0] ?? '(unknown)' },
            { label: 'Receiver', value: await receiver(accounts[1]) },
          ],
        }
      }
      if (program === ASSOCIATED_TOKEN_PROGRAM && (data.length === 0 || data[0] === 0 || data[0] === 1)) {
        return {
          heading: heading('Create token account'),
          fields: [
            { label: 'For', value: accounts[2] ?? '(unknown)' },
            { label: 'Token (mint)', value: accounts[3] ?? '(unknown)' },
            { label: 'Paid by', value: `${accounts[0] ?? '(unknown)'} (its rent, about 0.002 SOL; nothing when the account exists)` },
          ],
        }
      }
      if (program === COMPUTE_BUDGET_PROGRAM) return { heading: heading('Compute budget'), fields: [{ label: 'Data', value: `${data.length} bytes` }] }
      return {
        heading: heading('Program call (not decoded)'),
        fields: [
          { label: 'Program', value: program },
          { label: 'Data', value: `${data.length} bytes` },
        ],
      }
    }),
  )
}
