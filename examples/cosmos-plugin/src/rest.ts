// The node's REST API (the Cosmos SDK's LCD): the bank balance, the account's number and
// sequence a signature commits to, and the broadcast of a signed transaction.
import { HttpStatusError, PorticoError, ServiceError, TransactionNodeError } from 'portico'
import type { StdTx } from './amino'

async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, init)
  } catch (error) {
    throw new ServiceError(`The Cosmos node at ${new URL(url).origin} cannot be reached.`, { cause: error, code: 'cosmos/unreachable' })
  }
  if (!response.ok) throw new HttpStatusError(response.status, url, { details: await response.text().catch(() => undefined) })
  return (await response.json()) as T
}

/**
 * `GET /cosmos/bank/v1beta1/balances/{address}`: the amount of `denom` the address holds,
 * in the smallest unit ('0' when it holds none).
 */
export async function getDenomBalance(restUrl: string, address: string, denom: string): Promise<string> {
  const body = await request<{ balances?: { denom: string; amount: string }[] }>(`${restUrl}/cosmos/bank/v1beta1/balances/${encodeURIComponent(address)}`)
  return body.balances?.find((coin) => coin.denom === denom)?.amount ?? '0'
}

/**
 * `GET /cosmos/auth/v1beta1/accounts/{address}`: the account number and next sequence.
 * A node answers 404 for an address that never received anything: it cannot send.
 */
export async function getAccount(restUrl: string, address: string): Promise<{ accountNumber: string; sequence: string }> {
  try {
    const { account } = await request<{ account: { account_number: string; sequence: string } }>(`${restUrl}/cosmos/auth/v1beta1/accounts/${encodeURIComponent(address)}`)
    return { accountNumber: account.account_number, sequence: account.sequence }
  } catch (error) {
    if (error instanceof HttpStatusError && error.status === 404) {
      throw new TransactionNodeError('insufficientFunds', `The account ${address} does not exist on chain yet: it has never received funds.`, { cause: error })
    }
    throw error
  }
}

/** The SDK's error codes (codespace `sdk`) that have a sentence of their own. */
const nodeRefusals: Record<number, (log: string) => PorticoError> = {
  // ErrInsufficientFunds
  5: (log) => new TransactionNodeError('insufficientFunds', 'Insufficient funds: the account cannot pay the amount plus the network fee.', { details: log }),
  // ErrUnauthorized: the signature does not verify.
  4: (log) => new PorticoError('The node refused the signature.', { code: 'cosmos/unauthorized', details: log }),
  // ErrWrongSequence: another transaction of the account went first.
  32: (log) => new TransactionNodeError('nonceTooLow', 'The account sequence changed while signing. Try again.', { details: log }),
}

/**
 * `POST /txs` (the SDK's legacy REST broadcast, which takes an Amino JSON transaction) in
 * `sync` mode: the node checks the transaction and answers with its hash, or with the
 * code of the check that failed.
 */
export async function broadcastTx(restUrl: string, tx: StdTx): Promise<string> {
  const result = await request<{ txhash: string; code?: number; raw_log?: string }>(`${restUrl}/txs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tx, mode: 'sync' }),
  })
  if (result.code) {
    const log = result.raw_log ?? ''
    throw nodeRefusals[result.code]?.(log) ?? new PorticoError(`The node refused the transaction (code ${result.code}).`, { code: 'cosmos/refused', details: log })
  }
  return result.txhash
}
