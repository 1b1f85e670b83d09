import { PorticoError, type PorticoErrorParameters } from './base'
import type { ErrorMessageRef } from './record'

export type ValidationIssue = { path: string; message: string }

/**
 * Bad input from a dapp or a visitor. `issues` lists each failing field with the
 * message a form can show next to it (SPEC §8 schema defaults: "Required", "Invalid
 * email", ...).
 */
export class ValidationError extends PorticoError {
  override name = 'ValidationError'
  readonly issues: readonly ValidationIssue[]
  constructor(message: string | ErrorMessageRef, issues: readonly ValidationIssue[] = [], parameters: PorticoErrorParameters = {}) {
    super(message, {
      code: 'validation',
      metaMessages: issues.map((i) => `${i.path || '(root)'}: ${i.message}`),
      ...parameters,
    })
    this.issues = issues
  }
}
