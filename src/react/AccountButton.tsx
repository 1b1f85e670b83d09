'use client'

import type { ButtonHTMLAttributes } from 'react'
import { format } from '../ui/mergeStrings'
import { useLocale } from '../ui/locales/useLocale'
import { useButtonStrings } from '../ui/useButtonStrings'
import { accountDisplayBalance } from './accountDisplayBalance'
import { accountDisplayName, useButtonChrome } from './buttonChrome'
import { useAccount, useModal } from './hooks'
import { preloadHandlers } from './preloadModal'

export type AccountButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  /** Show the native balance beside the name (default true). */
  balance?: boolean
}

/**
 * The connected account: balance and name (or short address); opens the Account view.
 * Disconnected, it is a connect button, so a dapp can place it once.
 *
 * @example
 * <AccountButton balance={false} />
 */
export function AccountButton({ balance = true, className, style, ...rest }: AccountButtonProps) {
  const { open } = useModal()
  const account = useAccount()
  const t = useButtonStrings()
  const chrome = useButtonChrome({ className, style }, 'portico-account-button')
  const name = accountDisplayName(account)
  const { locale } = useLocale()
  const shownBalance = balance ? accountDisplayBalance(account, locale) : undefined
  const connected = account.isConnected
  // The label holds every word the button shows, in order (WCAG 2.5.3, "label in name"),
  // so a voice user who says what they see reaches it.
  const visible = shownBalance ? `${shownBalance} ${name}` : name
  return (
    <button
      type="button"
      {...rest}
      {...chrome}
      data-testid="portico-account-button"
      data-status={account.status}
      aria-busy={account.isReconnecting || undefined}
      aria-label={connected ? format(t.accountButtonLabel, { account: visible }) : undefined}
      onClick={() => open(connected ? { view: 'Account' } : undefined)}
      {...preloadHandlers}
    >
      {connected ? (
        <>
          {shownBalance ? <span className="portico-account-button-balance">{shownBalance}</span> : null}
          {shownBalance ? ' ' : null}
          <span>{name}</span>
        </>
      ) : account.isConnecting ? (
        t.connectingButton
      ) : account.isReconnecting ? (
        t.reconnectingButton
      ) : (
        t.connectWallet
      )}
    </button>
  )
}
