import { useEffect } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { PairingPanel } from '../components/PairingPanel'
import { embeddedActions } from '../../store/slices/embedded'
import { useStrings } from '../useStrings'
import { lazyState } from '../../store/lazyState'

/**
 * SPEC §2 ConnectingFarcaster: decentralised social login. Asks the embedded-wallet saga
 * (src/sagas/embeddedFarcaster.ts) for the Farcaster URI on arrival, then shows it as a
 * QR code and a link while the login completes; the frame's errors (SPEC §8 'Something
 * went wrong' for an aborted connect) come back through the embedded slice, with a retry.
 */
export function ConnectingFarcasterView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const error = usePorticoSelector((s) => lazyState(s, 'embedded').error)
  const uri = usePorticoSelector((s) => lazyState(s, 'embedded').farcasterUrl)
  useEffect(() => {
    dispatch(embeddedActions.farcasterRequested())
  }, [dispatch])
  return (
    <PairingPanel
      uri={uri}
      error={error}
      onRetry={() => dispatch(embeddedActions.farcasterRequested())}
      title={t.farcasterTitle}
      hint={t.farcasterHint}
      open={uri ? { href: uri, label: t.openFarcaster } : undefined}
    />
  )
}
