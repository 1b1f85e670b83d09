import type { Route } from '../../store/routes'
import { AccountView } from './AccountView'
import { ApproveTransactionView } from './ApproveTransactionView'
import { ConnectingExternalView } from './ConnectingExternalView'
import { ConnectView } from './ConnectView'
import { NetworksView } from './NetworksView'
import { NotInThisBuild } from './NotInThisBuild'
import { UnsupportedChainView } from './UnsupportedChainView'

/** Renders the current route's view. */
export function ViewSwitch({ route }: { route: Route }) {
  switch (route.view) {
    case 'Connect':
      return <ConnectView />
    case 'Account':
      return <AccountView />
    case 'Networks':
      return <NetworksView />
    case 'UnsupportedChain':
      return <UnsupportedChainView />
    case 'ConnectingExternal':
      return <ConnectingExternalView connectorId={route.params.connectorId} />
    case 'ApproveTransaction':
      return <ApproveTransactionView />
    default:
      return <NotInThisBuild />
  }
}
