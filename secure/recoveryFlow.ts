/**
 * What the secure page asks the visitor about recovery after a login (issue 32,
 * docs/security.md "Recovery prompts"), decided from the keyring alone:
 *
 * - a wallet this device cannot rebuild (a new device, or cleared storage): with a
 *   recovery set, "Enter your recovery password"; without one, a prompt that says the
 *   wallet cannot be used here and why;
 * - a wallet held here with no recovery set (made or migrated at this login, or postponed
 *   before): "Set a recovery password", which the visitor may postpone to the next login.
 *
 * The password is read and used in this page only; the app learns nothing but that the
 * frame shows a prompt (APPROVAL_OPEN / APPROVAL_CLOSE).
 */
import { ApiError } from './api'
import type { CustodyWalletNamespace } from '../src/shared/custodyApi'
import { CustodyErrorCodes } from './custody/errors'
import type { Keyring } from './custody/keyring'

/** The shortest recovery password accepted, in characters (docs/security.md "Recovery prompts"). */
export const MIN_RECOVERY_PASSWORD_LENGTH = 12
/** The longest: PBKDF2 takes any length, this only bounds what a paste can send through it. */
export const MAX_RECOVERY_PASSWORD_LENGTH = 1024

/** Every line the recovery prompts show. */
export const RECOVERY_TEXT = {
  setUpTitle: 'Set a recovery password',
  setUpBody: 'Your wallet’s key is kept only on this device. A recovery password lets you use the wallet on a new device, or here again after this browser’s data is cleared.',
  setUpWarning: 'If you choose Later and this device is lost or its browser data is cleared, the wallet and its funds are lost. No one, not even this site, can recover them.',
  password: 'Recovery password',
  confirmation: 'Confirm the password',
  rule: `At least ${MIN_RECOVERY_PASSWORD_LENGTH} characters. Keep it safe: it cannot be reset, and it never leaves this secure window.`,
  set: 'Set password',
  later: 'Later',
  setting: 'Saving your recovery…',
  recoverTitle: 'Enter your recovery password',
  recoverBody: 'This is a new device for this wallet (or its browser data was cleared), so it holds no key of it yet. Enter the recovery password you set to use the wallet here.',
  recover: 'Recover wallet',
  notNow: 'Not now',
  recovering: 'Opening your recovery…',
  unavailableTitle: 'This wallet cannot be used on this device',
  unavailableBody:
    'Its key is kept only on the device where the wallet was created, and no recovery password was set there. Sign in on that device and set a recovery password, then sign in here again.',
  close: 'Close',
  tooShort: `The password must be at least ${MIN_RECOVERY_PASSWORD_LENGTH} characters long.`,
  tooLong: `The password must be at most ${MAX_RECOVERY_PASSWORD_LENGTH} characters long.`,
  mismatch: 'The two passwords are not the same.',
  empty: 'Enter your recovery password.',
  wrongPassword: 'This password does not open the wallet’s recovery. Check it and try again.',
  tooManyAttempts: 'Too many recovery attempts from this network. Try again later.',
  failed: 'The wallet server could not be reached. Check your connection and try again.',
} as const

/** Why a new password is refused, or undefined when it is accepted. Lengths count characters, not UTF-16 units. */
export function checkNewPassword(password: string, confirmation: string): string | undefined {
  const length = [...password].length
  if (length < MIN_RECOVERY_PASSWORD_LENGTH) return RECOVERY_TEXT.tooShort
  if (length > MAX_RECOVERY_PASSWORD_LENGTH) return RECOVERY_TEXT.tooLong
  if (password !== confirmation) return RECOVERY_TEXT.mismatch
  return undefined
}

/** What the prompt says when setting or using the password failed; the visitor may try again. */
export function recoveryErrorText(error: unknown): string {
  if (error instanceof Error && 'code' in error && error.code === CustodyErrorCodes.wrongRecoverySecret) return RECOVERY_TEXT.wrongPassword
  if (error instanceof ApiError && error.status === 429) return RECOVERY_TEXT.tooManyAttempts
  return RECOVERY_TEXT.failed
}

/** Runs with the visitor's password; a throw is shown in the prompt, which stays open. */
export type PasswordStep = (password: string) => Promise<void>

/** The prompts' DOM side (recoveryPrompt.ts). Each resolves when the visitor is done with it. */
export interface RecoveryPrompts {
  setUp(submit: PasswordStep): Promise<'set' | 'later'>
  recover(submit: PasswordStep): Promise<'recovered' | 'cancelled'>
  unavailable(): Promise<void>
  /** Closes whatever prompt is open (sign-out, session end) as postponed. */
  dismiss(): void
}

export type RecoveryOutcome = 'none' | 'set' | 'later' | 'recovered' | 'cancelled' | 'unavailable'

/**
 * Asks what the keyring needs after a login; resolves once the visitor has answered.
 *
 * @example
 * await offerRecovery(keyring, prompts) // 'later' when the visitor postponed the set-up
 */
export async function offerRecovery(keyring: Keyring, prompts: RecoveryPrompts): Promise<RecoveryOutcome> {
  const { setUp, missing } = keyring.recoveryNeeds()
  if (missing.length > 0) {
    const recoverable: CustodyWalletNamespace[] = []
    for (const namespace of missing) if (await keyring.recoveryAvailable(namespace)) recoverable.push(namespace)
    if (recoverable.length === 0) {
      await prompts.unavailable()
      return 'unavailable'
    }
    return prompts.recover(async (password) => {
      // A namespace recovered by an earlier try is kept; only the rest are tried again.
      for (const namespace of recoverable) if (!keyring.has(namespace)) await keyring.recover(namespace, password)
    })
  }
  if (setUp.length === 0) return 'none'
  return prompts.setUp(async (password) => {
    for (const namespace of keyring.recoveryNeeds().setUp) await keyring.setRecoveryPassword(namespace, password)
  })
}
