import { PorticoError } from '../errors'

/** The sentence to show a visitor for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof PorticoError) return error.shortMessage
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  // EIP-1193 wallets reject with plain `{ code, message }` objects.
  const message = (error as { message?: unknown } | null)?.message
  if (typeof message === 'string' && message) return message
  return 'Something went wrong'
}
