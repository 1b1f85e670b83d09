import type { ReactNode } from 'react'
import { useStrings } from '../useStrings'
import { Icon } from './Icon'

/** A loading state: a spinner and what is being waited for, announced politely. */
export function Loading({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <div className={compact ? 'portico-status portico-status-compact' : 'portico-status'} role="status" data-state="loading">
      <span className="portico-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

/** An error state: the message (announced at once) and, when the action can be retried, a retry. */
export function ErrorState({ message, onRetry, retryLabel }: { message: string; onRetry?: (() => void) | undefined; retryLabel?: string }) {
  const t = useStrings()
  return (
    <div className="portico-status portico-status-error" data-state="error">
      <p className="portico-error" role="alert">
        <Icon name="alert" size={16} /> {message}
      </p>
      {onRetry ? (
        <button type="button" className="portico-secondary" onClick={onRetry}>
          {retryLabel ?? t.tryAgain}
        </button>
      ) : null}
    </div>
  )
}

/** An empty state: nothing to show yet, and optionally what to do about it. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="portico-status" data-state="empty">
      <p className="portico-hint">{message}</p>
      {children}
    </div>
  )
}
