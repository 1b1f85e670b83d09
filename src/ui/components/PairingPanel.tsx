import { useEffect, useState, type ReactNode } from 'react'
import type { ErrorRecord } from '../../errors/record'
import { qrSvg } from '../format/qrSvg'
import { translate } from '../translate'
import { useStrings } from '../useStrings'
import { CopyButton } from './CopyButton'
import { Icon } from './Icon'
import { ErrorState } from './StatusMessage'

export type PairingPanelProps = {
  /** The pairing URI the saga obtained; undefined while it is being prepared. */
  uri: string | undefined
  /** The store's error record, translated here. */
  error?: ErrorRecord | undefined
  onRetry?: (() => void) | undefined
  title: string
  hint: string
  /** A link that opens the wallet with the URI (deep link, Warpcast link). */
  open?: { href: string; label: string } | undefined
}

/**
 * The body of a scan-or-open connection (WalletConnect, Farcaster): waiting while the
 * URI is prepared, then the link to open and copy; an error with a retry. The URI only
 * ever comes from the store: nothing here invents one.
 */
export function PairingPanel({ uri, error, onRetry, title, hint, open }: PairingPanelProps) {
  const t = useStrings()
  const qr = useQrDataUrl(uri)
  if (error) return <ErrorState message={translate(t, error)} onRetry={onRetry} />
  return (
    <div className="portico-stack portico-center">
      <div className="portico-qr-frame" data-state={uri ? 'ready' : 'loading'} aria-hidden="true">
        {qr ? <img className="portico-qr" src={qr} alt="" data-testid="portico-qr" /> : uri ? <Icon name="qr" size={40} /> : <span className="portico-spinner portico-spinner-large" />}
      </div>
      <p className="portico-strong">{title}</p>
      <PairingActions
        uri={uri}
        hint={hint}
        primary={
          open ? (
            <a className="portico-primary" href={open.href} target="_blank" rel="noopener noreferrer">
              {open.label}
            </a>
          ) : null
        }
      />
    </div>
  )
}

/** Under the pairing's title: its hint, a primary action and "Copy link" once the URI is there; "Preparing…" before. */
export function PairingActions({ uri, hint, primary }: { uri: string | undefined; hint: string; primary: ReactNode }) {
  const t = useStrings()
  if (!uri)
    return (
      <p className="portico-hint" role="status">
        {t.preparingQr}
      </p>
    )
  return (
    <>
      <p className="portico-hint">{hint}</p>
      <div className="portico-row-buttons">
        {primary}
        <CopyButton value={uri} label={t.copyLink} text={t.copyLink} />
      </div>
    </>
  )
}

/** The URI as a QR image (an SVG data: URL, which a strict CSP allows for images). */
function useQrDataUrl(uri: string | undefined): string | undefined {
  const [qr, setQr] = useState<{ uri: string; url: string }>()
  useEffect(() => {
    if (!uri) return
    let current = true
    qrSvg(uri).then(
      (svg) => current && setQr({ uri, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }),
      // An encoder failure leaves the link to open and copy, which still works.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [uri])
  return qr && qr.uri === uri ? qr.url : undefined
}
