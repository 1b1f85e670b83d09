import type { ButtonHTMLAttributes } from 'react'
import { useAccount, useModal } from './hooks'
import { preloadModal } from './preloadModal'
import { truncateAddress } from '../ui/format/truncateAddress'

export type ConnectButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  label?: string
}

/**
 * Opens the modal: "Connect Wallet" when disconnected, the account (name or short
 * address) when connected.
 *
 * @example
 * <ConnectButton label="Sign in" />
 */
export function ConnectButton({ label = 'Connect Wallet', className, ...rest }: ConnectButtonProps) {
  const { open } = useModal()
  const account = useAccount()
  const text = account.isConnected
    ? (account.profileName ?? truncateAddress(account.address ?? ''))
    : account.isConnecting
      ? 'Connecting…'
      : label
  return (
    <button
      type="button"
      {...rest}
      className={['portico-button', className].filter(Boolean).join(' ')}
      data-testid="portico-connect-button"
      onClick={() => open()}
      onPointerEnter={() => void preloadModal()}
      onFocus={() => void preloadModal()}
    >
      {text}
    </button>
  )
}
