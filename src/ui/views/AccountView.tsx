import { useState } from 'react'
import { WalletFeaturesOrder, type WalletFeature } from '../../config/constants'
import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { messageRecord } from '../../errors/record'
import { alertsActions } from '../../store/slices/alerts'
import { connectorsActions } from '../../store/slices/connectors'
import { selectAccountNetwork } from '../../store/selectors/account'
import { networkFeatures, selectPluginFeatures } from '../../store/selectors/features'
import { routerActions } from '../../store/slices/router'
import type { Route } from '../../store/routes'
import { AccountAvatar, Avatar } from '../components/Avatar'
import { CopyButton } from '../components/CopyButton'
import { Icon, type IconName } from '../components/Icon'
import { Tabs } from '../components/Tabs'
import { formatAmount } from '../format/formatAmount'
import { useLocale } from '../locales/useLocale'
import { truncateAddress } from '../format/truncateAddress'
import { format, type Strings } from '../strings'
import { selectOnrampAvailable } from '../../store/slices/options'
import { useStrings } from '../useStrings'
import { AccountTypeRow } from './account/AccountTypeRow'
import { AddPasskeyRow } from './account/AddPasskeyRow'
import { ExportKeyRow } from './account/ExportKeyRow'
import { SecondFactorRow } from './account/SecondFactorRow'
import { ChangeRecoveryRow } from './account/ChangeRecoveryRow'
import { EmbeddedRow } from './account/EmbeddedRow'
import { ActivityTab } from './account/ActivityTab'
import { NftsTab } from './account/NftsTab'
import { TokensTab } from './account/TokensTab'

type AccountTab = 'tokens' | 'nfts' | 'activity'

/**
 * SPEC §2 Account: who is connected (name or address, copyable), the balance, the
 * network, the wallet actions in SPEC §9 order (onramp, swaps, receive, send) where the
 * dapp and the network allow them, and the Tokens, NFTs and Activity tabs.
 */
export function AccountView() {
  const account = useAccount()
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const { locale } = useLocale()
  // The account's own network, so the two shown together always belong together.
  const network = usePorticoSelector(selectAccountNetwork)
  const features = usePorticoSelector((s) => s.options.features)
  const [tab, setTab] = useState<AccountTab>('tokens')
  const namespace = account.namespace ?? network?.chainNamespace
  // What the namespace's plugin offers on this network (SPEC §5 "Feature support").
  const offered = networkFeatures(
    usePorticoSelector((s) => selectPluginFeatures(s, namespace)),
    network?.caipNetworkId,
  )
  const loadingBalance = account.balance === undefined && account.tokenBalanceStatus === 'loading'

  const available: Record<WalletFeature, boolean> = {
    onramp: usePorticoSelector(selectOnrampAvailable),
    swaps: features.swaps && offered.swaps,
    receive: features.receive && Boolean(account.address),
    send: features.send && offered.send,
  }
  const canRegisterName = offered.names && !account.profileName

  const tabs = [{ key: 'tokens' as const, label: t.tabTokens }, { key: 'nfts' as const, label: t.tabNfts }, ...(features.history ? [{ key: 'activity' as const, label: t.tabActivity }] : [])]

  return (
    <div className="portico-stack">
      <div className="portico-account-header">
        <AccountAvatar address={account.address} image={account.profileImage} />
        <div className="portico-account-name">
          <p className="portico-strong" data-testid="portico-account-address" title={account.address}>
            {account.profileName ?? truncateAddress(account.address ?? '')}
          </p>
          {account.address ? <CopyButton value={account.address} label={t.copyAddress} /> : null}
        </div>
        {account.profileName && account.address ? <p className="portico-hint portico-small">{truncateAddress(account.address)}</p> : null}
        <EmbeddedIdentity />
        <p className="portico-balance" aria-label={t.balance}>
          {account.balance !== undefined ? (
            `${formatAmount(account.balance, undefined, locale)} ${account.balanceSymbol ?? ''}`.trim()
          ) : loadingBalance ? (
            <span className="portico-spinner" aria-hidden="true" />
          ) : (
            '—'
          )}
        </p>
        <button type="button" className="portico-pill" onClick={() => dispatch(routerActions.push({ view: 'Networks' }))}>
          <Avatar name={network?.name ?? '?'} src={network?.assets?.imageUrl} imageId={network?.assets?.imageId ?? network?.caipNetworkId} kind="asset" size="sm" round />
          <span>{network?.name ?? t.selectNetwork}</span>
          <Icon name="chevronDown" size={14} />
        </button>
      </div>

      <div className="portico-actions" role="group" aria-label={t.walletFeatures}>
        {WalletFeaturesOrder.filter((f) => available[f]).map((feature) =>
          feature === 'receive' ? (
            <ReceiveButton key={feature} address={account.address!} t={t} />
          ) : (
            <button key={feature} type="button" className="portico-action" data-feature={feature} onClick={() => dispatch(routerActions.push(featureRoute[feature]))}>
              <Icon name={featureIcon[feature]} />
              <span>{featureLabel(t, feature)}</span>
            </button>
          ),
        )}
      </div>

      <AccountTypeRow />
      <EmbeddedRow icon="mail" label={t.changeEmail} route={{ view: 'UpdateEmail' }} />
      <AddPasskeyRow />
      <ExportKeyRow />
      <SecondFactorRow />
      <ChangeRecoveryRow />
      <EmbeddedRow icon="device" label={t.devices} route={{ view: 'EmbeddedDevices' }} />

      {canRegisterName ? (
        <button type="button" className="portico-row" onClick={() => dispatch(routerActions.push({ view: 'RegisterAccountName' }))}>
          <span className="portico-avatar portico-avatar-md" aria-hidden="true">
            <Icon name="tag" />
          </span>
          <span className="portico-row-label">{t.registerName}</span>
          <Icon name="chevronRight" size={16} />
        </button>
      ) : null}

      <Tabs label={t.accountTabs} tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === 'tokens' ? <TokensTab /> : tab === 'nfts' ? <NftsTab /> : <ActivityTab />}
      </Tabs>

      <button type="button" className="portico-row" onClick={() => dispatch(connectorsActions.disconnectRequested())}>
        <span className="portico-avatar portico-avatar-md" aria-hidden="true">
          <Icon name="disconnect" />
        </span>
        <span className="portico-row-label">{t.disconnect}</span>
      </button>
    </div>
  )
}

const featureRoute: Record<Exclude<WalletFeature, 'receive'>, Route> = { onramp: { view: 'Buy' }, swaps: { view: 'Swap' }, send: { view: 'Send' } }
const featureIcon: Record<WalletFeature, IconName> = { onramp: 'card', swaps: 'swap', receive: 'receive', send: 'send' }
const featureLabel = (t: Strings, feature: WalletFeature) => ({ onramp: t.buy, swaps: t.swap, receive: t.receive, send: t.send })[feature]

/** Receive: the address is what a sender needs, so the action copies it. */
function ReceiveButton({ address, t }: { address: string; t: Strings }) {
  const dispatch = usePorticoDispatch()
  return (
    <button
      type="button"
      className="portico-action"
      data-feature="receive"
      aria-label={`${t.receive}: ${t.copyAddress}`}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(address)
          .then(() => dispatch(alertsActions.toastRequested({ message: messageRecord('notices.copied'), variant: 'success' })))
          .catch(() => undefined)
      }}
    >
      <Icon name="receive" />
      <span>{t.receive}</span>
    </button>
  )
}

/** Embedded wallet (type AUTH): the email it answers to, or the social account's username (SPEC §3 User). */
function EmbeddedIdentity() {
  const t = useStrings()
  const account = useAccount()
  if (account.connectedWalletInfo?.type !== 'AUTH' || !account.user) return null
  const { email, userName } = account.user
  const provider = account.socialProvider as keyof Strings['socialNames'] | undefined
  return (
    <p className="portico-hint portico-small" data-testid="portico-account-identity">
      {email ? (
        <span data-testid="portico-account-email">{email}</span>
      ) : userName ? (
        <span data-testid="portico-account-username">
          {provider ? `${format(t.accountSocial, { provider: t.socialNames[provider] ?? provider })}: ` : ''}@{userName}
        </span>
      ) : null}
    </p>
  )
}
