import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../../react/hooks'
import { selectPluginFeatures } from '../../../store/selectors/features'
import { selectActiveNetwork } from '../../../store/slices/network'
import { smartAccountActions } from '../../../store/slices/smartAccount'
import { Icon } from '../../components/Icon'
import { format, translate } from '../../strings'
import { useStrings } from '../../useStrings'
import { lazyState } from '../../../store/lazyState'

/**
 * The embedded wallet's account type (SPEC §3, §5): on a smart-account-enabled network
 * of a namespace whose plugin has smart accounts (`accountTypes`), which account is in effect (smart account or EOA) and a button to
 * switch to the other. The saga tells the frame; the address and balance follow.
 */
export function AccountTypeRow() {
  const t = useStrings()
  const dispatch = usePorticoDispatch()
  const account = useAccount()
  const network = usePorticoSelector(selectActiveNetwork)
  const enabled = usePorticoSelector((s) => lazyState(s, 'smartAccount').enabledNetworks)
  const switchingTo = usePorticoSelector((s) => lazyState(s, 'smartAccount').switchingTo)
  const error = usePorticoSelector((s) => lazyState(s, 'smartAccount').error)
  const namespace = account.namespace
  const hasSmartAccounts = usePorticoSelector((s) => selectPluginFeatures(s, namespace)?.accountTypes.includes('smartAccount') ?? false)
  if (account.connectedWalletInfo?.type !== 'AUTH' || !namespace || !hasSmartAccounts || network?.chainNamespace !== namespace || !enabled.includes(network.caipNetworkId)) return null
  const current = account.user?.preferredAccountType === 'smartAccount' ? 'smartAccount' : 'eoa'
  const other = current === 'smartAccount' ? 'eoa' : 'smartAccount'
  const name = (type: 'eoa' | 'smartAccount') => (type === 'smartAccount' ? t.accountTypeSmartAccount : t.accountTypeEoa)
  return (
    <>
      <button
        type="button"
        className="portico-row"
        data-testid="portico-account-type"
        data-account-type={current}
        aria-label={format(t.accountTypeSwitchLabel, { current: name(current), other: name(other) })}
        aria-busy={switchingTo !== undefined}
        disabled={switchingTo !== undefined}
        onClick={() => dispatch(smartAccountActions.switchAccountType({ namespace, type: other }))}
      >
        <span className="portico-avatar portico-avatar-md" aria-hidden="true">
          <Icon name="swap" />
        </span>
        <span className="portico-row-label">
          {name(current)}
          <span className="portico-hint portico-small"> · {format(t.accountTypeSwitchTo, { other: name(other) })}</span>
        </span>
        {switchingTo !== undefined ? <span className="portico-spinner" aria-hidden="true" /> : null}
      </button>
      {error ? (
        <p className="portico-error portico-small" role="alert" data-testid="portico-account-type-error">
          {translate(t, error)}
        </p>
      ) : null}
    </>
  )
}
