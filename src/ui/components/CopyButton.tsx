import { usePorticoDispatch } from '../../react/hooks'
import { messageRecord } from '../../errors/record'
import { toRecord } from '../../errors/toRecord'
import { alertsActions } from '../../store/slices/alerts'
import { Icon } from './Icon'

/**
 * Copies `value` to the clipboard and confirms with a toast. Icon-only unless `text`
 * is given; the label always names what is copied.
 */
export function CopyButton({ value, label, text }: { value: string; label: string; text?: string }) {
  const dispatch = usePorticoDispatch()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      dispatch(alertsActions.toastRequested({ message: messageRecord('notices.copied'), variant: 'success' }))
    } catch (error) {
      dispatch(alertsActions.toastRequested({ message: toRecord(error), variant: 'error' }))
    }
  }
  return text ? (
    <button type="button" className="portico-secondary" onClick={() => void copy()}>
      <Icon name="copy" size={16} /> {text}
    </button>
  ) : (
    <button type="button" className="portico-icon-button portico-icon-button-small" aria-label={label} title={label} onClick={() => void copy()}>
      <Icon name="copy" size={16} />
    </button>
  )
}
