import {
  isSolanaError,
  SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
} from '@solana/kit'
import { WalletError as AdapterWalletError } from '@solana/wallet-adapter-base'

import { PorticoError, RpcError, WalletError } from '../../errors'
import { toNodeError } from '../../errors/toNodeError'

/** A transfer that would leave a new account below Solana's rent-exempt minimum. */
export const RENT_MESSAGE = 'The amount is too small: a new Solana account must receive at least its rent-exempt minimum (about 0.00089 SOL).'

type AdapterErrorClass = new (message?: string, error?: unknown) => AdapterWalletError

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message ? message : undefined
}

function codeOf(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    // @solana/kit's own errors carry large numeric codes of their own; only wallet codes count.
    if (typeof code === 'number' && Math.abs(code) < 100_000) return code
    current = (current as { cause?: unknown }).cause ?? (current as { error?: unknown }).error
  }
  return undefined
}

/** The error and every cause under it. */
function chain(error: unknown): unknown[] {
  const links: unknown[] = []
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    links.push(current)
    current = (current as { cause?: unknown }).cause
  }
  return links
}

type Shortfall = 'funds' | 'rent' | undefined

/**
 * Solana's "cannot pay" failures, from @solana/kit's error codes (and the program logs a
 * preflight failure carries), or from the words of a wallet that sent it itself: the fee
 * payer cannot pay the fee or was never funded, the transfer exceeds the balance, or the
 * receiver would be left below the rent-exempt minimum.
 */
function shortfallOf(error: unknown): Shortfall {
  for (const link of chain(error)) {
    if (isSolanaError(link, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT)) return 'rent'
    if (
      isSolanaError(link, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE) ||
      isSolanaError(link, SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND) ||
      isSolanaError(link, SOLANA_ERROR__INSTRUCTION_ERROR__INSUFFICIENT_FUNDS)
    ) {
      return 'funds'
    }
    if (isSolanaError(link, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)) {
      if (link.context.logs?.some((line) => /insufficient lamports/i.test(line))) return 'funds'
    }
    const message = messageOf(link) ?? ''
    if (/insufficient funds for rent/i.test(message)) return 'rent'
    if (/insufficient (funds|lamports)/i.test(message)) return 'funds'
  }
  return undefined
}

/**
 * Turns what a Solana wallet (or the RPC) threw into a Portico error, with the matching
 * `@solana/wallet-adapter-base` error class in the cause chain: a wallet code (4001 user
 * rejected, 4100 unauthorised ...) becomes an `RpcError`, a balance too low for the
 * transfer and fee becomes the SPEC §8 insufficient-funds node error, a receiver left
 * below the rent-exempt minimum gets its own sentence, and anything else is a
 * `WalletError` with the wallet's own message.
 */
export function toSolanaWalletError(AdapterError: AdapterErrorClass, error: unknown, fallback: string): PorticoError {
  if (error instanceof PorticoError) return error
  const message = messageOf(error) ?? fallback
  const adapterError = error instanceof AdapterWalletError ? error : new AdapterError(message, error)
  if (adapterError !== error) adapterError.cause = error
  const code = codeOf(error)
  // The visitor's "no" wins over anything else the error says.
  if (code !== undefined && code > 0) return new RpcError(code, { cause: adapterError, details: message })
  const shortfall = shortfallOf(error)
  // toNodeError gives the SPEC §8 insufficient-funds sentence from its one table.
  if (shortfall === 'funds') return toNodeError({ message: 'insufficient funds', cause: adapterError }) ?? new WalletError(message, { cause: adapterError })
  if (shortfall === 'rent') return new WalletError(RENT_MESSAGE, { cause: adapterError, code: 'solana/insufficient-funds-for-rent' })
  if (code !== undefined) return new RpcError(code, { cause: adapterError, details: message })
  return new WalletError(message, { cause: adapterError, code: 'wallet/adapter-error', remoteCode: `wallet/${adapterError.name}` })
}
