// Puts the dev wallet into a page: EIP-6963 announcements (and, if asked, the legacy
// `window.ethereum`), exactly as a browser extension wallet does.
import type { Hex } from 'viem'
import { DEV_PRIVATE_KEYS } from '../../chain/devAccounts'
import { createDevWalletProvider, type DevWalletOptions, type DevWalletProvider } from './provider'

/** EIP-6963 provider info (`EIP6963ProviderInfo`). */
export type WalletInfo = { uuid: string; name: string; icon: string; rdns: string }

/** The part of `window` the wallet needs; an `EventTarget` is enough in Node tests. */
export type WalletHost = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & { ethereum?: unknown }

export const DEV_WALLET_NAME = 'Portico Dev Wallet'
export const DEV_WALLET_RDNS = 'dev.portico.wallet'

/** A 96×96 SVG as a data URI (EIP-6963 wants a data URI, so no request leaves the page). */
export const DEV_WALLET_ICON = `data:image/svg+xml;base64,${base64(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#2f6f4f"/>' +
    '<path d="M24 30h36a12 12 0 0 1 12 12v24a6 6 0 0 1-6 6H24a6 6 0 0 1-6-6V36a6 6 0 0 1 6-6z" fill="#f4efe6"/>' +
    '<circle cx="62" cy="51" r="6" fill="#2f6f4f"/></svg>',
)}`

export type InstallDevWalletOptions = Omit<DevWalletOptions, 'privateKey'> & {
  /** The first development key by default. */
  privateKey?: Hex | undefined
  /** Where to announce; the global `window` by default. */
  window?: WalletHost | undefined
  /** Overrides for the EIP-6963 info (a second wallet in a test needs another rdns). */
  info?: Partial<WalletInfo> | undefined
  /** Also set `window.ethereum`, for dapps that only know the legacy injection. */
  legacy?: boolean | undefined
}

export type InstalledDevWallet = {
  provider: DevWalletProvider
  info: WalletInfo
  /** Stops answering `eip6963:requestProvider` and removes `window.ethereum` if it set it. */
  uninstall(): void
}

/**
 * Installs the dev wallet: announces it through EIP-6963 now and on every
 * `eip6963:requestProvider`, and optionally as `window.ethereum`.
 *
 * @example
 * installDevWallet({ rpcUrls: { 1: 'http://127.0.0.1:8545', 10: 'http://127.0.0.1:8546' } })
 */
export function installDevWallet(options: InstallDevWalletOptions): InstalledDevWallet {
  const host = options.window ?? (globalThis as { window?: WalletHost }).window
  if (!host) throw new Error('installDevWallet: no window to announce in; pass options.window')
  const provider = createDevWalletProvider({ ...options, privateKey: options.privateKey ?? DEV_PRIVATE_KEYS[0] })
  const info: WalletInfo = Object.freeze({
    uuid: options.info?.uuid ?? globalThis.crypto.randomUUID(),
    name: options.info?.name ?? DEV_WALLET_NAME,
    icon: options.info?.icon ?? DEV_WALLET_ICON,
    rdns: options.info?.rdns ?? DEV_WALLET_RDNS,
  })
  const detail = Object.freeze({ info, provider })
  // The host's own CustomEvent class: a DOM (jsdom, an iframe) only accepts its own events.
  const CustomEventClass = (host as { CustomEvent?: typeof CustomEvent }).CustomEvent ?? CustomEvent
  const announce = () => host.dispatchEvent(new CustomEventClass('eip6963:announceProvider', { detail }))
  host.addEventListener('eip6963:requestProvider', announce)
  announce()
  if (options.legacy) host.ethereum = provider
  return {
    provider,
    info,
    uninstall() {
      host.removeEventListener('eip6963:requestProvider', announce)
      if (host.ethereum === provider) delete host.ethereum
    },
  }
}

function base64(text: string): string {
  // btoa in browsers and Node ≥ 16; the SVG is ASCII.
  return globalThis.btoa(text)
}
