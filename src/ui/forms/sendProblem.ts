import { toRecord, type ErrorRecord } from '../../errors/toRecord'
import { validateSend, type SendInput } from '../../validation/send'

/**
 * The SPEC §8 message `validateSend` gives for the send form as it stands ('An amount
 * and receiver address are required', 'A token is required', 'Unsupported chain',
 * 'Invalid receiver address'), as a record the view translates, or undefined when it
 * may be sent.
 *
 * @example
 * sendProblem({ amount: '', receiverAddress, token, chainNamespace: namespace, canSend: true, isAddress: plugin.isAddress })
 * // { code: 'validation', key: 'errors.amountAndReceiverRequired', params: {} }
 */
export function sendProblem<T>(input: SendInput<T>): ErrorRecord | undefined {
  try {
    validateSend(input)
    return undefined
  } catch (error) {
    return toRecord(error)
  }
}
