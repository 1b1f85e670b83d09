import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { connectorsActions } from '../../store/slices/connectors'
import { AccountAvatar } from '../components/Avatar'
import { intents } from '../intents'
import { format } from '../strings'
import { truncateAddress } from '../format/truncateAddress'
import { useStrings } from '../useStrings'

/**
 * SPEC §2 ConnectingSiwe: after connecting, the dapp asks the visitor to sign in (SIWX,
 * issue 8). Sign asks the SIWX saga; Cancel disconnects, as an unsigned session is not
 * a session the dapp accepts.
 */
export function ConnectingSiweView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const app = usePorticoSelector((s) => s.options.metadata.name)
  const account = useAccount()
  return (
    <div className="portico-stack portico-center">
      <AccountAvatar address={account.address} image={account.profileImage} />
      <p className="portico-strong">{format(t.signInTitle, { app })}</p>
      {account.address ? <p className="portico-hint portico-small">{account.profileName ?? truncateAddress(account.address)}</p> : null}
      <p className="portico-hint">{t.signInHint}</p>
      <div className="portico-row-buttons">
        <button type="button" className="portico-secondary" onClick={() => dispatch(connectorsActions.disconnectRequested())}>
          {t.cancel}
        </button>
        <button type="button" className="portico-primary" onClick={() => dispatch(intents.siwxSignInRequested())}>
          {t.signIn}
        </button>
      </div>
    </div>
  )
}
