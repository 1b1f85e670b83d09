import { Fragment, useId, type ReactNode } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import type { PorticoState } from '../../store/rootReducer'
import { modalActions } from '../../store/slices/modal'
import { useStrings } from '../useStrings'

/** `features.legalCheckbox` is on and the visitor has not ticked it yet: every connect waits. */
export const selectLegalBlocked = (s: PorticoState): boolean => s.options.features.legalCheckbox && !s.modal.legalAccepted

/**
 * The id of the hint that says why the connect options are disabled, for their
 * `aria-describedby`; the checkbox renders it while the options wait.
 */
export function useLegalHintId(): string {
  return `portico-legal-hint-${useId().replace(/:/g, '')}`
}

/**
 * `features.legalCheckbox`: "I agree to the Terms of Service and the Privacy Policy",
 * with the dapp's links, above the connect options. Until it is ticked the options are
 * disabled (their fieldset) and this says why. Renders nothing when the feature is off.
 */
export function LegalCheckbox({ hintId }: { hintId: string }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const enabled = usePorticoSelector((s) => s.options.features.legalCheckbox)
  const accepted = usePorticoSelector((s) => s.modal.legalAccepted)
  const { termsConditionsUrl, privacyPolicyUrl } = usePorticoSelector((s) => s.options.legal)
  const inputId = useId()
  if (!enabled) return null
  const template = termsConditionsUrl && privacyPolicyUrl ? t.legalAgree : termsConditionsUrl ? t.legalAgreeTerms : t.legalAgreePrivacy
  const links: Record<string, ReactNode> = {
    terms: <LegalLink href={termsConditionsUrl} label={t.termsOfService} />,
    privacy: <LegalLink href={privacyPolicyUrl} label={t.privacyPolicy} />,
  }
  return (
    <div className="portico-legal" data-testid="portico-legal">
      <div className="portico-legal-row">
        {/* The box's tap target: on a touch screen 44×44 px around a 24 px box (docs/ui.md). */}
        <label className="portico-checkbox-target">
          <input id={inputId} type="checkbox" className="portico-checkbox" checked={accepted} onChange={(event) => dispatch(modalActions.legalAcceptedSet(event.target.checked))} />
        </label>
        <label htmlFor={inputId} className="portico-small">
          {template.split(/(\{terms\}|\{privacy\})/).map((part, index) => (
            <Fragment key={index}>{part === '{terms}' ? links.terms : part === '{privacy}' ? links.privacy : part}</Fragment>
          ))}
        </label>
      </div>
      {accepted ? null : (
        <p id={hintId} className="portico-hint portico-small" role="status">
          {t.legalRequired}
        </p>
      )}
    </div>
  )
}

function LegalLink({ href, label }: { href: string | undefined; label: string }) {
  // A new tab keeps the modal (and the connect the visitor is about to make) where it is.
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="portico-link">
      {label}
    </a>
  )
}
