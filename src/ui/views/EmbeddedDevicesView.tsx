import { useEffect } from 'react'
import type { EmbeddedDevice } from '../../types/user'
import { usePorticoDispatch, usePorticoSelector } from '../../react/hooks'
import { embeddedActions } from '../../store/slices/embedded'
import { lazyState } from '../../store/lazyState'
import { Icon } from '../components/Icon'
import { EmptyState, ErrorState, Loading } from '../components/StatusMessage'
import { formatTimeAgo, relativeTime } from '../format/relativeTime'
import { useLocale } from '../locales/useLocale'
import { format, translate, type Strings } from '../strings'
import { useNow } from '../useNow'
import { useStrings } from '../useStrings'

/**
 * Account → Devices (issue 32): the browsers signed in to the embedded wallet, each with
 * when it was added and last used, the one in use marked. "Remove" goes to the secure
 * frame, which asks the visitor in its own prompt (a dapp cannot remove a device
 * silently); the list changes only once the server removed it.
 */
export function EmbeddedDevicesView() {
  const t = useStrings()
  const dispatch = usePorticoDispatch()
  const devices = usePorticoSelector((s) => lazyState(s, 'embedded').devices)
  const now = useNow(60_000)
  useEffect(() => {
    dispatch(embeddedActions.devicesRequested())
  }, [dispatch])
  const retry = () => dispatch(embeddedActions.devicesRequested())

  return (
    <div className="portico-stack" data-testid="portico-devices">
      <p className="portico-hint portico-small">{t.devicesHint}</p>
      {devices.status === 'error' ? (
        <ErrorState message={devices.error ? translate(t, devices.error) : t.errors.unknownError} onRetry={retry} />
      ) : devices.items.length === 0 ? (
        devices.status === 'loaded' ? (
          <EmptyState message={t.noDevices} />
        ) : (
          <Loading label={t.loadingDevices} />
        )
      ) : (
        <ul className="portico-list" aria-label={t.devices}>
          {devices.items.map((device) => (
            <DeviceItem key={device.id} device={device} now={now} t={t} removing={devices.removing} onRemove={() => dispatch(embeddedActions.deviceRemoveRequested({ id: device.id }))} />
          ))}
        </ul>
      )}
      {devices.removing !== undefined ? <Loading label={t.removingDevice} compact /> : null}
    </div>
  )
}

function DeviceItem({ device, now, t, removing, onRemove }: { device: EmbeddedDevice; now: number; t: Strings; removing: string | undefined; onRemove: () => void }) {
  const { locale } = useLocale()
  const added = new Date(device.addedAt).toLocaleDateString(locale, { dateStyle: 'medium' })
  const ago = relativeTime(device.lastUsedAt, now)
  return (
    <li className="portico-item" data-testid="portico-device" data-current={device.current}>
      <span className="portico-avatar portico-avatar-md" aria-hidden="true">
        <Icon name="device" />
      </span>
      <span className="portico-item-main">
        <span className="portico-item-title">
          {device.label}
          {device.current ? <span className="portico-tag portico-tag-accent">{t.thisDevice}</span> : null}
        </span>
        <span className="portico-hint portico-small">{format(t.deviceAdded, { date: added })}</span>
        {ago ? <span className="portico-hint portico-small">{format(t.deviceLastUsed, { time: formatTimeAgo(ago, locale, t) })}</span> : null}
      </span>
      {device.current ? null : (
        <span className="portico-item-end">
          <button type="button" className="portico-secondary" aria-label={format(t.removeDeviceLabel, { device: device.label })} disabled={removing !== undefined} onClick={onRemove}>
            {t.removeDevice}
          </button>
        </span>
      )}
    </li>
  )
}
