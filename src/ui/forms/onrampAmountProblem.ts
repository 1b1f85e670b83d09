/**
 * Whether a Buy amount is inside the payment method's limits (SPEC §9 fallback: card
 * 10–7500, bank 10–25000, until the onramp service says otherwise). Returns the limits
 * broken, or undefined when the amount is fine or not typed yet.
 *
 * @example
 * onrampAmountProblem('5', { min: 10, max: 7500 })    // { min: 10, max: 7500 }
 * onrampAmountProblem('100', { min: 10, max: 7500 })  // undefined
 */
export function onrampAmountProblem(amount: string | undefined, limits: { min: number; max: number }): { min: number; max: number } | undefined {
  if (amount === undefined || amount.trim() === '') return undefined
  const value = Number(amount)
  if (!Number.isFinite(value) || value < limits.min || value > limits.max) return limits
  return undefined
}
