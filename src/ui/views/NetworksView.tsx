import { NetworkList } from './NetworkList'

export function NetworksView() {
  return <NetworkList />
}
