import type { ButtonHTMLAttributes } from 'react'
import { formatAmount } from '../ui/format/formatAmount'
import { truncateAddress } from '../ui/format/truncateAddress'
import { format } from '../ui/mergeStrings'
import { useButtonStrings } from '../ui/useButtonStrings'
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
export function AccountButton({ balance = true, className, ...rest }: AccountButtonProps) {
  const { open } = useModal()
  const account = useAccount()
  const t = useButtonStrings()
  const name = account.profileName ?? truncateAddress(account.address ?? '')
  const connected = account.isConnected
  return (
    <button
      type="button"
      {...rest}
      className={['portico-button', 'portico-account-button', className].filter(Boolean).join(' ')}
      data-testid="portico-account-button"
      aria-label={connected ? format(t.accountButtonLabel, { account: name }) : undefined}
      onClick={() => open(connected ? { view: 'Account' } : undefined)}
      {...preloadHandlers}
    >
      {connected ? (
        <>
          {balance && account.balance !== undefined ? (
            <span className="portico-account-button-balance">{`${formatAmount(account.balance)} ${account.balanceSymbol ?? ''}`.trim()}</span>
          ) : null}
          <span>{name}</span>
        </>
      ) : account.isConnecting ? (
        t.connectingButton
      ) : (
        t.connectWallet
      )}
    </button>
  )
}
