import { useEffect, useState, type FormEvent } from 'react'
import { Limits } from '../../config/constants'
import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { selectPluginFeatures } from '../../store/selectors/features'
import { namesActions } from '../../store/slices/names'
import { TextField } from '../components/TextField'
import { EmptyState, Loading } from '../components/StatusMessage'
import { registerNameProblem } from '../forms/registerNameProblem'
import { format, translate } from '../strings'
import { useStrings } from '../useStrings'
import { lazyState } from '../../store/lazyState'

/**
 * SPEC §2 RegisterAccountName: the SPEC §5 rule (4+ characters; letters, digits,
 * hyphens) checked live as the visitor types; the names saga then suggests names and
 * says whether the typed one is free (debounced), and on submit has the wallet sign the
 * registration message and registers it. Only where the account's namespace plugin offers
 * names (SPEC §5 "Feature support").
 */
export function RegisterAccountNameView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const account = useAccount()
  const names = usePorticoSelector((s) => lazyState(s, 'names'))
  const offersNames = usePorticoSelector((s) => selectPluginFeatures(s, account.namespace)?.names ?? false)
  const [submitted, setSubmitted] = useState(false)
  useEffect(() => {
    dispatch(namesActions.reset())
  }, [dispatch])
  if (account.namespace && !offersNames) return <EmptyState message={t.errors.chainNotSupported} />

  const name = names.query
  const problem = registerNameProblem(name)
  const busy = names.status === 'signing' || names.status === 'registering'
  const ruleMessage = problem === 'tooShort' ? format(t.nameTooShort, { min: Limits.nameMinLength }) : problem === 'invalidCharacters' ? t.nameInvalidCharacters : undefined
  const shown = names.fullName ?? `${name.toLowerCase()}${t.nameSuffix}`
  const fieldError = (name !== '' || submitted) && ruleMessage ? ruleMessage : names.availability === 'taken' ? format(t.nameTaken, { name: shown }) : undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!problem && !busy && names.availability !== 'taken') dispatch(namesActions.registerRequested({ name }))
  }
  const setName = (value: string) => dispatch(namesActions.queryChanged({ name: value.trim() }))
  const suggestions = names.suggestions.filter((s) => !s.registered && s.name.toLowerCase() !== shown.toLowerCase())

  return (
    <form className="portico-stack" onSubmit={submit} noValidate data-testid="portico-register-name">
      {account.profileName ? <p className="portico-hint">{format(t.currentName, { name: account.profileName })}</p> : null}
      <TextField
        label={t.nameLabel}
        placeholder={t.namePlaceholder}
        value={name}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        data-autofocus
        disabled={busy}
        onChange={(event) => setName(event.target.value)}
        error={fieldError}
        hint={format(t.nameHint, { min: Limits.nameMinLength })}
        end={<span className="portico-input-suffix">{t.nameSuffix}</span>}
      />
      {!problem && names.availability === 'checking' ? <Loading label={format(t.nameChecking, { name: shown })} compact /> : null}
      {!problem && names.availability === 'available' && !busy ? (
        <p className="portico-hint portico-small portico-success" role="status" data-testid="portico-name-available">
          {format(t.nameAvailable, { name: shown })}
        </p>
      ) : null}
      {!problem && suggestions.length > 0 && !busy ? (
        <div className="portico-stack-tight" role="group" aria-label={t.nameSuggestions}>
          <p className="portico-label">{t.nameSuggestions}</p>
          <div className="portico-row-buttons">
            {suggestions.map((s) => (
              <button key={s.name} type="button" className="portico-pill" onClick={() => setName(s.name.split('.')[0] ?? s.name)}>
                {s.name}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {names.error && !busy ? (
        <p className="portico-error" role="alert" data-testid="portico-name-error">
          {translate(t, names.error)}
          {names.reason === 'taken' ? ` ${t.nameTakenRetry}` : ''}
        </p>
      ) : null}
      {busy ? <Loading label={names.status === 'signing' ? t.nameSigning : format(t.nameRegistering, { name: shown })} compact /> : null}
      <button type="submit" className="portico-primary portico-wide" disabled={busy}>
        {t.registerNameSubmit}
      </button>
    </form>
  )
}
