import { Icon, type IconName } from '../../components/Icon'
import { useStrings } from '../../useStrings'

/**
 * An Account-view row that opens one of the embedded wallet frame's own prompts (key
 * export, two-step verification). The prompt runs in the frame; the row only asks for it
 * and shows, while it is open, that the visitor continues there.
 */
export function FramePromptRow({ icon, label, pending, testId, onOpen }: { icon: IconName; label: string; pending: boolean; testId: string; onOpen: () => void }) {
  const t = useStrings()
  return (
    <button type="button" className="portico-row" data-testid={testId} disabled={pending} aria-busy={pending} onClick={onOpen}>
      <span className="portico-avatar portico-avatar-md" aria-hidden="true">
        <Icon name={icon} />
      </span>
      <span className="portico-row-label">{label}</span>
      {pending ? (
        <span className="portico-hint portico-small" role="status">
          <span className="portico-spinner" aria-hidden="true" /> {t.framePromptPending}
        </span>
      ) : null}
    </button>
  )
}
