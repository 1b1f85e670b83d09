import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { selectConnectMethodOrder, selectSocialOptions } from '../../store/selectors/connectMethods'
import { selectOrderedWallets } from '../../store/selectors/walletOrder'
import { connectorsActions } from '../../store/slices/connectors'
import { routerActions } from '../../store/slices/router'
import { en } from '../strings'

/** SPEC §2 Connect: the connect methods in order, each a section. */
export function ConnectView() {
  const methods = usePorticoSelector(selectConnectMethodOrder)
  return (
    <div className="portico-stack" data-testid="portico-connect-methods">
      {methods.map((method) => (
        <section key={method} className="portico-section" data-method={method}>
          {method === 'wallet' ? <WalletList /> : method === 'email' ? <EmailEntry /> : <SocialList />}
        </section>
      ))}
    </div>
  )
}

function WalletList() {
  const dispatch = usePorticoDispatch()
  const wallets = usePorticoSelector(selectOrderedWallets)
  const allWallets = usePorticoSelector((s) => s.options.features.allWallets)
  return (
    <ul className="portico-list" aria-label="Wallets">
      {wallets.length === 0 ? <li className="portico-hint">{en.noWallets}</li> : null}
      {wallets.map((wallet) => (
        <li key={wallet.id}>
          <button
            type="button"
            className="portico-row"
            data-group={wallet.group}
            disabled={!wallet.connector}
            onClick={() => wallet.connector && dispatch(connectorsActions.connectRequested({ connectorId: wallet.connector.id, namespace: wallet.connector.namespace }))}
          >
            <span className="portico-avatar" aria-hidden="true">
              {wallet.imageUrl ? <img src={wallet.imageUrl} alt="" /> : wallet.name.slice(0, 1)}
            </span>
            <span className="portico-row-label">{wallet.name}</span>
            {wallet.group === 'recent' || wallet.group === 'injected' ? <span className="portico-tag">{wallet.group}</span> : null}
          </button>
        </li>
      ))}
      {allWallets ? (
        <li>
          <button type="button" className="portico-row" onClick={() => dispatch(routerActions.push({ view: 'AllWallets' }))}>
            <span className="portico-avatar" aria-hidden="true">⋯</span>
            <span className="portico-row-label">{en.allWallets}</span>
          </button>
        </li>
      ) : null}
    </ul>
  )
}

function EmailEntry() {
  const dispatch = usePorticoDispatch()
  return (
    <form
      className="portico-email"
      onSubmit={(event) => {
        event.preventDefault()
        const email = new FormData(event.currentTarget).get('email')
        if (typeof email === 'string' && email) dispatch(routerActions.push({ view: 'EmailVerifyOtp', params: { email } }))
      }}
    >
      <label className="portico-visually-hidden" htmlFor="portico-email">
        {en.email}
      </label>
      <input id="portico-email" name="email" type="email" autoComplete="email" required placeholder={en.emailPlaceholder} className="portico-input" />
      <button type="submit" className="portico-primary">
        {en.continue}
      </button>
    </form>
  )
}

function SocialList() {
  const dispatch = usePorticoDispatch()
  const socials = usePorticoSelector(selectSocialOptions)
  return (
    <div className="portico-socials" role="group" aria-label="Social login">
      {socials.map((provider) =>
        provider === 'farcaster' ? (
          <button key={provider} type="button" className="portico-chip" aria-label={en.continueWith(provider)} onClick={() => dispatch(routerActions.push({ view: 'ConnectingFarcaster' }))}>
            {provider}
          </button>
        ) : (
          <button
            key={provider}
            type="button"
            className="portico-chip"
            aria-label={en.continueWith(provider)}
            onClick={() => dispatch(routerActions.push({ view: 'ConnectingSocial', params: { provider } }))}
          >
            {provider}
          </button>
        ),
      )}
    </div>
  )
}
