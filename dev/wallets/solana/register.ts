import type { Wallet } from '@wallet-standard/base'

type RegisterApi = { register(...wallets: Wallet[]): () => void }
type Callback = (api: RegisterApi) => void

/**
 * Registers a wallet with every Wallet Standard app on the page, the way wallets do
 * (`registerWallet` of @wallet-standard/wallet): dispatches
 * `wallet-standard:register-wallet` for apps already listening, and answers
 * `wallet-standard:app-ready` for apps that start later. Returns the function that
 * unregisters it everywhere and stops answering.
 */
export function registerWallet(target: EventTarget, wallet: Wallet): () => void {
  const unregisters: (() => void)[] = []
  const callback: Callback = ({ register }) => {
    unregisters.push(register(wallet))
  }
  const onAppReady = (event: Event) => callback((event as CustomEvent<RegisterApi>).detail)
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  target.addEventListener('wallet-standard:app-ready', onAppReady)
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}

/** The page's window where there is one. */
export function defaultWindow(): EventTarget | undefined {
  return typeof window === 'undefined' ? undefined : window
}
