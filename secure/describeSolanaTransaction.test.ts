// The approval prompt of Solana transactions, on messages built as the modal builds them
// (@solana/kit, @solana-program/token) and compiled to their wire bytes.
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, getTransferInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Blockhash,
  type Instruction,
} from '@solana/kit'

import { transferSolInstruction } from '../src/plugins/solana/transfer'
import { describeSolanaMessage, formatBaseUnits } from './describeSolanaTransaction'

const mint = address('HBuBHP1TbEuEQcFf4rrtQTUgs6qFt7QbAK8KVputePGp')
const blockhash = { blockhash: 'GLZ6P1bEWsVCMkSNYowqMDWo1mPyC7keu9TndMGmj7qK' as Blockhash, lastValidBlockHeight: 150n }

function messageOf(payer: Address, instructions: Instruction[]): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return new Uint8Array(compileTransaction(message).messageBytes)
}

async function tokenSend(from: Address, to: Address, amount: bigint, createAccount: boolean) {
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner: from, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    findAssociatedTokenPda({ owner: to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
  ])
  const payer = createNoopSigner(from)
  const transfer = getTransferCheckedInstruction({ source, mint, destination, authority: payer, amount, decimals: 6 })
  return { destination, instructions: createAccount ? [getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: to, mint }), transfer] : [transfer] }
}

const noLookup = async () => undefined

describe('describeSolanaMessage', () => {
  it("names an SPL send's token, exact amount and receiver, and the token account it creates for the receiver", async () => {
    const from = (await generateKeyPairSigner()).address
    const to = (await generateKeyPairSigner()).address
    const { instructions } = await tokenSend(from, to, 1_250_000n, true)
    await expect(describeSolanaMessage(messageOf(from, instructions), noLookup)).resolves.toEqual([
      {
        heading: 'Instruction 1: Create token account',
        fields: [
          { label: 'For', value: to },
          { label: 'Token (mint)', value: mint },
          { label: 'Paid by', value: `${from} (its rent, about 0.002 SOL; nothing when the account exists)` },
        ],
      },
      {
        heading: 'Instruction 2: Send SPL token',
        fields: [
          { label: 'Token (mint)', value: mint },
          { label: 'Amount', value: '1.25 (1250000 base units, 6 decimals)' },
          { label: 'Receiver', value: to },
        ],
      },
    ])
  })

  it('asks the chain for the receiver when the transaction does not create its account, and says so when it cannot tell', async () => {
    const from = (await generateKeyPairSigner()).address
    const to = (await generateKeyPairSigner()).address
    const { destination, instructions } = await tokenSend(from, to, 7n, false)
    const message = messageOf(from, instructions)
    const asked: string[] = []
    const sections = await describeSolanaMessage(message, async (account) => (asked.push(account), to))
    expect(asked).toEqual([destination])
    expect(sections?.[0]?.fields).toContainEqual({ label: 'Receiver', value: to })
    expect(sections?.[0]?.fields).toContainEqual({ label: 'Amount', value: '0.000007 (7 base units, 6 decimals)' })
    const unknown = await describeSolanaMessage(message, async () => {
      throw new Error('RPC down')
    })
    expect(unknown?.[0]?.fields).toContainEqual({ label: 'Receiver', value: `token account ${destination} (owner unknown)` })
  })

  it('shows SOL transfers, unchecked token transfers and other programs', async () => {
    const from = (await generateKeyPairSigner()).address
    const to = (await generateKeyPairSigner()).address
    const other = address('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo')
    const unchecked = getTransferInstruction({ source: from, destination: to, authority: createNoopSigner(from), amount: 5n })
    const sections = await describeSolanaMessage(messageOf(from, [transferSolInstruction(from, to, 1_500_000_000n), unchecked, { programAddress: other, data: new Uint8Array(3) }]), noLookup)
    expect(sections).toEqual([
      {
        heading: 'Instruction 1: Send SOL',
        fields: [
          { label: 'Amount', value: '1.5 SOL' },
          { label: 'Receiver', value: to },
        ],
      },
      {
        heading: 'Instruction 2: Send SPL token (decimals not stated)',
        fields: [
          { label: 'Amount', value: '5 base units' },
          { label: 'From token account', value: from },
          { label: 'Receiver', value: `token account ${to} (owner unknown)` },
        ],
      },
      {
        heading: 'Instruction 3: Program call (not decoded)',
        fields: [
          { label: 'Program', value: other },
          { label: 'Data', value: '3 bytes' },
        ],
      },
    ])
  })

  it('is undefined for bytes that are not a message', async () => {
    await expect(describeSolanaMessage(new Uint8Array([0xff, 1, 2]), noLookup)).resolves.toBeUndefined()
  })

  it.each([
    [1_500_000n, 6, '1.5'],
    [1n, 9, '0.000000001'],
    [42n, 0, '42'],
    [10_000_000n, 6, '10'],
  ])('formatBaseUnits(%p, %p) is %p', (amount, decimals, text) => expect(formatBaseUnits(amount, decimals)).toBe(text))
})
