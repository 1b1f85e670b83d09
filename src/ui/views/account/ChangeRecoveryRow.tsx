import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../../react/hooks'
import { embeddedActions } from '../../../store/slices/embedded'
import { useStrings } from '../../useStrings'
import { FramePromptRow } from './FramePromptRow'

/**
 * Issue 32: "Change recovery" for an embedded wallet. The frame asks for the new recovery
 * password or passkey in its own prompt; once saved, the old one no longer opens the wallet.
 */
export function ChangeRecoveryRow() {
  const t = useStrings()
  const dispatch = usePorticoDispatch()
  const account = useAccount()
  const pending = usePorticoSelector((s) => s.embedded?.recoveryChangePending === true)
  if (account.connectedWalletInfo?.type !== 'AUTH') return null
  return <FramePromptRow icon="key" label={t.changeRecovery} pending={pending} testId="portico-change-recovery" onOpen={() => dispatch(embeddedActions.recoveryChangeRequested())} />
}
