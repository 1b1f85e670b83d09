import type { ButtonHTMLAttributes } from 'react'
import { truncateAddress } from '../ui/format/truncateAddress'
import { useButtonStrings } from '../ui/useButtonStrings'
import { useAccount, useModal } from './hooks'
import { preloadHandlers } from './preloadModal'

export type ConnectButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  /** Replaces the catalogue's 'Connect Wallet'. */
  label?: string
}

/**
 * Opens the modal: "Connect Wallet" when disconnected, the account (name or short
 * address) when connected. Hovering or focusing it preloads the modal's chunk.
 *
 * @example
 * <ConnectButton label="Sign in" />
 */
export function ConnectButton({ label, className, ...rest }: ConnectButtonProps) {
  const { open } = useModal()
  const account = useAccount()
  const t = useButtonStrings()
  const text = account.isConnected
    ? (account.profileName ?? truncateAddress(account.address ?? ''))
    : account.isConnecting
      ? t.connectingButton
      : (label ?? t.connectWallet)
  return (
    <button
      type="button"
      {...rest}
      className={['portico-button', className].filter(Boolean).join(' ')}
      data-testid="portico-connect-button"
      onClick={() => open()}
      {...preloadHandlers}
    >
      {text}
    </button>
  )
}
