import { useState, type FormEvent } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { embeddedActions } from '../../store/slices/embedded'
import { isOtp } from '../../validation/otp'
import { Loading } from '../components/StatusMessage'
import { format, translate } from '../strings'
import { useStrings } from '../useStrings'
import { ResendButton } from '../components/ResendButton'
import { lazyState } from '../../store/lazyState'

/** Digits in the code the auth service sends. */
export const OTP_LENGTH = 6

/**
 * Email login, one-time code step (SPEC §4 VERIFY_OTP): the code is sent to the
 * embedded-wallet saga as soon as all its digits are typed or pasted; the saga reports
 * a wrong code as an error here, and resending honours the 30 s cooldown (SPEC §5).
 */
export function EmailVerifyOtpView({ email }: { email: string }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const pending = usePorticoSelector((s) => lazyState(s, 'embedded').pending)
  const error = usePorticoSelector((s) => lazyState(s, 'embedded').error)
  const [code, setCode] = useState('')
  const [incomplete, setIncomplete] = useState(false)
  const submit = (otp: string) => {
    if (!isOtp(otp, { length: OTP_LENGTH })) {
      setIncomplete(true)
      return
    }
    dispatch(embeddedActions.otpSubmitted({ otp }))
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!pending) submit(code)
  }
  const message = incomplete ? format(t.otpInvalidLength, { length: OTP_LENGTH }) : error ? translate(t, error) : undefined
  return (
    <form className="portico-stack portico-center" onSubmit={onSubmit} noValidate>
      <p className="portico-hint">
        {t.otpTitle} <strong className="portico-fg">{email}</strong>
      </p>
      <label htmlFor="portico-otp" className="portico-visually-hidden">
        {t.otpLabel}
      </label>
      <input
        id="portico-otp"
        className="portico-input portico-otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        value={code}
        readOnly={pending}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? 'portico-otp-message' : 'portico-otp-hint'}
        data-autofocus
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH)
          setCode(digits)
          setIncomplete(false)
          if (digits.length === OTP_LENGTH && !pending) submit(digits)
        }}
      />
      {message ? (
        <p id="portico-otp-message" className="portico-error portico-small" role="alert">
          {message}
        </p>
      ) : (
        <p id="portico-otp-hint" className="portico-hint portico-small">
          {t.otpHint}
        </p>
      )}
      {pending ? <Loading label={t.otpVerifying} compact /> : null}
      <ResendButton email={email} label={t.resendCode} />
    </form>
  )
}
