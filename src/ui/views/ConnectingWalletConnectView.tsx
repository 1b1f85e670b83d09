import { useEffect, useRef } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { Avatar } from '../components/Avatar'
import { PairingActions, PairingPanel } from '../components/PairingPanel'
import { ErrorState } from '../components/StatusMessage'
import { walletConnectActions } from '../../store/slices/walletConnect'
import type { WalletListing } from '../../types/walletListing'
import { openWalletLink, walletLink } from '../format/walletLink'
import { format, translate } from '../strings'
import { useStrings } from '../useStrings'
import { useListing } from './useListing'
import { lazyState } from '../../store/lazyState'

/**
 * SPEC §2 ConnectingWalletConnect: a remote-session connection for one listed wallet
 * (or any wallet). Asks the WalletConnect saga (issue 5) for a pairing on arrival;
 * shows the pairing URI to open or copy once the saga has put it in the store. On a
 * phone, for a wallet with a mobile link, there is no QR code: the wallet's app opens
 * with the pairing URI ("Continue in …").
 */
export function ConnectingWalletConnectView({ walletId }: { walletId?: string | undefined }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const wallet = useListing(walletId)
  useEffect(() => {
    dispatch(walletConnectActions.connectRequested({ walletId }))
  }, [dispatch, walletId])
  const uri = usePorticoSelector((s) => lazyState(s, 'walletConnect').uri)
  const error = usePorticoSelector((s) => lazyState(s, 'walletConnect').error)
  const isMobile = usePorticoSelector((s) => s.options.isMobile)
  if (isMobile && wallet?.mobile_link) return <ContinueInWallet wallet={wallet} mobileLink={wallet.mobile_link} />
  // Deep link into the chosen wallet: its desktop app (or web app) next to the QR code.
  const base = wallet ? (isMobile ? wallet.webapp_link : (wallet.desktop_link ?? wallet.webapp_link)) : null
  const open = uri && base && wallet ? { href: walletLink(base, uri), label: format(t.openWallet, { name: wallet.name }) } : undefined
  return (
    <PairingPanel
      uri={uri}
      error={error}
      open={open}
      title={wallet ? format(t.connecting, { name: wallet.name }) : t.scanWithWallet}
      hint={t.scanWithWalletHint}
      onRetry={() => dispatch(walletConnectActions.refreshRequested())}
    />
  )
}

/**
 * The phone's pairing: as soon as the saga has the URI, the wallet's app is opened with
 * it (once per visit of this view; "Try again" opens it again, or asks for a fresh
 * pairing when the last one expired). The page keeps the pairing while the visitor is
 * in the wallet; the connection settles when they come back.
 */
function ContinueInWallet({ wallet, mobileLink }: { wallet: WalletListing; mobileLink: string }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const uri = usePorticoSelector((s) => lazyState(s, 'walletConnect').uri)
  const error = usePorticoSelector((s) => lazyState(s, 'walletConnect').error)
  const href = uri ? walletLink(mobileLink, uri) : undefined
  const opened = useRef(false)
  useEffect(() => {
    if (!href || opened.current) return
    opened.current = true
    openWalletLink(href)
  }, [href])
  const retry = () => (href ? openWalletLink(href) : dispatch(walletConnectActions.refreshRequested()))
  const title = format(t.continueIn, { name: wallet.name })
  if (error) return <ErrorState message={translate(t, error)} onRetry={() => dispatch(walletConnectActions.refreshRequested())} />
  return (
    <div className="portico-stack portico-center" data-testid="portico-continue-in-wallet">
      <span className={href ? 'portico-ring' : 'portico-ring portico-ring-busy'}>
        <Avatar name={wallet.name} imageId={wallet.image_id ?? undefined} size="lg" />
      </span>
      <p className="portico-strong">{title}</p>
      <PairingActions
        uri={href ? uri : undefined}
        hint={format(t.continueInHint, { name: wallet.name })}
        primary={
          <button type="button" className="portico-primary" onClick={retry}>
            {t.tryAgain}
          </button>
        }
      />
    </div>
  )
}
