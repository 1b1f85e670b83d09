import { useEffect } from 'react'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { PairingPanel } from '../components/PairingPanel'
import { intents } from '../intents'
import { translateError } from '../strings'
import { useStrings } from '../useStrings'

/**
 * SPEC §2 ConnectingFarcaster: decentralised social login. Asks the embedded-wallet saga
 * for the Farcaster URI on arrival (issue 9), then shows it to open or copy while the
 * login completes; the frame's errors come back through the embedded slice.
 */
export function ConnectingFarcasterView() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const error = usePorticoSelector((s) => s.embedded.error)
  useEffect(() => {
    dispatch(intents.farcasterRequested())
  }, [dispatch])
  // The embedded slice gains the Farcaster URI with issue 9; until then there is none.
  const uri: string | undefined = undefined
  return (
    <PairingPanel
      uri={uri}
      error={error ? translateError(t, error) : undefined}
      onRetry={() => dispatch(intents.farcasterRequested())}
      title={t.farcasterTitle}
      hint={t.farcasterHint}
    />
  )
}
