/**
 * Key export in the secure page (issue 32, docs/security.md "Key export"): the steps the
 * export prompt (exportPrompt.ts) runs, and every line it shows.
 *
 * 1. The prompt says what export means; the visitor proves a fresh second factor
 *    (stepUpStages.ts: a new email code or their passkey, or only their enrolled
 *    authenticator app or passkey once they enrolled one), unless this session proved one
 *    less than 5 minutes ago.
 * 2. After a deliberate click on "Show private key", the key is rebuilt from this device's
 *    share and the auth share the server releases only after the step-up (keyring.reveal),
 *    written into the prompt as text, and its bytes zeroed.
 *
 * Nothing here posts to the app: the frame answers EXPORT_PRIVATE_KEY with `{}` once the
 * prompt is closed, or 4001 when it was cancelled before the key was shown.
 */
import type { SecureApi } from './api'
import type { CustodyWalletNamespace } from '../src/shared/custodyApi'
import { CustodyErrorCodes } from './custody/errors'
import type { Keyring } from './custody/keyring'
import { exportedKeyText } from './custody/keys'
import type { WithSession } from './custody/custodyCalls'
import { browserWebAuthn, type WebAuthnClient } from './passkeyLogin'
import { createStepUpSteps, STEP_UP_TEXT, stepUpErrorText, type StepUpSteps } from './stepUpStages'

export const EXPORT_TEXT = {
  ...STEP_UP_TEXT,
  title: 'Export private key',
  meaning:
    'Your private key is your wallet. Whoever has it controls this wallet and all its funds, on any device, without signing in here. Export it only to move the wallet into another wallet app you trust.',
  warning: 'Never share it, paste it into a website or send it to anyone: no one from this site or Portico will ever ask for it. Once it is shown, no one can undo the export.',
  confirmed: 'It is you. Make sure no one can see your screen, then show the key.',
  reveal: 'Show private key',
  revealing: 'Rebuilding the key on this device…',
  keyLabel: (namespace: CustodyWalletNamespace) =>
    namespace === 'eip155' ? 'Private key (hex), for Ethereum and other EVM wallets' : 'Secret key (base58, 64 bytes), for Phantom, Solflare and other Solana wallets',
  copy: 'Copy',
  copied: 'Copied. Clear your clipboard once you have imported it.',
  copyFailed: 'This browser did not allow copying; select the key and copy it yourself.',
  close: 'Close',
  cancel: 'Cancel',
  wallet: (address: string) => `Wallet ${address}`,
  noMethod: 'This wallet has no email or passkey to confirm it is you, so its key cannot be exported here.',
} as const

/** What the prompt runs: the step-up (stepUpStages.ts), then the key. */
export type ExportSteps = StepUpSteps & {
  /** The key as text, rebuilt with the server's consent (403 STEP_UP_REQUIRED without a fresh step-up). */
  reveal(): Promise<string>
}

/** The DOM side (exportPrompt.ts): resolves when the visitor closes it, after the key was shown or before. */
export type ExportPrompts = {
  open(wallet: { namespace: CustodyWalletNamespace; address: string; email: string | null }, steps: ExportSteps): Promise<'closed' | 'cancelled'>
  /** Closes the open prompt, clearing the key (sign-out, session end). */
  dismiss(): void
}

/** What the prompt says when a step failed. The server's refusals (a wrong code, a limit) are written for the visitor. */
export function exportErrorText(error: unknown): string {
  const stepUp = stepUpErrorText(error)
  if (stepUp !== undefined) return stepUp
  if (error instanceof Error && 'code' in error && error.code === CustodyErrorCodes.noDeviceKey) return error.message
  return EXPORT_TEXT.failed
}

/**
 * @example
 * const steps = createExportSteps({ api, projectId, authed, keyring, namespace: 'eip155' })
 * await steps.sendCode(); await steps.confirmCode('123456'); const text = await steps.reveal()
 */
export function createExportSteps({
  api,
  projectId,
  authed,
  keyring,
  namespace,
  webauthn = browserWebAuthn,
}: {
  api: SecureApi
  projectId: string
  authed: WithSession
  keyring: Pick<Keyring, 'reveal'>
  namespace: CustodyWalletNamespace
  webauthn?: WebAuthnClient
}): ExportSteps {
  return {
    ...createStepUpSteps({ api, projectId, authed, webauthn }),
    async reveal() {
      const wallet = await keyring.reveal(namespace)
      try {
        return exportedKeyText(wallet)
      } finally {
        wallet.secret.fill(0)
      }
    },
  }
}
