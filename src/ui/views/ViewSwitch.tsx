import type { Route } from '../../store/routes'
import { AccountView } from './AccountView'
import { AllWalletsView } from './AllWalletsView'
import { ApproveTransactionView } from './ApproveTransactionView'
import { ConnectingExternalView } from './ConnectingExternalView'
import { ConnectingFarcasterView } from './ConnectingFarcasterView'
import { ConnectingSiweView } from './ConnectingSiweView'
import { ConnectingSocialView } from './ConnectingSocialView'
import { ConnectingWalletConnectBasicView } from './ConnectingWalletConnectBasicView'
import { ConnectingWalletConnectView } from './ConnectingWalletConnectView'
import { ConnectView } from './ConnectView'
import { EmailVerifyDeviceView } from './EmailVerifyDeviceView'
import { EmbeddedDevicesView } from './EmbeddedDevicesView'
import { EmailVerifyOtpView } from './EmailVerifyOtpView'
import { NetworksView } from './NetworksView'
import { SwitchNetworkView } from './SwitchNetworkView'
import { UnsupportedChainView } from './UnsupportedChainView'
import { UpdateEmailPrimaryOtpView, UpdateEmailSecondaryOtpView, UpdateEmailView } from './UpdateEmailViews'
import { WalletDetailsView } from './WalletDetailsView'
import { lazyView } from './lazyView'

// The account actions are forms a visitor reaches only once connected: each is its own
// chunk, fetched when first shown, so the connect path stays small. A chunk that fails
// to arrive (offline) is offered again, not kept broken (lazyView).
const SwapView = lazyView(() => import('./SwapView').then((m) => m.SwapView))
const SendView = lazyView(() => import('./SendView').then((m) => m.SendView))
const BuyView = lazyView(() => import('./BuyView').then((m) => m.BuyView))
const RegisterAccountNameView = lazyView(() => import('./RegisterAccountNameView').then((m) => m.RegisterAccountNameView))
const RegisterAccountNameSuccessView = lazyView(() => import('./RegisterAccountNameSuccessView').then((m) => m.RegisterAccountNameSuccessView))

/** Renders the current route's view. Every route has one (the switch is exhaustive). */
export function ViewSwitch({ route }: { route: Route }) {
  switch (route.view) {
    case 'Connect':
      return <ConnectView />
    case 'Account':
      return <AccountView />
    case 'AllWallets':
      return <AllWalletsView />
    case 'ConnectingWalletConnectBasic':
      return <ConnectingWalletConnectBasicView />
    case 'ConnectingWalletConnect':
      return <ConnectingWalletConnectView walletId={route.params.walletId} />
    case 'ConnectingExternal':
      return <ConnectingExternalView connectorId={route.params.connectorId} />
    case 'ConnectingSiwe':
      return <ConnectingSiweView />
    case 'ConnectingFarcaster':
      return <ConnectingFarcasterView />
    case 'UnsupportedChain':
      return <UnsupportedChainView />
    case 'ApproveTransaction':
      return <ApproveTransactionView />
    case 'RegisterAccountName':
      return <RegisterAccountNameView />
    case 'RegisterAccountNameSuccess':
      return <RegisterAccountNameSuccessView name={route.params.name} />
    case 'Swap':
      return <SwapView />
    case 'Networks':
      return <NetworksView />
    case 'SwitchNetwork':
      return <SwitchNetworkView caipNetworkId={route.params.caipNetworkId} />
    case 'Send':
      return <SendView />
    case 'Buy':
      return <BuyView />
    case 'EmailVerifyOtp':
      return <EmailVerifyOtpView email={route.params.email} />
    case 'EmailVerifyDevice':
      return <EmailVerifyDeviceView email={route.params.email} />
    case 'ConnectingSocial':
      return <ConnectingSocialView provider={route.params.provider} />
    case 'UpdateEmail':
      return <UpdateEmailView />
    case 'UpdateEmailPrimaryOtp':
      return <UpdateEmailPrimaryOtpView email={route.params.email} newEmail={route.params.newEmail} />
    case 'UpdateEmailSecondaryOtp':
      return <UpdateEmailSecondaryOtpView newEmail={route.params.newEmail} />
    case 'EmbeddedDevices':
      return <EmbeddedDevicesView />
    case 'WalletDetails':
      return <WalletDetailsView walletId={route.params.walletId} />
    default: {
      const unknown: never = route
      throw new Error(`No view for route ${JSON.stringify(unknown)}`)
    }
  }
}
