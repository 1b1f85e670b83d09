import { useAccount, usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { connectorsActions } from '../../store/slices/connectors'
import { siwxActions } from '../../store/slices/siwx'
import { AccountAvatar } from '../components/Avatar'
import { Loading } from '../components/StatusMessage'
import { format, translate } from '../strings'
import { truncateAddress } from '../format/truncateAddress'
import { useStrings } from '../useStrings'
import { useWalletRelayLost } from '../useWalletRelayLost'
import { lazyState } from '../../store/lazyState'

/**
 * SPEC §2 ConnectingSiwe: after connecting, the dapp asks the visitor to sign in (SIWX).
 * Sign in asks the SIWX saga (EIP-4361 message, wallet signature, the dapp's backend
 * verifies); a refusal shows 'Signature declined' and Sign in tries again. Cancel
 * disconnects, as an unsigned session is not a session the dapp accepts. While a
 * WalletConnect wallet's relay is out of reach the signing step says so instead of spinning.
 */
export function ConnectingSiweView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const app = usePorticoSelector((s) => s.options.metadata.name)
  const siwx = usePorticoSelector((s) => lazyState(s, 'siwx'))
  const account = useAccount()
  const busy = siwx.status === 'signing' || siwx.status === 'verifying'
  const relayLost = useWalletRelayLost()
  return (
    <div className="portico-stack portico-center" data-testid="portico-siwe">
      <AccountAvatar address={account.address} image={account.profileImage} />
      <p className="portico-strong">{format(t.signInTitle, { app })}</p>
      {account.address ? <p className="portico-hint portico-small">{account.profileName ?? truncateAddress(account.address)}</p> : null}
      <p className="portico-hint">{t.signInHint}</p>
      {siwx.status === 'signing' && relayLost ? (
        <p className="portico-error" role="status" data-testid="portico-siwe-relay-lost">
          {t.walletRelayReconnecting}
        </p>
      ) : busy ? (
        <Loading label={siwx.status === 'signing' ? t.signingIn : t.signInVerifying} compact />
      ) : null}
      {siwx.status === 'error' && siwx.error ? (
        <p className="portico-error" role="alert" data-testid="portico-siwe-error">
          {translate(t, siwx.error)}
        </p>
      ) : null}
      <div className="portico-row-buttons">
        <button type="button" className="portico-secondary" onClick={() => dispatch(connectorsActions.disconnectRequested())}>
          {t.cancel}
        </button>
        <button type="button" className="portico-primary" disabled={busy} onClick={() => dispatch(siwxActions.signInRequested())}>
          {siwx.status === 'error' ? t.tryAgain : t.signIn}
        </button>
      </div>
    </div>
  )
}
