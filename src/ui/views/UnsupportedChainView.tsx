import { en } from '../strings'
import { NetworkList } from './NetworkList'

/** SPEC §2 UnsupportedChain: the wallet is on a network the dapp does not offer. */
export function UnsupportedChainView() {
  return (
    <div className="portico-stack">
      <p className="portico-hint">{en.unsupportedChainHint}</p>
      <NetworkList />
    </div>
  )
}
