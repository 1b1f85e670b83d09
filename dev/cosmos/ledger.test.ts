import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { msgSend, serializeSignDoc, type StdSignDoc, type StdTx } from '../../examples/cosmos-plugin/src/amino'
import { pubkeyToAddress, toBase64 } from '../../examples/cosmos-plugin/src/pubkey'
import { CosmosLedger, CosmosTxError, SdkCodes } from './ledger'

const key = sha256(new TextEncoder().encode('ledger test key'))
const pubkey = secp256k1.getPublicKey(key, true)
const sender = pubkeyToAddress(pubkey)
const receiver = pubkeyToAddress(secp256k1.getPublicKey(sha256(new TextEncoder().encode('receiver')), true))
const fee = { amount: [{ denom: 'uatom', amount: '2000' }], gas: '200000' }

function signed(doc: StdSignDoc, signWith = key): StdTx {
  const signature = secp256k1.sign(sha256(serializeSignDoc(doc)), signWith, { lowS: true }).toCompactRawBytes()
  return {
    msg: doc.msgs,
    fee: doc.fee,
    memo: doc.memo,
    signatures: [{ pub_key: { type: 'tendermint/PubKeySecp256k1', value: toBase64(secp256k1.getPublicKey(signWith, true)) }, signature: toBase64(signature) }],
  }
}

function transfer(ledger: CosmosLedger, amount: string, overrides: Partial<StdSignDoc> = {}): StdSignDoc {
  const account = ledger.accountOf(sender)!
  return {
    chain_id: ledger.chainId,
    account_number: account.accountNumber.toString(),
    sequence: account.sequence.toString(),
    fee,
    msgs: [msgSend(sender, receiver, [{ denom: 'uatom', amount }])],
    memo: '',
    ...overrides,
  }
}

const deliver = (ledger: CosmosLedger, tx: StdTx) => ledger.deliver(tx, new TextEncoder().encode(JSON.stringify(tx)))

function refusal(run: () => unknown): { code: number; message: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof CosmosTxError) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('the ledger accepted the transaction')
}

describe('CosmosLedger', () => {
  let ledger: CosmosLedger
  beforeEach(() => {
    ledger = new CosmosLedger('cosmoshub-local', 'uatom')
    ledger.fund(sender, 1_000_000n)
  })

  it('moves amount to the receiver and takes amount plus fee from the sender, once per sequence', () => {
    const tx = signed(transfer(ledger, '250000'))
    expect(deliver(ledger, tx)).toMatch(/^[0-9A-F]{64}$/)
    expect(ledger.balanceOf(sender)).toBe(1_000_000n - 250_000n - 2_000n)
    expect(ledger.balanceOf(receiver)).toBe(250_000n)
    expect(ledger.accountOf(sender)?.sequence).toBe(1n)
    // The same signed transaction again: its sequence is spent.
    expect(refusal(() => deliver(ledger, tx)).code).toBe(SdkCodes.unauthorized)
    expect(ledger.balanceOf(receiver)).toBe(250_000n)
  })

  it('refuses a transaction changed after signing', () => {
    const tx = signed(transfer(ledger, '1000'))
    const changed = { ...tx, msg: [msgSend(sender, receiver, [{ denom: 'uatom', amount: '900000' }])] }
    expect(refusal(() => deliver(ledger, changed))).toEqual({ code: SdkCodes.unauthorized, message: expect.stringContaining('signature verification failed') })
    expect(ledger.balanceOf(sender)).toBe(1_000_000n)
  })

  it('refuses a signature for another chain or by another key', () => {
    expect(refusal(() => deliver(ledger, signed(transfer(ledger, '1000', { chain_id: 'cosmoshub-4' })))).code).toBe(SdkCodes.unauthorized)
    const other = sha256(new TextEncoder().encode('someone else'))
    expect(refusal(() => deliver(ledger, signed(transfer(ledger, '1000'), other))).message).toBe(`pubkey does not match signer address ${sender}`)
  })

  it('refuses to spend more than the balance, the fee included', () => {
    expect(refusal(() => deliver(ledger, signed(transfer(ledger, '999000'))))).toEqual({
      code: SdkCodes.insufficientFunds,
      message: 'spendable balance 1000000uatom is smaller than 1001000uatom: insufficient funds',
    })
  })

  it('refuses another denomination and malformed amounts', () => {
    const doc = transfer(ledger, '1000')
    expect(refusal(() => deliver(ledger, signed({ ...doc, msgs: [msgSend(sender, receiver, [{ denom: 'uosmo', amount: '1' }])] }))).code).toBe(SdkCodes.invalidCoins)
    expect(refusal(() => deliver(ledger, signed({ ...doc, msgs: [msgSend(sender, receiver, [{ denom: 'uatom', amount: '-5' }])] }))).code).toBe(SdkCodes.invalidCoins)
    expect(refusal(() => deliver(ledger, signed({ ...doc, msgs: [msgSend(sender, 'cosmos1nope', [{ denom: 'uatom', amount: '1' }])] }))).code).toBe(SdkCodes.unknownAddress)
  })
})
