import { ErrorMessages, ValidationError, type ValidationIssue } from '../../errors'
import type { SendCallsParameters } from '../types'
import { isEvmAddress } from './address'

/** SPEC §5 wording, so a reader finds the rule by its words. */
export const SendCallsMessages = {
  to: "In wallet_sendCalls, each call needs a 'to' starting with 0x.",
  data: "In wallet_sendCalls, a call's optional data must also start with 0x.",
  value: 'In wallet_sendCalls, a call value is an amount in the smallest unit (decimal or 0x hex).',
  noCalls: 'wallet_sendCalls needs at least one call.',
  from: 'wallet_sendCalls needs the sending address.',
  capabilitiesAddress: 'Capabilities requests need an address parameter.',
} as const

const AMOUNT = /^(?:[0-9]+|0x[0-9a-fA-F]+)$/

/**
 * Checks a `wallet_sendCalls` request before the wallet sees it (SPEC §5): each call's
 * `to` starts with 0x, and its optional `data` does too. Throws one `ValidationError`
 * listing every faulty field (`calls[1].data`, ...); its message is the first fault.
 *
 * @example
 * validateSendCalls({ network, from, calls: [{ to: '0xd8dA...', data: '0x' }] }) // ok
 * validateSendCalls({ network, from, calls: [{ to: 'vitalik.eth' }] })
 * // throws ValidationError("In wallet_sendCalls, each call needs a 'to' starting with 0x.")
 */
export function validateSendCalls(parameters: Pick<SendCallsParameters, 'from' | 'calls'>): void {
  const issues: ValidationIssue[] = []
  if (!isEvmAddress(parameters.from)) issues.push({ path: 'from', message: SendCallsMessages.from })
  const calls: readonly unknown[] = Array.isArray(parameters.calls) ? parameters.calls : []
  if (calls.length === 0) issues.push({ path: 'calls', message: SendCallsMessages.noCalls })
  calls.forEach((raw, index) => {
    const call = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
    if (typeof call.to !== 'string' || !call.to.startsWith('0x')) issues.push({ path: `calls[${index}].to`, message: SendCallsMessages.to })
    if (call.data !== undefined && (typeof call.data !== 'string' || !call.data.startsWith('0x'))) {
      issues.push({ path: `calls[${index}].data`, message: SendCallsMessages.data })
    }
    if (call.value !== undefined && (typeof call.value !== 'string' || !AMOUNT.test(call.value))) {
      issues.push({ path: `calls[${index}].value`, message: SendCallsMessages.value })
    }
  })
  if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues)
}

/**
 * SPEC §5: a capabilities request needs an address parameter.
 *
 * @example
 * validateCapabilitiesAddress(undefined) // throws ValidationError('Capabilities requests need an address parameter.')
 */
export function validateCapabilitiesAddress(address: unknown): asserts address is string {
  if (address === undefined || address === null || address === '') {
    throw new ValidationError(SendCallsMessages.capabilitiesAddress, [{ path: 'address', message: ErrorMessages.required }])
  }
  if (!isEvmAddress(address)) {
    throw new ValidationError(SendCallsMessages.capabilitiesAddress, [{ path: 'address', message: 'Invalid address' }])
  }
}
