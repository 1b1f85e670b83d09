// The state of the local Cosmos stand-in: accounts (number, sequence, key once known) and
// bank balances of one denomination, and the check a node runs on a signed Amino JSON
// transfer before it moves coins. Enough of a Cosmos SDK node for one plugin's transfers.
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex } from '@noble/hashes/utils'
import { serializeSignDoc, type StdTx } from '../../examples/cosmos-plugin/src/amino'
import { fromBase64, pubkeyToAddress } from '../../examples/cosmos-plugin/src/pubkey'
import { isCosmosAddress } from '../../examples/cosmos-plugin/src/address'

/** A refusal with the SDK's code (codespace `sdk`) and its log line, as a node reports it. */
export class CosmosTxError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** The SDK codes the stand-in answers with. */
export const SdkCodes = { txDecode: 2, unauthorized: 4, insufficientFunds: 5, unknownAddress: 9, invalidCoins: 10, wrongSequence: 32, invalidChainId: 41 } as const

type Account = { accountNumber: bigint; sequence: bigint; balance: bigint }

export type Transfer = { hash: string; from: string; to: string; amount: bigint; fee: bigint }

export class CosmosLedger {
  readonly #accounts = new Map<string, Account>()
  readonly transfers: Transfer[] = []

  constructor(
    readonly chainId: string,
    readonly denom: string,
    readonly prefix = 'cosmos',
  ) {}

  #account(address: string): Account {
    let account = this.#accounts.get(address)
    if (!account) {
      // A new account gets the next number the first time it receives coins, as on chain.
      account = { accountNumber: BigInt(this.#accounts.size), sequence: 0n, balance: 0n }
      this.#accounts.set(address, account)
    }
    return account
  }

  /** Mints `amount` of the denom to `address` (a genesis or faucet grant). */
  fund(address: string, amount: bigint): void {
    if (!isCosmosAddress(address, this.prefix)) throw new Error(`not a ${this.prefix} address: ${address}`)
    this.#account(address).balance += amount
  }

  balanceOf(address: string): bigint {
    return this.#accounts.get(address)?.balance ?? 0n
  }

  accountOf(address: string): { accountNumber: bigint; sequence: bigint } | undefined {
    const account = this.#accounts.get(address)
    return account && { accountNumber: account.accountNumber, sequence: account.sequence }
  }

  /**
   * Checks a signed transfer the way the SDK's ante handler does (shape, chain, signer key,
   * signature over the Amino JSON sign document rebuilt from the node's own account number
   * and sequence, funds for amount plus fee), then moves the coins and bumps the sequence.
   * Returns the transaction hash (SHA-256 of the received bytes, upper-case hex).
   */
  deliver(tx: StdTx, rawBytes: Uint8Array): string {
    const [msg, ...more] = Array.isArray(tx?.msg) ? tx.msg : []
    const [signature, ...moreSignatures] = Array.isArray(tx?.signatures) ? tx.signatures : []
    if (!msg || more.length > 0 || msg.type !== 'cosmos-sdk/MsgSend') throw new CosmosTxError(SdkCodes.txDecode, 'tx parse error: one cosmos-sdk/MsgSend message expected')
    if (!signature || moreSignatures.length > 0) throw new CosmosTxError(SdkCodes.unauthorized, 'wrong number of signers; expected 1')
    const { from_address: from, to_address: to, amount: coins } = msg.value as { from_address?: unknown; to_address?: unknown; amount?: unknown }
    if (typeof from !== 'string' || !isCosmosAddress(from, this.prefix)) throw new CosmosTxError(SdkCodes.unknownAddress, `invalid from address: ${String(from)}`)
    if (typeof to !== 'string' || !isCosmosAddress(to, this.prefix)) throw new CosmosTxError(SdkCodes.unknownAddress, `invalid to address: ${String(to)}`)
    const amount = this.#coinAmount(coins)
    const fee = this.#coinAmount(tx.fee?.amount, true)

    const sender = this.#accounts.get(from)
    if (!sender) throw new CosmosTxError(SdkCodes.unknownAddress, `account ${from} does not exist`)
    if (signature.pub_key?.type !== 'tendermint/PubKeySecp256k1') throw new CosmosTxError(SdkCodes.unauthorized, 'only secp256k1 keys are supported')
    const pubkey = fromBase64(signature.pub_key.value)
    if (pubkey.length !== 33 || pubkeyToAddress(pubkey, this.prefix) !== from) throw new CosmosTxError(SdkCodes.unauthorized, `pubkey does not match signer address ${from}`)
    const signBytes = serializeSignDoc({
      chain_id: this.chainId,
      account_number: sender.accountNumber.toString(),
      sequence: sender.sequence.toString(),
      fee: tx.fee,
      msgs: tx.msg,
      memo: tx.memo ?? '',
    })
    const sig = fromBase64(signature.signature)
    // lowS: the SDK refuses a malleable (high-S) signature.
    const valid = sig.length === 64 && secp256k1.verify(sig, sha256(signBytes), pubkey, { lowS: true })
    if (!valid) {
      throw new CosmosTxError(
        SdkCodes.unauthorized,
        `signature verification failed; please verify account number (${sender.accountNumber}), sequence (${sender.sequence}) and chain-id (${this.chainId}): unauthorized`,
      )
    }
    if (sender.balance < amount + fee) {
      throw new CosmosTxError(SdkCodes.insufficientFunds, `spendable balance ${sender.balance}${this.denom} is smaller than ${amount + fee}${this.denom}: insufficient funds`)
    }
    sender.balance -= amount + fee
    sender.sequence += 1n
    this.#account(to).balance += amount
    const hash = bytesToHex(sha256(rawBytes)).toUpperCase()
    this.transfers.push({ hash, from, to, amount, fee })
    return hash
  }

  /** The amount of this ledger's denom in a coin list of one coin (none allowed for a fee). */
  #coinAmount(coins: unknown, mayBeEmpty = false): bigint {
    if (!Array.isArray(coins)) throw new CosmosTxError(SdkCodes.invalidCoins, 'coins must be a list')
    if (coins.length === 0 && mayBeEmpty) return 0n
    const [coin, ...rest] = coins as { denom?: unknown; amount?: unknown }[]
    if (!coin || rest.length > 0 || coin.denom !== this.denom || typeof coin.amount !== 'string' || !/^[0-9]+$/.test(coin.amount)) {
      throw new CosmosTxError(SdkCodes.invalidCoins, `invalid coins: expected one ${this.denom} amount, got ${JSON.stringify(coins)}`)
    }
    const amount = BigInt(coin.amount)
    if (amount === 0n && !mayBeEmpty) throw new CosmosTxError(SdkCodes.invalidCoins, '0 is not a valid amount to send')
    return amount
  }
}
