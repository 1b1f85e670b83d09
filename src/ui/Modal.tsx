import { useId, useRef, type CSSProperties, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'
import { usePorticoDispatch, usePorticoSelector } from '../react/hooks'
import { modalActions } from '../store/slices/modal'
import { routerActions, selectCanGoBack, selectRoute } from '../store/slices/router'
import { en } from './strings'
import { useFocusTrap } from './useFocusTrap'
import { ViewSwitch } from './views/ViewSwitch'

/**
 * The modal shell: a portal with an accessible dialog (role, aria-modal, labelled
 * title, focus trapped and returned), closed by Escape and the backdrop unless the
 * view blocks it (the close saga decides and shakes instead), with a Back button
 * driven by the router history. Theme comes from CSS variables on the root.
 */
export function Modal() {
  const dispatch = usePorticoDispatch()
  const open = usePorticoSelector((s) => s.modal.open)
  if (!open || typeof document === 'undefined') return null
  return createPortal(<Dialog onClose={() => dispatch(modalActions.closeRequested())} />, document.body)
}

function Dialog({ onClose }: { onClose: () => void }) {
  const dispatch = usePorticoDispatch()
  const route = usePorticoSelector((s) => selectRoute({ router: s.router }))
  const canGoBack = usePorticoSelector((s) => selectCanGoBack({ router: s.router }))
  const shake = usePorticoSelector((s) => s.modal.shake)
  const loading = usePorticoSelector((s) => s.modal.loading)
  const themeMode = usePorticoSelector((s) => s.options.themeMode)
  const themeVariables = usePorticoSelector((s) => s.options.themeVariables)
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useFocusTrap(ref)

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
    }
  }

  return (
    <div className="portico-root" data-theme={themeMode} style={themeVariables as CSSProperties}>
      <div className="portico-backdrop" data-testid="portico-backdrop" onClick={onClose} />
      <div
        ref={ref}
        className={['portico-dialog', shake ? 'portico-shake' : ''].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={loading}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-view={route.view}
      >
        <header className="portico-header">
          {canGoBack ? (
            <button type="button" className="portico-icon-button" aria-label={en.back} onClick={() => dispatch(routerActions.goBack())}>
              <span aria-hidden="true">←</span>
            </button>
          ) : (
            <span className="portico-icon-spacer" />
          )}
          <h2 id={titleId} className="portico-title">
            {en.titles[route.view]}
          </h2>
          <button type="button" className="portico-icon-button" aria-label={en.close} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="portico-body">
          <ViewSwitch route={route} />
        </div>
      </div>
    </div>
  )
}
