import { PorticoError, type PorticoErrorParameters } from './base'

export type ValidationIssue = { path: string; message: string }

/**
 * Bad input from a dapp or a visitor. `issues` lists each failing field with the
 * message a form can show next to it (SPEC §8 schema defaults: "Required", "Invalid
 * email", ...).
 */
export class ValidationError extends PorticoError {
  override name = 'ValidationError'
  readonly issues: readonly ValidationIssue[]
  constructor(shortMessage: string, issues: readonly ValidationIssue[] = [], parameters: PorticoErrorParameters = {}) {
    super(shortMessage, {
      code: 'validation',
      metaMessages: issues.map((i) => `${i.path || '(root)'}: ${i.message}`),
      ...parameters,
    })
    this.issues = issues
  }
}
