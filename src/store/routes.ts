import type { OAuthProvider } from '../config/constants'
import type { CaipNetworkId } from '../types/network'

/**
 * Every view of the modal with its typed parameters (a discriminated union, so a view
 * can only be opened with what it needs). SPEC §2 names are kept verbatim; the views
 * after them are the ones the product needs beside them.
 */
export type Route =
  | { view: 'Connect' }
  | { view: 'Account' }
  | { view: 'AllWallets' }
  | { view: 'ConnectingWalletConnectBasic' }
  | { view: 'ConnectingWalletConnect'; params: { walletId?: string | undefined } }
  | { view: 'ConnectingExternal'; params: { connectorId: string } }
  | { view: 'ConnectingSiwe' }
  | { view: 'ConnectingFarcaster' }
  | { view: 'UnsupportedChain' }
  | { view: 'ApproveTransaction' }
  | { view: 'RegisterAccountName' }
  | { view: 'RegisterAccountNameSuccess'; params: { name: string } }
  | { view: 'Swap' }
  | { view: 'Networks' }
  | { view: 'SwitchNetwork'; params: { caipNetworkId: CaipNetworkId } }
  | { view: 'Send' }
  | { view: 'Buy' }
  | { view: 'EmailVerifyOtp'; params: { email: string } }
  | { view: 'EmailVerifyDevice'; params: { email: string } }
  | { view: 'ConnectingSocial'; params: { provider: OAuthProvider } }
  | { view: 'UpdateEmail' }
  | { view: 'UpdateEmailPrimaryOtp'; params: { email: string; newEmail: string } }
  | { view: 'UpdateEmailSecondaryOtp'; params: { newEmail: string } }
  | { view: 'EmbeddedDevices' }
  | { view: 'WalletDetails'; params: { walletId: string } }

export type ViewName = Route['view']
export type RouteParams<V extends ViewName> = Extract<Route, { view: V }> extends { params: infer P } ? P : undefined

/** The SPEC §2 view names, for code that must list them (tests, screenshots, docs). */
export const SpecViews = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'ConnectingWalletConnect',
  'ConnectingExternal',
  'ConnectingSiwe',
  'ConnectingFarcaster',
  'UnsupportedChain',
  'ApproveTransaction',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Swap',
] as const satisfies readonly ViewName[]

/** Views the visitor may not leave by closing the modal (SPEC §4), unless forced. */
export const CloseBlockingViews: readonly ViewName[] = ['ApproveTransaction']
