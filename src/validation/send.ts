import { ErrorMessages, ValidationError } from '../errors'

/** Shown when the receiver is present but not an address of the namespace; SPEC §8 gives no wording. */
export const INVALID_RECEIVER_MESSAGE = ErrorMessages.invalidReceiverAddress
/** The amount has more fraction digits than the token's decimals (it could not be sent as typed). */
export const TOO_MANY_DECIMALS_MESSAGE = ErrorMessages.tooManyDecimals
/** The amount is more than the token balance the account holds. */
export const AMOUNT_OVER_BALANCE_MESSAGE = ErrorMessages.amountOverBalance

/** The send form as the store holds it: every field may still be missing. */
export type SendInput<TToken> = {
  /** Amount in display units as typed ('0.5'), or a number / bigint. */
  amount?: string | number | bigint | null | undefined
  receiverAddress?: string | null | undefined
  /** The token chosen to send (the native coin is a token too). */
  token?: TToken | null | undefined
  /** Namespace of the account's network. */
  chainNamespace?: string | null | undefined
  /**
   * Whether the namespace's plugin offers send (SPEC §5 "Feature support"): its
   * `features.send`, with a `connectors.sendTransaction` to send through. Portico's Send
   * view passes the store's copy (`networkFeatures(...).send`), the send saga the plugin's.
   * Without it the send is refused as 'Unsupported chain'.
   */
  canSend?: boolean | undefined
  /**
   * The namespace plugin's address rule (`plugin.isAddress`, from the registry: Portico's
   * Send view and send saga pass it). Without it the receiver cannot be checked, so it is
   * refused.
   */
  isAddress?: ((address: string) => boolean) | undefined
}

/** A send that passed every check, with the fields narrowed. */
export type ValidSend<TToken> = {
  /** The amount as a decimal string. */
  amount: string
  receiverAddress: string
  token: TToken
  chainNamespace: string
}

/** Unsigned decimal: `1`, `1.5`, `.5`, `1.` (a user mid-typing); no sign, no exponent. */
const DECIMAL = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/

/** The amount as a positive decimal string, or undefined when there is none. */
function positiveAmount(amount: SendInput<unknown>['amount']): string | undefined {
  if (typeof amount === 'bigint') return amount > 0n ? amount.toString() : undefined
  if (typeof amount === 'number') return Number.isFinite(amount) && amount > 0 ? String(amount) : undefined
  if (typeof amount !== 'string') return undefined
  const text = amount.trim()
  return DECIMAL.test(text) && /[1-9]/.test(text) ? text : undefined
}

/** A token balance's `quantity` (SPEC §3 Token balance), when the token carries one. */
function quantityOf(token: unknown): { decimals: number; numeric: string } | undefined {
  const quantity = (token as { quantity?: { decimals?: unknown; numeric?: unknown } } | null)?.quantity
  const decimals = Number(quantity?.decimals)
  if (typeof quantity?.numeric !== 'string' || !DECIMAL.test(quantity.numeric) || !Number.isInteger(decimals) || decimals < 0) return undefined
  return { decimals, numeric: quantity.numeric }
}

/** '1.5' with 6 decimals → 1500000n; undefined when it has more fraction digits than `decimals`. */
function baseUnits(amount: string, decimals: number): bigint | undefined {
  const [whole = '', fraction = ''] = amount.split('.')
  if (fraction.length > decimals) return undefined
  return BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`)
}

/** Runs the checks in order; returns the narrowed send or the error to throw. */
function checkSend<TToken>(input: SendInput<TToken>): ValidSend<TToken> | ValidationError {
  const amount = positiveAmount(input.amount)
  const receiverAddress = typeof input.receiverAddress === 'string' ? input.receiverAddress.trim() : ''
  if (amount === undefined || receiverAddress === '') {
    const missingAmount = input.amount === undefined || input.amount === null || input.amount === ''
    const issues = [
      ...(amount === undefined ? [{ path: 'amount', message: missingAmount ? ErrorMessages.required : 'Invalid amount' }] : []),
      ...(receiverAddress === '' ? [{ path: 'receiverAddress', message: ErrorMessages.required }] : []),
    ]
    return new ValidationError({ key: 'amountAndReceiverRequired' }, issues)
  }
  const { token, chainNamespace } = input
  if (token === undefined || token === null || (typeof token === 'string' && token === '')) {
    return new ValidationError({ key: 'tokenRequired' }, [{ path: 'token', message: ErrorMessages.required }])
  }
  if (typeof chainNamespace !== 'string' || chainNamespace === '' || input.canSend !== true) {
    const where = typeof chainNamespace === 'string' && chainNamespace !== '' ? `the '${chainNamespace}' namespace` : 'a network without a namespace'
    return new ValidationError({ key: 'unsupportedChain' }, [{ path: 'chainNamespace', message: `Send is not offered on ${where}` }])
  }
  if (!input.isAddress?.(receiverAddress)) {
    return new ValidationError({ key: 'invalidReceiverAddress' }, [{ path: 'receiverAddress', message: INVALID_RECEIVER_MESSAGE }])
  }
  const quantity = quantityOf(token)
  if (quantity && DECIMAL.test(amount)) {
    const wanted = baseUnits(amount, quantity.decimals)
    if (wanted === undefined) {
      return new ValidationError({ key: 'tooManyDecimals' }, [{ path: 'amount', message: `At most ${quantity.decimals} decimal places` }])
    }
    // The balance's own digits beyond the decimals cannot exist; compare at the finer scale.
    const scale = Math.max(quantity.decimals, quantity.numeric.split('.')[1]?.length ?? 0)
    if (baseUnits(amount, scale)! > baseUnits(quantity.numeric, scale)!) {
      return new ValidationError({ key: 'amountOverBalance' }, [{ path: 'amount', message: `The balance is ${quantity.numeric}` }])
    }
  }
  return { amount, receiverAddress, token, chainNamespace }
}

/**
 * Checks a send (SPEC §5) and returns it narrowed, or throws `ValidationError` with the
 * SPEC §8 message of the first failing check. The order follows the SPEC's sentence,
 * which is also the order in which a visitor fills the form, so the message names what
 * the visitor has not done yet:
 *
 * 1. an amount (positive) and a receiver address: 'An amount and receiver address are required';
 * 2. a token: 'A token is required';
 * 3. the namespace's plugin offers send (`canSend`; SPEC §5 names two namespaces, and
 *    the built-in plugins declare exactly those): 'Unsupported chain';
 * 4. the receiver passes the namespace plugin's address rule (`isAddress`): 'Invalid
 *    receiver address' (not in the SPEC; it needs the namespace, so it comes after 3);
 * 5. when the token carries its balance (`quantity`, SPEC §3 Token balance) and the
 *    amount is a plain decimal: no more fraction digits than the token's decimals ('Too many
 *    decimal places for this token': 6 for most SPL tokens and USDC, 9 for SOL, 18 for
 *    ETH), and no more than the balance ('The amount is more than the balance'). Neither
 *    is in the SPEC; both would otherwise fail later, or, for the decimals, be rounded.
 *
 * @example
 * const plugin = registry.getPlugin(namespace)
 * const rules = { chainNamespace: namespace, canSend: plugin.features.send, isAddress: plugin.isAddress }
 * validateSend({ amount: '0.1', receiverAddress, token, ...rules })
 * // { amount: '0.1', receiverAddress, token, chainNamespace: namespace }
 * validateSend({ amount: '', receiverAddress, token, ...rules })
 * // throws ValidationError('An amount and receiver address are required')
 */
export function validateSend<TToken>(input: SendInput<TToken>): ValidSend<TToken> {
  const result = checkSend(input)
  if (result instanceof ValidationError) throw result
  return result
}

/**
 * Whether `validateSend(input)` would pass; for enabling a Send button.
 *
 * @example
 * isSendValid({ amount: '1', receiverAddress, token, chainNamespace: namespace, canSend: true, isAddress: plugin.isAddress })
 */
export function isSendValid<TToken>(input: SendInput<TToken>): boolean {
  return !(checkSend(input) instanceof ValidationError)
}
