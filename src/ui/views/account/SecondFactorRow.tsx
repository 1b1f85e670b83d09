import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../../react/hooks'
import { embeddedActions } from '../../../store/slices/embedded'
import { useStrings } from '../../useStrings'
import { FramePromptRow } from './FramePromptRow'

/**
 * Issue 32: "Two-step verification" for an embedded wallet. The frame shows its own
 * settings (an authenticator app by QR code, or the passkey as a second factor); nothing
 * about the factor comes back here. A failure is a toast.
 */
export function SecondFactorRow() {
  const t = useStrings()
  const dispatch = usePorticoDispatch()
  const account = useAccount()
  const pending = usePorticoSelector((s) => s.embedded?.secondFactorPending === true)
  if (account.connectedWalletInfo?.type !== 'AUTH') return null
  return <FramePromptRow icon="shield" label={t.twoStepVerification} pending={pending} testId="portico-second-factor" onOpen={() => dispatch(embeddedActions.secondFactorRequested())} />
}
