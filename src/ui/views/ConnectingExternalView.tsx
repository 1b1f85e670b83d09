import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { connectorsActions } from '../../store/slices/connectors'
import { en } from '../strings'

/** SPEC §2 ConnectingExternal: waiting for the wallet, or its refusal with a retry. */
export function ConnectingExternalView({ connectorId }: { connectorId: string }) {
  const dispatch = usePorticoDispatch()
  const connector = usePorticoSelector((s) => Object.values(s.connectors.byNamespace).flat().find((c) => c.id === connectorId))
  const error = usePorticoSelector((s) => s.connectors.error)
  const connecting = usePorticoSelector((s) => s.connectors.connecting)
  const name = connector?.name ?? connectorId
  return (
    <div className="portico-stack portico-center">
      <p className="portico-strong">{en.connecting(name)}</p>
      {error && !connecting ? (
        <>
          <p className="portico-error" role="alert">
            {error}
          </p>
          {connector ? (
            <button type="button" className="portico-primary" onClick={() => dispatch(connectorsActions.connectRequested({ connectorId, namespace: connector.chain }))}>
              {en.tryAgain}
            </button>
          ) : null}
        </>
      ) : (
        <p className="portico-hint" role="status">
          <span className="portico-spinner" aria-hidden="true" /> {en.connectingHint}
        </p>
      )}
    </div>
  )
}
