import { useState, type FormEvent } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { embeddedActions } from '../../store/slices/embedded'
import { isEmail } from '../../validation/email'
import { isOtp } from '../../validation/otp'
import { TextField } from '../components/TextField'
import { Loading } from '../components/StatusMessage'
import { format, translate } from '../strings'
import { useCooldownSeconds } from '../useCooldown'
import { useStrings } from '../useStrings'
import { OTP_LENGTH } from './EmailVerifyOtpView'
import { lazyState } from '../../store/lazyState'

/**
 * SPEC §4 email update, first step: the new address. The saga sends UPDATE_EMAIL and
 * moves on to the code the frame asks for (VERIFY_PRIMARY_OTP or VERIFY_SECONDARY_OTP);
 * another request is blocked while the 30 s resend cooldown runs (SPEC §5).
 */
export function UpdateEmailView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  // The embedded wallet's user, whichever of its namespaces holds it.
  const current = usePorticoSelector((s) => Object.values(s.account.byNamespace).find((account) => account.user?.email)?.user?.email ?? undefined)
  const pending = usePorticoSelector((s) => lazyState(s, 'embedded').pending)
  const error = usePorticoSelector((s) => lazyState(s, 'embedded').error)
  const wait = useCooldownSeconds()
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const email = value.trim()
    if (!isEmail(email)) return setInvalid(t.invalidEmail)
    if (current !== undefined && email.toLowerCase() === current.toLowerCase()) return setInvalid(t.sameEmail)
    if (pending || wait > 0) return
    dispatch(embeddedActions.updateEmailRequested({ email }))
  }
  const message = invalid ?? (wait > 0 ? format(t.tryAgainAfter, { n: wait }) : error ? translate(t, error) : undefined)
  return (
    <form className="portico-stack" onSubmit={submit} noValidate>
      {current ? (
        // A long address wraps inside the 360px modal instead of running out of it.
        <p className="portico-hint" style={{ overflowWrap: 'anywhere' }}>
          {t.accountEmail}: <strong className="portico-fg">{current}</strong>
        </p>
      ) : null}
      <p className="portico-hint portico-small">{t.updateEmailHint}</p>
      <TextField
        label={t.newEmailLabel}
        type="email"
        name="new-email"
        autoComplete="email"
        placeholder={t.newEmailPlaceholder}
        value={value}
        error={message}
        data-autofocus
        onChange={(event) => {
          setValue(event.target.value)
          setInvalid(undefined)
        }}
      />
      <button type="submit" className="portico-primary" aria-disabled={pending || wait > 0 || undefined}>
        {pending ? <span className="portico-spinner" aria-hidden="true" /> : null}
        {t.sendCode}
      </button>
    </form>
  )
}

/** The primary code: sent to the current address to confirm the change (SPEC §4 VERIFY_PRIMARY_OTP). */
export function UpdateEmailPrimaryOtpView({ email, newEmail }: { email: string; newEmail: string }) {
  const t = useStrings()
  return <UpdateEmailCode hint={format(t.updateEmailPrimaryHint, { email, newEmail })} newEmail={newEmail} />
}

/** The secondary code: sent to the new address to prove it (SPEC §4 VERIFY_SECONDARY_OTP → newEmail). */
export function UpdateEmailSecondaryOtpView({ newEmail }: { newEmail: string }) {
  const t = useStrings()
  return <UpdateEmailCode hint={format(t.updateEmailSecondaryHint, { newEmail })} newEmail={newEmail} />
}

/**
 * A code step of the email update. The saga routes the code by `embedded.step`; a wrong
 * code shows the server's message with the attempts left, and after the last attempt
 * (or when a code expired) "Send new codes" starts the update again, once the 30 s
 * cooldown allows it.
 */
function UpdateEmailCode({ hint, newEmail }: { hint: string; newEmail: string }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const pending = usePorticoSelector((s) => lazyState(s, 'embedded').pending)
  const error = usePorticoSelector((s) => lazyState(s, 'embedded').error)
  const wait = useCooldownSeconds()
  const [code, setCode] = useState('')
  const [incomplete, setIncomplete] = useState(false)
  const submit = (otp: string) => {
    if (!isOtp(otp, { length: OTP_LENGTH })) return setIncomplete(true)
    dispatch(embeddedActions.otpSubmitted({ otp }))
  }
  const message = incomplete ? format(t.otpInvalidLength, { length: OTP_LENGTH }) : error ? translate(t, error) : undefined
  return (
    <form
      className="portico-stack portico-center"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!pending) submit(code)
      }}
    >
      <p className="portico-hint" style={{ overflowWrap: 'anywhere' }}>
        {hint}
      </p>
      <label htmlFor="portico-update-otp" className="portico-visually-hidden">
        {t.otpLabel}
      </label>
      <input
        id="portico-update-otp"
        className="portico-input portico-otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        value={code}
        readOnly={pending}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? 'portico-update-otp-message' : undefined}
        data-autofocus
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH)
          setCode(digits)
          setIncomplete(false)
          if (digits.length === OTP_LENGTH && !pending) submit(digits)
        }}
      />
      {message ? (
        <p id="portico-update-otp-message" className="portico-error portico-small" role="alert">
          {message}
        </p>
      ) : null}
      {pending ? <Loading label={t.otpVerifying} compact /> : null}
      <div className="portico-resend">
        <span className="portico-hint portico-small">{t.resendQuestion}</span>
        <button
          type="button"
          className="portico-link"
          aria-disabled={wait > 0 || pending || undefined}
          onClick={() => {
            if (wait > 0 || pending) return
            setCode('')
            dispatch(embeddedActions.updateEmailRequested({ email: newEmail }))
          }}
        >
          {t.startOver}
        </button>
        {wait > 0 ? (
          <p className="portico-hint portico-small" role="status">
            {format(t.tryAgainAfter, { n: wait })}
          </p>
        ) : null}
      </div>
    </form>
  )
}
