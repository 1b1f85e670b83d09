import { useState, type FormEvent } from 'react'
import { Limits } from '../../config/constants'
import { useAccount, usePorticoDispatch } from '../../react/hooks'
import { TextField } from '../components/TextField'
import { EmptyState } from '../components/StatusMessage'
import { registerNameProblem } from '../forms/registerNameProblem'
import { intents } from '../intents'
import { format } from '../strings'
import { useStrings } from '../useStrings'

/**
 * SPEC §2 RegisterAccountName: the SPEC §5 rule (4+ characters; letters, digits,
 * hyphens) checked live with `isRegisterName` as the visitor types; a valid name goes to
 * the names saga (issue 8), which checks availability, has the wallet sign and registers.
 * SPEC §5: names are eip155 only.
 */
export function RegisterAccountNameView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const account = useAccount()
  const [name, setName] = useState('')
  const [submitted, setSubmitted] = useState(false)
  if (account.namespace && account.namespace !== 'eip155') return <EmptyState message={t.errors.chainNotSupported} />
  const problem = registerNameProblem(name)
  const showProblem = problem && (name !== '' || submitted)
  const message =
    problem === 'tooShort' ? format(t.nameTooShort, { min: Limits.nameMinLength }) : problem === 'invalidCharacters' ? t.nameInvalidCharacters : undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!problem) dispatch(intents.registerNameRequested({ name }))
  }
  return (
    <form className="portico-stack" onSubmit={submit} noValidate>
      {account.profileName ? <p className="portico-hint">{format(t.currentName, { name: account.profileName })}</p> : null}
      <TextField
        label={t.nameLabel}
        placeholder={t.namePlaceholder}
        value={name}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        data-autofocus
        onChange={(event) => setName(event.target.value.trim())}
        error={showProblem ? message : undefined}
        hint={format(t.nameHint, { min: Limits.nameMinLength })}
        end={<span className="portico-input-suffix">{t.nameSuffix}</span>}
      />
      <button type="submit" className="portico-primary portico-wide">
        {t.registerNameSubmit}
      </button>
    </form>
  )
}
