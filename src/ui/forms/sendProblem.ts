import { PorticoError } from '../../errors'
import { validateSend, type SendInput } from '../../validation/send'

/**
 * The SPEC §8 message `validateSend` gives for the send form as it stands ('An amount
 * and receiver address are required', 'A token is required', 'Unsupported chain',
 * 'Invalid receiver address'), or undefined when it may be sent.
 *
 * @example
 * sendProblem({ amount: '', receiverAddress, token, chainNamespace: namespace, canSend: true, isAddress: plugin.isAddress })
 * // 'An amount and receiver address are required'
 */
export function sendProblem<T>(input: SendInput<T>): string | undefined {
  try {
    validateSend(input)
    return undefined
  } catch (error) {
    return error instanceof PorticoError ? error.shortMessage : error instanceof Error ? error.message : String(error)
  }
}
