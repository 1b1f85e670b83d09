import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useAccount, usePortico, usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { networkFeatures, selectPluginFeatures } from '../../store/selectors/features'
import { accountActions } from '../../store/slices/account'
import { sendActions } from '../../store/slices/send'
import { tokenBalanceKey as tokenKey } from '../../types/tokenBalance'
import { TransactionResult, typedAmount } from '../components/TransactionResult'
import { networkOfCaipAddress } from '../../types/network'
import { ErrorState, Loading } from '../components/StatusMessage'
import { TextField } from '../components/TextField'
import { formatAmount } from '../format/formatAmount'
import { useLocale } from '../locales/useLocale'
import { truncateAddress } from '../format/truncateAddress'
import { sendProblem } from '../forms/sendProblem'
import { format, translate } from '../strings'
import { useStrings } from '../useStrings'
import { lazyState } from '../../store/lazyState'

/**
 * Send: token, amount and receiver, kept in the send slice (so a network switch clears
 * them, SPEC §4), checked live with `validateSend` (SPEC §5, the SPEC §8 messages); a
 * valid send goes to the send saga, which asks the wallet (ApproveTransaction); a sent
 * one ends on the result state.
 */
export function SendView() {
  const dispatch = usePorticoDispatch()
  const portico = usePortico()
  const t = useStrings()
  const { locale } = useLocale()
  const id = useId()
  const account = useAccount()
  const send = usePorticoSelector((s) => lazyState(s, 'send'))
  const plugin = usePorticoSelector((s) => selectPluginFeatures(s, account.namespace))
  const [touched, setTouched] = useState(false)
  const namespace = account.namespace
  const status = account.tokenBalanceStatus
  const tokens = account.tokenBalance

  // Fresh balances each time Send opens: the visitor may have received funds since they
  // were read, and the amount is checked against them.
  const requested = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!namespace || !account.isConnected || requested.current === namespace) return
    requested.current = namespace
    dispatch(accountActions.balanceRequested(status === 'idle' ? { namespace } : { namespace, force: true }))
  }, [dispatch, namespace, account.isConnected, status])
  const picked = useRef(false)
  useEffect(() => {
    // Once, when balances arrive: the native coin (no token address) is the natural first choice.
    if (picked.current || tokens.length === 0) return
    picked.current = true
    if (!send.token) dispatch(sendActions.tokenSet(tokens.find((tk) => !tk.address) ?? tokens[0]))
  }, [dispatch, send.token, tokens])

  if (status === 'error' && tokens.length === 0) {
    return <ErrorState message={t.errors.tokenBalanceUnavailable} onRetry={namespace ? () => dispatch(accountActions.balanceRequested({ namespace, force: true })) : undefined} />
  }
  if (status !== 'loaded' && tokens.length === 0) return <Loading label={t.loadingTokens} />

  if (send.status === 'sent' && send.hash) {
    const amount = typedAmount(send.amount ?? '', send.token?.symbol ?? '', locale)
    const receiver = send.receiverProfileName ?? truncateAddress(send.receiverAddress ?? '')
    return (
      <TransactionResult
        title={t.sent}
        summary={format(t.sentSummary, { amount, receiver })}
        hash={send.hash}
        caipNetworkId={account.caipAddress ? networkOfCaipAddress(account.caipAddress) : undefined}
      />
    )
  }

  const refreshing = status === 'loading'
  // The namespace plugin decides: whether it sends (its features, as the store holds them)
  // and what an address is (its rule, from the registry).
  const isAddress = namespace ? (address: string) => portico.config.registry.isAddressFor(namespace, address) : undefined
  const canSend = networkFeatures(plugin, undefined).send
  const problem = sendProblem({ amount: send.amount, receiverAddress: send.receiverAddress, token: send.token, chainNamespace: namespace, canSend, isAddress })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (!problem && !refreshing && send.status !== 'sending') dispatch(sendActions.sendRequested())
  }
  const sending = send.status === 'sending'
  return (
    <form className="portico-stack" onSubmit={submit} noValidate>
      <div className="portico-field">
        <label htmlFor={`${id}-token`} className="portico-label">
          {t.token}
        </label>
        <select
          id={`${id}-token`}
          className="portico-select portico-wide"
          value={send.token ? tokenKey(send.token) : ''}
          onChange={(event) => {
            setTouched(true)
            dispatch(sendActions.tokenSet(tokens.find((tk) => tokenKey(tk) === event.target.value)))
          }}
        >
          <option value="">{t.selectToken}</option>
          {tokens.map((tk) => (
            <option key={tokenKey(tk)} value={tokenKey(tk)}>
              {`${tk.symbol} · ${formatAmount(tk.quantity.numeric, undefined, locale)}`}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t.amount}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.0"
        value={send.amount ?? ''}
        data-autofocus
        onChange={(event) => {
          setTouched(true)
          dispatch(sendActions.amountSet(event.target.value.replace(',', '.') || undefined))
        }}
        hint={send.token ? format(t.available, { amount: `${formatAmount(send.token.quantity.numeric, undefined, locale)} ${send.token.symbol}` }) : undefined}
        end={
          send.token ? (
            <button type="button" className="portico-input-button" onClick={() => dispatch(sendActions.amountSet(send.token!.quantity.numeric))}>
              {t.max}
            </button>
          ) : null
        }
      />
      <TextField
        label={t.receiver}
        placeholder={t.receiverPlaceholder}
        autoComplete="off"
        spellCheck={false}
        value={send.receiverAddress ?? ''}
        onChange={(event) => {
          setTouched(true)
          dispatch(sendActions.receiverSet({ address: event.target.value.trim() || undefined }))
        }}
      />
      {touched && problem ? (
        <p className="portico-error portico-small" role="alert" data-testid="portico-send-problem">
          {translate(t, problem)}
        </p>
      ) : null}
      {send.status === 'failed' && send.error ? <ErrorState message={translate(t, send.error)} /> : null}
      {sending ? <Loading label={t.sending} compact /> : null}
      {/* Disabled while the balances it is checked against are being read again, and while
          the form shows a problem (an amount over the balance, a bad address): Send must not
          look possible when it is not. */}
      <button type="submit" className="portico-primary portico-wide" disabled={refreshing || (touched && problem !== undefined)} aria-busy={refreshing}>
        {t.reviewSend}
      </button>
    </form>
  )
}
