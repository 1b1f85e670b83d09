import type { OAuthProvider } from '../../config/constants'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { Icon } from '../components/Icon'
import { ErrorState, Loading } from '../components/StatusMessage'
import { embeddedActions } from '../../store/slices/embedded'
import { format, translate } from '../strings'
import { useStrings } from '../useStrings'
import { lazyState } from '../../store/lazyState'

/**
 * Social login: the provider's window is open; this view waits for the embedded-wallet
 * saga (src/sagas/embeddedSocial.ts) to finish the login, or shows its error with a
 * retry (a retry is a click, so the saga may open a new popup).
 */
export function ConnectingSocialView({ provider }: { provider: OAuthProvider }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const error = usePorticoSelector((s) => lazyState(s, 'embedded').error)
  const name = t.socialNames[provider] ?? provider
  return (
    <div className="portico-stack portico-center">
      <span className={error ? 'portico-ring portico-ring-error' : 'portico-ring portico-ring-busy'}>
        <span className="portico-avatar portico-avatar-lg" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      </span>
      <p className="portico-strong">{format(t.socialTitle, { provider: name })}</p>
      {error ? (
        <ErrorState message={translate(t, error)} onRetry={() => dispatch(embeddedActions.socialRequested({ provider }))} />
      ) : (
        <>
          <p className="portico-hint">{t.socialHint}</p>
          <Loading label={format(t.connecting, { name })} compact />
          <p className="portico-hint portico-small">
            <Icon name="info" size={14} /> {t.socialPopupBlocked}
          </p>
        </>
      )}
    </div>
  )
}
