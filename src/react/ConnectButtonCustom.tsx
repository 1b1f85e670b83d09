'use client'

import { useEffect, useState, type ReactNode } from 'react'
import type { AccountState } from '../store/slices/account'
import { selectActiveNetwork, selectIsUnsupported } from '../store/slices/network'
import type { CaipNetwork } from '../types/network'
import { useLocale } from '../ui/locales/useLocale'
import { accountDisplayBalance } from './accountDisplayBalance'
import { accountDisplayName } from './buttonChrome'
import { useAccount, useModal, usePorticoSelector } from './hooks'
import { preloadModal } from './preloadModal'

/** What `<ConnectButton.Custom>` hands its render function. */
export type ConnectButtonRenderProps = {
  /** The active account while connected, else undefined. */
  account:
    | {
        address: string
        namespace: string
        /** Profile name, or the short address ('0x12…345678'). */
        displayName: string
        /** Native balance as a decimal string, once read. */
        balance: string | undefined
        balanceSymbol: string | undefined
        /** '0.512 ETH', as the AccountButton shows it; undefined until read. */
        displayBalance: string | undefined
      }
    | undefined
  /** The active network; `unsupported` when the wallet is on one the dapp does not offer. */
  network: { caipNetworkId: CaipNetwork['caipNetworkId']; id: CaipNetwork['id']; name: string; unsupported: boolean } | undefined
  status: AccountState['status']
  /**
   * false on the server and in the first (hydrating) render, true once mounted in the
   * browser: render nothing account-specific until then, so server and client agree.
   */
  mounted: boolean
  /** Opens the modal on its connect view (what ConnectButton does while disconnected). */
  openConnect(): void
  /** Opens the Account view. */
  openAccount(): void
  /** Opens Networks, or UnsupportedChain while on an unsupported network. */
  openNetworks(): void
}

export type ConnectButtonCustomProps = { children: (props: ConnectButtonRenderProps) => ReactNode }

/**
 * A connect button in the dapp's own markup: the render function gets the account,
 * network, status and the modal's openers, and returns whatever the dapp wants.
 *
 * @example
 * <ConnectButton.Custom>
 *   {({ account, openConnect, openAccount, mounted }) =>
 *     !mounted ? null : account ? <button onClick={openAccount}>{account.displayName}</button> : <button onClick={openConnect}>Sign in</button>}
 * </ConnectButton.Custom>
 */
export function ConnectButtonCustom({ children }: ConnectButtonCustomProps) {
  const { open } = useModal()
  const account = useAccount()
  const { locale } = useLocale()
  const network = usePorticoSelector(selectActiveNetwork)
  const isUnsupported = usePorticoSelector(selectIsUnsupported)
  // A first connection has no active account yet: its namespace's status is the one to hand.
  const anyConnecting = usePorticoSelector((s) => Object.values(s.account.byNamespace).some((a) => a.status === 'connecting'))
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    setMounted(true)
    // Any of the openers may be the next click: fetch the modal's chunk now, not on hover.
    void preloadModal().catch(() => undefined)
  }, [])
  return children({
    account:
      account.isConnected && account.address !== undefined && account.namespace !== undefined
        ? {
            address: account.address,
            namespace: account.namespace,
            displayName: accountDisplayName(account),
            balance: account.balance,
            balanceSymbol: account.balanceSymbol,
            displayBalance: accountDisplayBalance(account, locale),
          }
        : undefined,
    network: network && { caipNetworkId: network.caipNetworkId, id: network.id, name: network.name, unsupported: isUnsupported },
    status: account.status === 'disconnected' && anyConnecting ? 'connecting' : account.status,
    mounted,
    // Disconnected, the SPEC's opening view (AllWallets on mobile); connected, Connect to add a wallet.
    openConnect: () => open(account.isConnected ? { view: 'Connect' } : undefined),
    openAccount: () => open({ view: 'Account' }),
    openNetworks: () => open({ view: isUnsupported ? 'UnsupportedChain' : 'Networks' }),
  })
}
