import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { embeddedActions } from '../../store/slices/embedded'
import { format } from '../strings'
import { useCooldownSeconds } from '../useCooldown'
import { useStrings } from '../useStrings'
import { lazyState } from '../../store/lazyState'

/**
 * "Resend": sends the email login again, blocked for the cooldown (SPEC §5: 30 s,
 * 'Please try again after {n} seconds', counting down).
 */
export function ResendButton({ email, label }: { email: string; label: string }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const pending = usePorticoSelector((s) => lazyState(s, 'embedded').pending)
  const wait = useCooldownSeconds()
  return (
    <div className="portico-resend">
      <span className="portico-hint portico-small">{t.resendQuestion}</span>
      <button
        type="button"
        className="portico-link"
        aria-disabled={wait > 0 || pending || undefined}
        aria-describedby={wait > 0 ? 'portico-resend-wait' : undefined}
        onClick={() => {
          if (wait > 0 || pending) return
          dispatch(embeddedActions.emailSubmitted({ email }))
        }}
      >
        {label}
      </button>
      {wait > 0 ? (
        <p id="portico-resend-wait" className="portico-hint portico-small" role="status">
          {format(t.tryAgainAfter, { n: wait })}
        </p>
      ) : null}
    </div>
  )
}
