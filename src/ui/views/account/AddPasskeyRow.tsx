import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../../react/hooks'
import { embeddedActions } from '../../../store/slices/embedded'
import { Icon } from '../../components/Icon'
import { useStrings } from '../../useStrings'

/**
 * Issue 32: an embedded user (signed in by email or a social account) adds a passkey to
 * their wallet, with `features.passkey`. The frame shows its own prompt, where the
 * WebAuthn ceremony runs from the visitor's click; the result comes back as a toast.
 */
export function AddPasskeyRow() {
  const t = useStrings()
  const dispatch = usePorticoDispatch()
  const account = useAccount()
  const enabled = usePorticoSelector((s) => s.options.features.passkey)
  if (!enabled || account.connectedWalletInfo?.type !== 'AUTH') return null
  return (
    <button type="button" className="portico-row" onClick={() => dispatch(embeddedActions.passkeyAddRequested())}>
      <span className="portico-avatar portico-avatar-md" aria-hidden="true">
        <Icon name="key" />
      </span>
      <span className="portico-row-label">{t.addPasskey}</span>
    </button>
  )
}
