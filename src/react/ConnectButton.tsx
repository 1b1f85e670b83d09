'use client'

import type { ButtonHTMLAttributes } from 'react'
import { useButtonStrings } from '../ui/useButtonStrings'
import { accountDisplayName, useButtonChrome } from './buttonChrome'
import { ConnectButtonCustom } from './ConnectButtonCustom'
import { useAccount, useModal } from './hooks'
import { preloadHandlers } from './preloadModal'

export type ConnectButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  /** Replaces the catalogue's 'Connect Wallet'. */
  label?: string
}

/**
 * Opens the modal: "Connect Wallet" when disconnected, the account (name or short
 * address) when connected, "Reconnecting…" while the last visit's connection is restored. Hovering or focusing it preloads the modal's chunk.
 * `ConnectButton.Custom` is the same button in the dapp's own markup (a render prop).
 *
 * @example
 * <ConnectButton label="Sign in" />
 */
export function ConnectButton({ label, className, style, ...rest }: ConnectButtonProps) {
  const { open } = useModal()
  const account = useAccount()
  const t = useButtonStrings()
  const chrome = useButtonChrome({ className, style })
  // While the last visit's connection is restored the button says so, never "Connect Wallet" (no flash before the account).
  const text = account.isConnected ? accountDisplayName(account) : account.isConnecting ? t.connectingButton : account.isReconnecting ? t.reconnectingButton : (label ?? t.connectWallet)
  return (
    <button
      type="button"
      {...rest}
      {...chrome}
      data-testid="portico-connect-button"
      data-status={account.status}
      aria-busy={account.isReconnecting || undefined}
      onClick={() => open()}
      {...preloadHandlers}
    >
      {text}
    </button>
  )
}

ConnectButton.Custom = ConnectButtonCustom
