import { usePorticoSelector } from '../../react/hooks'
import { Icon } from '../components/Icon'
import { ErrorState, Loading } from '../components/StatusMessage'
import { format, translateError } from '../strings'
import { useStrings } from '../useStrings'
import { ResendButton } from '../components/ResendButton'

/**
 * Email login, new-device step (SPEC §4 VERIFY_DEVICE): the visitor approves this
 * browser from the email; the embedded-wallet saga moves on when the approval lands.
 */
export function EmailVerifyDeviceView({ email }: { email: string }) {
  const t = useStrings()
  const error = usePorticoSelector((s) => s.embedded.error)
  return (
    <div className="portico-stack portico-center">
      <span className="portico-ring">
        <span className="portico-avatar portico-avatar-lg portico-avatar-round" aria-hidden="true">
          <Icon name="mail" size={28} />
        </span>
      </span>
      <p className="portico-strong">{t.deviceTitle}</p>
      <p className="portico-hint">{format(t.deviceHint, { email })}</p>
      {error ? <ErrorState message={translateError(t, error)} /> : <Loading label={t.deviceWaiting} compact />}
      <ResendButton email={email} label={t.resendLink} />
    </div>
  )
}
