import { useEffect, useRef, useState, type FormEvent } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { selectConnectMethodOrder, selectSocialOptions } from '../../store/selectors/connectMethods'
import { selectOrderedWallets, type WalletItem } from '../../store/selectors/walletOrder'
import { connectorsActions } from '../../store/slices/connectors'
import { embeddedActions } from '../../store/slices/embedded'
import { selectAwaitingConnection } from '../../store/slices/network'
import { routerActions } from '../../store/slices/router'
import { isEmail } from '../../validation/email'
import { Avatar } from '../components/Avatar'
import { Icon } from '../components/Icon'
import { LegalCheckbox, selectLegalBlocked, useLegalHintId } from '../components/LegalCheckbox'
import { format, translate } from '../strings'
import { useCooldownSeconds } from '../useCooldown'
import { useStrings } from '../useStrings'
import { lazyState } from '../../store/lazyState'

/**
 * SPEC §2 Connect: the connect methods in order (email, social, wallet; wallet first
 * when a browser wallet is shown), each a section. While a network switch waits for its
 * namespace to be connected, it says so and lists that namespace's browser wallets only.
 * With `features.legalCheckbox` every method sits in a fieldset that stays disabled
 * until the visitor agrees; with `features.collapseWallets` the wallets fold into one
 * "Continue with a wallet" button when email or socials are offered too.
 */
export function ConnectView() {
  const methods = usePorticoSelector(selectConnectMethodOrder)
  const awaiting = usePorticoSelector(selectAwaitingConnection)
  const blocked = usePorticoSelector(selectLegalBlocked)
  const collapse = usePorticoSelector((s) => s.options.features.collapseWallets) && methods.some((m) => m !== 'wallet')
  const hintId = useLegalHintId()
  const t = useStrings()
  return (
    <div className="portico-stack">
      <LegalCheckbox hintId={hintId} />
      <fieldset className="portico-fieldset" disabled={blocked} aria-describedby={blocked ? hintId : undefined}>
        <div className="portico-stack" data-testid="portico-connect-methods" aria-label={t.connectMethods} role="group">
          {awaiting ? (
            <p className="portico-hint" role="status" data-testid="portico-connect-for-network">
              {format(t.connectForNetwork, { network: awaiting.name })}
            </p>
          ) : null}
          {methods.map((method) => (
            <section key={method} className="portico-section" data-method={method}>
              {method === 'wallet' ? collapse ? <CollapsedWallets /> : <WalletList /> : method === 'email' ? <EmbeddedEntry /> : <SocialList />}
            </section>
          ))}
        </div>
      </fieldset>
    </div>
  )
}

/** `features.collapseWallets`: one button stands for the wallet list and unfolds it in place. */
function CollapsedWallets() {
  const t = useStrings()
  const [open, setOpen] = useState(false)
  const unfolded = useRef<HTMLDivElement>(null)
  // The button the visitor pressed is gone: focus moves to the first wallet of the list.
  useEffect(() => {
    if (open) unfolded.current?.querySelector('button')?.focus()
  }, [open])
  if (open)
    return (
      <div ref={unfolded}>
        <WalletList />
      </div>
    )
  return <WalletsRow label={t.continueWithWallet} expanded={false} onClick={() => setOpen(true)} />
}

/** A row that leads to more wallets: "All wallets", or the folded list's "Continue with a wallet". */
function WalletsRow({ label, onClick, expanded }: { label: string; onClick: () => void; expanded?: boolean }) {
  return (
    <button type="button" className="portico-row" aria-expanded={expanded} onClick={onClick}>
      <span className="portico-avatar portico-avatar-md" aria-hidden="true">
        <Icon name="wallet" />
      </span>
      <span className="portico-row-label">{label}</span>
      <Icon name="chevronRight" size={16} />
    </button>
  )
}

/** Wallets in SPEC §9 connector order: recent (2), installed, featured, ..., recommended (4). */
function WalletList() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const ordered = usePorticoSelector(selectOrderedWallets)
  const awaiting = usePorticoSelector(selectAwaitingConnection)
  // A switch waiting for a namespace: that namespace's browser wallets (listed ones connect over WalletConnect).
  const wallets = awaiting ? ordered.filter((w) => !w.connector || w.connector.namespace === awaiting.chainNamespace) : ordered
  const allWallets = usePorticoSelector((s) => s.options.features.allWallets)
  // WalletConnect needs a project id; without one the pairing could only fail.
  const walletConnect = usePorticoSelector((s) => s.options.projectId !== undefined)
  // On a phone a WalletConnect wallet is another app: the list of apps (AllWallets), each
  // opened by a deep link that pairs, stands in for a QR code no one can scan from the
  // same screen. The list is the one the phone's modal opened on: go back to it.
  const isMobile = usePorticoSelector((s) => s.options.isMobile)
  const allWalletsIndex = usePorticoSelector((s) => s.router.history.findIndex((route) => route.view === 'AllWallets'))
  const toAllWallets = () => dispatch(allWalletsIndex >= 0 ? routerActions.goBackToIndex(allWalletsIndex) : routerActions.push({ view: 'AllWallets' }))
  const choose = (wallet: WalletItem) => {
    if (wallet.connector) dispatch(connectorsActions.connectRequested({ connectorId: wallet.connector.id, namespace: wallet.connector.namespace }))
    else dispatch(routerActions.push({ view: 'WalletDetails', params: { walletId: wallet.listingId ?? wallet.id } }))
  }
  return (
    <ul className="portico-list" aria-label={t.wallets}>
      {walletConnect ? (
        // SPEC §9 connector order puts WalletConnect first: any WalletConnect wallet, by QR code or link.
        <li>
          <button type="button" className="portico-row" data-group="walletConnect" onClick={() => (isMobile ? toAllWallets() : dispatch(routerActions.push({ view: 'ConnectingWalletConnectBasic' })))}>
            <span className="portico-avatar portico-avatar-md" aria-hidden="true">
              <Icon name="qr" />
            </span>
            <span className="portico-row-label">{t.walletConnect}</span>
            {isMobile ? null : <span className="portico-tag">{t.qrCode}</span>}
          </button>
        </li>
      ) : null}
      {wallets.length === 0 ? <li className="portico-hint">{t.noWallets}</li> : null}
      {wallets.map((wallet) => (
        <li key={wallet.id}>
          <button type="button" className="portico-row" data-group={wallet.group} onClick={() => choose(wallet)}>
            <Avatar name={wallet.name} src={wallet.imageUrl} imageId={wallet.imageId} />
            <span className="portico-row-label">{wallet.name}</span>
            {wallet.group === 'recent' ? <span className="portico-tag">{t.recent}</span> : null}
            {wallet.group === 'injected' ? <span className="portico-tag portico-tag-accent">{t.installed}</span> : null}
          </button>
        </li>
      ))}
      {allWallets ? (
        <li>
          <WalletsRow label={t.allWallets} onClick={toAllWallets} />
        </li>
      ) : null}
    </ul>
  )
}

/** The embedded wallet's own logins, in the email section: the email form and "Continue with a passkey" (each when its feature is on). */
function EmbeddedEntry() {
  const features = usePorticoSelector((s) => s.options.features)
  return (
    <>
      {features.email ? <EmailEntry /> : null}
      {features.passkey ? <PasskeyEntry /> : null}
    </>
  )
}

/**
 * "Continue with a passkey" (issue 32): the saga asks the frame, which shows its own
 * passkey prompt; the WebAuthn ceremony runs from the visitor's click there.
 */
function PasskeyEntry() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const pending = usePorticoSelector((s) => lazyState(s, 'embedded').pending)
  const [asked, setAsked] = useState(false)
  const waiting = asked && pending
  return (
    <button
      type="button"
      className="portico-row"
      data-testid="portico-passkey"
      aria-disabled={waiting || undefined}
      onClick={() => {
        if (pending) return
        setAsked(true)
        dispatch(embeddedActions.passkeyRequested())
      }}
    >
      <span className="portico-avatar portico-avatar-md" aria-hidden="true">
        {waiting ? <span className="portico-spinner" /> : <Icon name="key" />}
      </span>
      <span className="portico-row-label">{waiting ? t.passkeyPending : t.continueWithPasskey}</span>
    </button>
  )
}

/** Email login: validated here (SPEC §5), sent to the embedded-wallet saga, which moves to the code step. */
function EmailEntry() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const pending = usePorticoSelector((s) => lazyState(s, 'embedded').pending)
  const error = usePorticoSelector((s) => lazyState(s, 'embedded').error)
  const waitSeconds = useCooldownSeconds()
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const email = value.trim()
    if (!isEmail(email)) {
      setInvalid(true)
      return
    }
    if (waitSeconds > 0 || pending) return
    dispatch(embeddedActions.emailSubmitted({ email }))
  }
  const message = invalid ? t.invalidEmail : waitSeconds > 0 ? format(t.tryAgainAfter, { n: waitSeconds }) : error ? translate(t, error) : undefined
  return (
    <form className="portico-stack-tight" onSubmit={submit} noValidate>
      <div className="portico-email">
        <label className="portico-visually-hidden" htmlFor="portico-email">
          {t.email}
        </label>
        <input
          id="portico-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t.emailPlaceholder}
          className="portico-input"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={message ? 'portico-email-message' : undefined}
          onChange={(event) => {
            setValue(event.target.value)
            setInvalid(false)
          }}
        />
        <button type="submit" className="portico-primary" aria-disabled={pending || waitSeconds > 0 || undefined}>
          {pending ? <span className="portico-spinner" aria-hidden="true" /> : null}
          {pending ? <span className="portico-visually-hidden">{t.emailPending}</span> : t.continue}
        </button>
      </div>
      {message ? (
        <p id="portico-email-message" className="portico-error portico-small" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  )
}

/** Social logins after Telegram filtering (SPEC §5); Farcaster has its own view. */
function SocialList() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const socials = usePorticoSelector(selectSocialOptions)
  if (socials.length === 0) return null
  return (
    <div className="portico-socials" role="group" aria-label={t.socialLogin}>
      {socials.map((provider) => {
        const name = t.socialNames[provider] ?? provider
        return (
          <button
            key={provider}
            type="button"
            className="portico-chip"
            aria-label={format(t.continueWith, { provider: name })}
            onClick={() => {
              if (provider === 'farcaster') {
                dispatch(routerActions.push({ view: 'ConnectingFarcaster' }))
                return
              }
              // The request goes out on the click itself, so the saga may open the provider's popup.
              dispatch(embeddedActions.socialRequested({ provider }))
              dispatch(routerActions.push({ view: 'ConnectingSocial', params: { provider } }))
            }}
          >
            {name}
          </button>
        )
      })}
    </div>
  )
}
