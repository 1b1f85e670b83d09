import { Icon } from '../components/Icon'
import { useStrings } from '../useStrings'
import { EmailVerifyOtpView } from './EmailVerifyOtpView'

/**
 * Email login, new-device step (SPEC §4 VERIFY_DEVICE): the server emails a code that
 * approves this browser. It is typed like the login code; the embedded-wallet saga sends
 * it as CONNECT_DEVICE (the step decides), and the server then sends the login code.
 */
export function EmailVerifyDeviceView({ email }: { email: string }) {
  const t = useStrings()
  return (
    <div className="portico-stack portico-center">
      <span className="portico-ring">
        <span className="portico-avatar portico-avatar-lg portico-avatar-round" aria-hidden="true">
          <Icon name="mail" size={28} />
        </span>
      </span>
      <p className="portico-strong">{t.deviceTitle}</p>
      <EmailVerifyOtpView email={email} />
    </div>
  )
}
