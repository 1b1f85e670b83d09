import { usePorticoDispatch } from '../../react/hooks'
import { routerActions } from '../../store/slices/router'
import { Icon } from '../components/Icon'
import { format } from '../strings'
import { useStrings } from '../useStrings'

/** SPEC §2 RegisterAccountNameSuccess: the name is registered and is now the profile name. */
export function RegisterAccountNameSuccessView({ name }: { name: string }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  return (
    <div className="portico-stack portico-center">
      <span className="portico-avatar portico-avatar-xl portico-avatar-round portico-success-badge" aria-hidden="true">
        <Icon name="check" size={32} />
      </span>
      <p className="portico-strong" role="status">
        {format(t.nameRegistered, { name })}
      </p>
      <button type="button" className="portico-primary portico-wide" onClick={() => dispatch(routerActions.reset({ view: 'Account' }))}>
        {t.backToAccount}
      </button>
    </div>
  )
}
