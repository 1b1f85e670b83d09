import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../../react/hooks'
import { embeddedActions } from '../../../store/slices/embedded'
import { Icon } from '../../components/Icon'
import { useStrings } from '../../useStrings'

/**
 * Issue 32: "Export private key" for an embedded wallet. The frame shows its own prompt
 * (what export means, a fresh email code or passkey, then the key, in the frame only);
 * this row only asks for it and shows that the prompt is open. A failure is a toast.
 */
export function ExportKeyRow() {
  const t = useStrings()
  const dispatch = usePorticoDispatch()
  const account = useAccount()
  const pending = usePorticoSelector((s) => s.embedded?.keyExportPending === true)
  if (account.connectedWalletInfo?.type !== 'AUTH') return null
  // The account's own namespace; the frame refuses one its wallet does not hold.
  const namespace = account.namespace
  return (
    <button type="button" className="portico-row" data-testid="portico-export-key" disabled={pending} aria-busy={pending} onClick={() => dispatch(embeddedActions.keyExportRequested({ namespace }))}>
      <span className="portico-avatar portico-avatar-md" aria-hidden="true">
        <Icon name="key" />
      </span>
      <span className="portico-row-label">{t.exportPrivateKey}</span>
      {pending ? (
        <span className="portico-hint portico-small" role="status">
          <span className="portico-spinner" aria-hidden="true" /> {t.exportPrivateKeyPending}
        </span>
      ) : null}
    </button>
  )
}
