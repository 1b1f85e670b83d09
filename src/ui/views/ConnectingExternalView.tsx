import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { connectorsActions } from '../../store/slices/connectors'
import { routerActions } from '../../store/slices/router'
import { Avatar } from '../components/Avatar'
import { ErrorState } from '../components/StatusMessage'
import { format, translate } from '../strings'
import { useStrings } from '../useStrings'

/** SPEC §2 ConnectingExternal: waiting for the wallet, or its refusal with a retry. */
export function ConnectingExternalView({ connectorId }: { connectorId: string }) {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const connector = usePorticoSelector((s) =>
    Object.values(s.connectors.byNamespace)
      .flat()
      .find((c) => c.id === connectorId),
  )
  const error = usePorticoSelector((s) => s.connectors.error)
  const connecting = usePorticoSelector((s) => s.connectors.connecting)
  const name = connector?.name ?? connectorId
  const failed = Boolean(error) && !connecting
  return (
    <div className="portico-stack portico-center">
      <span className={failed ? 'portico-ring portico-ring-error' : 'portico-ring portico-ring-busy'}>
        <Avatar name={name} src={connector?.imageUrl} imageId={connector?.imageId} size="lg" />
      </span>
      <p className="portico-strong">{failed ? t.connectionDeclined : format(t.connecting, { name })}</p>
      {failed ? (
        <ErrorState
          message={translate(t, error!)}
          onRetry={connector ? () => dispatch(connectorsActions.connectRequested({ connectorId, namespace: connector.chain })) : () => dispatch(routerActions.goBack())}
          retryLabel={connector ? t.tryAgain : t.back}
        />
      ) : (
        <p className="portico-hint" role="status">
          {t.connectingHint}
        </p>
      )}
    </div>
  )
}
