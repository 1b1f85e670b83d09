import { NetworkList } from './NetworkList'

/** Networks: the configured networks, to switch between. */
export function NetworksView() {
  return <NetworkList />
}
