import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../../react/hooks'
import { embeddedActions } from '../../../store/slices/embedded'
import { useStrings } from '../../useStrings'
import { FramePromptRow } from './FramePromptRow'

/**
 * Issue 32: "Export private key" for an embedded wallet. The frame shows its own prompt
 * (what export means, a fresh second factor, then the key, in the frame only); this row
 * only asks for it and shows that the prompt is open. A failure is a toast.
 */
export function ExportKeyRow() {
  const t = useStrings()
  const dispatch = usePorticoDispatch()
  const account = useAccount()
  const pending = usePorticoSelector((s) => s.embedded?.keyExportPending === true)
  if (account.connectedWalletInfo?.type !== 'AUTH') return null
  // The account's own namespace; the frame refuses one its wallet does not hold.
  const namespace = account.namespace
  return <FramePromptRow icon="key" label={t.exportPrivateKey} pending={pending} testId="portico-export-key" onOpen={() => dispatch(embeddedActions.keyExportRequested({ namespace }))} />
}
