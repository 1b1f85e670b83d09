/**
 * What the secure page asks the visitor about recovery after a login (issue 32,
 * docs/security.md "Recovery prompts"), decided from the keyring alone:
 *
 * - a wallet this device cannot rebuild (a new device, or cleared storage): with a
 *   recovery set, "Recover your wallet" with what it was sealed with (the password field,
 *   or the passkey button); without one, a prompt that says the wallet cannot be used here
 *   and why;
 * - a wallet held here with no recovery set (made or migrated at this login, or postponed
 *   before): "Set a recovery password", with "Use a passkey instead" where the browser has
 *   WebAuthn (recoveryPasskey.ts); the visitor may postpone it to the next login.
 *
 * The password and the passkey's PRF output are used in this page only; the app learns
 * nothing but that the frame shows a prompt (APPROVAL_OPEN / APPROVAL_CLOSE).
 */
import { ApiError } from './api'
import { ReplyError } from './replyError'
import { CUSTODY_NAMESPACES, type CustodyWalletNamespace } from '../src/shared/custodyApi'
import { CustodyErrorCodes } from './custody/errors'
import type { Keyring, RecoveryMethod } from './custody/keyring'
import type { RecoveryPasskeyRef } from './custody/recoveryEnvelope'
import { PasskeyErrorCodes } from './passkeyPrf'
import type { RecoveryPasskey } from './recoveryPasskey'

/** The shortest recovery password accepted, in characters (docs/security.md "Recovery prompts"). */
export const MIN_RECOVERY_PASSWORD_LENGTH = 12
/** The longest: PBKDF2 takes any length, this only bounds what a paste can send through it. */
export const MAX_RECOVERY_PASSWORD_LENGTH = 1024

/** Every line the recovery prompts show. */
export const RECOVERY_TEXT = {
  setUpTitle: 'Set a recovery password',
  setUpBody: 'Your wallet’s key is kept only on this device. A recovery password lets you use the wallet on a new device, or here again after this browser’s data is cleared.',
  setUpPasskey: 'Or protect the recovery with a passkey instead: you then recover the wallet with that passkey, on any device where it is available.',
  setUpWarning: 'If you choose Later and this device is lost or its browser data is cleared, the wallet and its funds are lost. No one, not even this site, can recover them.',
  password: 'Recovery password',
  confirmation: 'Confirm the password',
  rule: `At least ${MIN_RECOVERY_PASSWORD_LENGTH} characters. Keep it safe: it cannot be reset, and it never leaves this secure window.`,
  set: 'Set password',
  usePasskey: 'Use a passkey instead',
  later: 'Later',
  changeTitle: 'Change your recovery',
  changeBody: 'Choose a new recovery password, or protect the recovery with a passkey instead. Once it is saved, the old password or passkey no longer opens your wallet.',
  changeSave: 'Save new password',
  cancel: 'Cancel',
  setting: 'Saving your recovery…',
  passkeyWaiting: 'Follow your browser’s passkey prompt.',
  recoverTitle: 'Recover your wallet',
  recoverBody: 'This is a new device for this wallet (or its browser data was cleared), so it holds no key of it yet. Enter the recovery password you set to use the wallet here.',
  recoverPasskeyBody:
    'This is a new device for this wallet (or its browser data was cleared), so it holds no key of it yet. Its recovery is protected by a passkey: use that passkey to use the wallet here.',
  recover: 'Recover wallet',
  recoverWithPasskey: 'Use my passkey',
  notNow: 'Not now',
  recovering: 'Opening your recovery…',
  unavailableTitle: 'This wallet cannot be used on this device',
  unavailableBody: 'Its key is kept only on the device where the wallet was created, and no recovery password or passkey was set there. Sign in on that device and set one, then sign in here again.',
  close: 'Close',
  tooShort: `The password must be at least ${MIN_RECOVERY_PASSWORD_LENGTH} characters long.`,
  tooLong: `The password must be at most ${MAX_RECOVERY_PASSWORD_LENGTH} characters long.`,
  mismatch: 'The two passwords are not the same.',
  empty: 'Enter your recovery password.',
  wrongPassword: 'This password does not open the wallet’s recovery. Check it and try again.',
  wrongPasskey: 'This passkey does not open the wallet’s recovery. Use the passkey you set the recovery up with.',
  passkeyCancelled: 'The passkey request was cancelled or timed out. Try again.',
  noPrf: 'This passkey cannot protect a recovery: its authenticator does not support the PRF extension. Set a recovery password instead.',
  passkeyUnavailable: 'This browser cannot use a passkey here. Use a browser or device where your passkey is available.',
  popupBlocked: 'The browser blocked the passkey window. Allow pop-ups for this site and try again.',
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

const PASSKEY_ERROR_TEXT: Record<string, string> = {
  [PasskeyErrorCodes.cancelled]: RECOVERY_TEXT.passkeyCancelled,
  [PasskeyErrorCodes.noPrf]: RECOVERY_TEXT.noPrf,
  [PasskeyErrorCodes.unavailable]: RECOVERY_TEXT.passkeyUnavailable,
  [PasskeyErrorCodes.popupBlocked]: RECOVERY_TEXT.popupBlocked,
}

/** What the prompt says when setting or using the recovery failed; the visitor may try again. */
export function recoveryErrorText(error: unknown, factor: RecoveryMethod = 'password'): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined
  if (code === CustodyErrorCodes.wrongRecoverySecret) return factor === 'passkey' ? RECOVERY_TEXT.wrongPasskey : RECOVERY_TEXT.wrongPassword
  if (typeof code === 'string' && code in PASSKEY_ERROR_TEXT) return PASSKEY_ERROR_TEXT[code]!
  if (error instanceof ApiError && error.status === 429) return RECOVERY_TEXT.tooManyAttempts
  return RECOVERY_TEXT.failed
}

/** What the visitor gave: the password typed, or the passkey chosen (its ceremony runs in the step). */
export type RecoveryFactor = { password: string } | 'passkey'
/** Runs with the visitor's factor; a throw is shown in the prompt, which stays open. */
export type FactorStep = (factor: RecoveryFactor) => Promise<void>

/** The prompts' DOM side (recoveryPrompt.ts). Each resolves when the visitor is done with it. */
export interface RecoveryPrompts {
  /** `passkey`: offer "Use a passkey instead" beside the password; `change`: the visitor asked to replace a recovery (Cancel, not Later). */
  setUp(submit: FactorStep, options: { passkey: boolean; change?: boolean }): Promise<'set' | 'later'>
  /** Asks for the factor the recovery was sealed with. */
  recover(submit: FactorStep, method: RecoveryMethod): Promise<'recovered' | 'cancelled'>
  unavailable(): Promise<void>
  /** Closes whatever prompt is open (sign-out, session end) as postponed. */
  dismiss(): void
}

export type RecoveryOutcome = 'none' | 'set' | 'later' | 'recovered' | 'cancelled' | 'unavailable'

function noPasskeyHere(): never {
  throw new ReplyError('This browser cannot use a passkey in the wallet frame', PasskeyErrorCodes.unavailable)
}

/**
 * The passkey step of one recovery attempt: one ceremony for every wallet sealed with the
 * same passkey and PRF salt (set up together), each wallet given its own copy (the keyring
 * zeroes it); `forget` zeroes the cached output.
 */
function passkeyOnce(passkey: RecoveryPasskey | undefined) {
  const outputs = new Map<string, Promise<Uint8Array>>()
  return {
    unlock: (ref: RecoveryPasskeyRef) => {
      const key = `${ref.credentialId}/${ref.prfSalt}`
      let output = outputs.get(key)
      if (output === undefined) outputs.set(key, (output = (passkey ?? noPasskeyHere()).open(ref)))
      return output.then((bytes) => Uint8Array.from(bytes))
    },
    async forget() {
      for (const output of outputs.values()) (await output.catch(() => undefined))?.fill(0)
    },
  }
}

/**
 * Asks what the keyring needs after a login; resolves once the visitor has answered.
 *
 * @example
 * await offerRecovery(keyring, prompts, recoveryPasskey) // 'later' when the visitor postponed the set-up
 */
export async function offerRecovery(keyring: Keyring, prompts: RecoveryPrompts, passkey?: RecoveryPasskey): Promise<RecoveryOutcome> {
  const { setUp, missing } = keyring.recoveryNeeds()
  if (missing.length > 0) {
    const recoverable: Array<{ namespace: CustodyWalletNamespace; method: RecoveryMethod }> = []
    for (const namespace of missing) {
      const method = await keyring.recoveryMethod(namespace)
      if (method !== undefined) recoverable.push({ namespace, method })
    }
    if (recoverable.length === 0) {
      await prompts.unavailable()
      return 'unavailable'
    }
    // Wallets whose recovery was sealed another way are asked for at the next login.
    const method = recoverable[0]!.method
    return prompts.recover(async (factor) => {
      const once = passkeyOnce(passkey)
      try {
        // A namespace recovered by an earlier try is kept; only the rest are tried again.
        for (const { namespace } of recoverable.filter((wallet) => wallet.method === method)) {
          if (!keyring.has(namespace)) await keyring.recover(namespace, factor === 'passkey' ? { passkey: once.unlock } : factor)
        }
      } finally {
        await once.forget()
      }
    }, method)
  }
  if (setUp.length === 0) return 'none'
  return prompts.setUp(
    sealWith(keyring, () => keyring.recoveryNeeds().setUp, passkey),
    { passkey: passkey?.supported() ?? false },
  )
}

/** Seals a new recovery of each wallet `namespaces()` names with the visitor's factor (one passkey ceremony for all). */
function sealWith(keyring: Keyring, namespaces: () => CustodyWalletNamespace[], passkey: RecoveryPasskey | undefined): FactorStep {
  return async (factor) => {
    if (factor !== 'passkey') {
      for (const namespace of namespaces()) await keyring.setRecovery(namespace, factor)
      return
    }
    const sealed = await (passkey ?? noPasskeyHere()).setUp()
    try {
      for (const namespace of namespaces()) await keyring.setRecovery(namespace, { prfOutput: Uint8Array.from(sealed.prfOutput), passkey: sealed.passkey })
    } finally {
      sealed.prfOutput.fill(0)
    }
  }
}

/**
 * "Change your recovery" (CHANGE_RECOVERY): a new recovery of every wallet this device
 * holds, by password or passkey. Each new one is a new split whose server part replaces
 * the old one, so the old password or passkey no longer opens the wallet (keyring.ts,
 * docs/security.md "Recovery"). Answers 'set', or 'later' when the visitor cancelled.
 *
 * @example
 * await changeRecovery(keyring, prompts, recoveryPasskey) // 'set'
 */
export function changeRecovery(keyring: Keyring, prompts: RecoveryPrompts, passkey?: RecoveryPasskey): Promise<'set' | 'later'> {
  const held = () => CUSTODY_NAMESPACES.filter((namespace) => keyring.has(namespace))
  return prompts.setUp(sealWith(keyring, held, passkey), { passkey: passkey?.supported() ?? false, change: true })
}
