import { Suspense, useEffect, useId, useRef, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { usePorticoDispatch, usePorticoSelector } from '../react/hooks'
import { CloseBlockingViews } from '../store/routes'
import { modalActions } from '../store/slices/modal'
import { routerActions, selectCanGoBack, selectRoute } from '../store/slices/router'
import { AlertBar } from './components/AlertBar'
import { Icon } from './components/Icon'
import { Loading } from './components/StatusMessage'
import { ToastRegion } from './components/ToastRegion'
import { useCatalogue } from './locales/useCatalogue'
import { useLocale } from './locales/useLocale'
import { isTouchScreen, useFocusTrap } from './useFocusTrap'
import { useStrings } from './useStrings'
import { useThemeAttributes } from './useThemeAttributes'
import { ViewSwitch } from './views/ViewSwitch'

/**
 * The modal shell, the root of the modal's lazy chunk: a portal with an accessible
 * dialog (role, aria-modal, labelled title, focus trapped and returned), closed by
 * Escape, the backdrop and the close button unless the view blocks it (the close saga
 * decides and shakes instead, SPEC §4), with a Back button driven by the router
 * history. Theme comes from CSS variables on the root (`themeVariables` through the
 * CSSOM, which a strict CSP allows). Toasts render here too, open or closed.
 */
export function Modal() {
  const open = usePorticoSelector((s) => s.modal.open)
  // Another language's strings are a chunk of their own: wait for them rather than flash English.
  const catalogue = useCatalogue()
  if (typeof document === 'undefined' || !catalogue) return null
  return (
    <>
      {open ? createPortal(<Dialog />, document.body) : null}
      {createPortal(<ToastRegion />, document.body)}
    </>
  )
}

function Dialog() {
  const dispatch = usePorticoDispatch()
  const t = useStrings()
  const locale = useLocale()
  const route = usePorticoSelector((s) => selectRoute({ router: s.router }))
  const canGoBack = usePorticoSelector((s) => selectCanGoBack({ router: s.router }))
  const shake = usePorticoSelector((s) => s.modal.shake)
  const loading = usePorticoSelector((s) => s.modal.loading)
  const theme = useThemeAttributes()
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  useFocusTrap(ref)
  useFocusOnViewChange(ref, titleRef, route.view)

  const close = () => dispatch(modalActions.closeRequested())
  const closeBlocked = CloseBlockingViews.includes(route.view)
  // Escape is heard on the whole document while the dialog is open: focus can land on
  // <body> when the focused control becomes disabled (a network row while switching).
  useEffect(() => {
    const doc = ref.current?.ownerDocument
    if (!doc) return
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      dispatch(modalActions.closeRequested())
    }
    doc.addEventListener('keydown', onKeyDown)
    return () => doc.removeEventListener('keydown', onKeyDown)
  }, [dispatch])

  return (
    <div className="portico-root" {...locale.attributes} {...theme}>
      <div className="portico-backdrop" data-testid="portico-backdrop" onClick={close} />
      <div
        ref={ref}
        className={['portico-dialog', shake ? 'portico-shake' : ''].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={loading}
        tabIndex={-1}
        data-view={route.view}
      >
        <header className="portico-header">
          {canGoBack ? (
            <button type="button" className="portico-icon-button" aria-label={t.back} onClick={() => dispatch(routerActions.goBack())}>
              <Icon name="back" />
            </button>
          ) : (
            <span className="portico-icon-spacer" />
          )}
          <h2 id={titleId} ref={titleRef} className="portico-title" tabIndex={-1}>
            {t.titles[route.view]}
          </h2>
          <button
            type="button"
            className="portico-icon-button"
            aria-label={t.close}
            // Closing is refused here (SPEC §4): say so to assistive technology too.
            aria-disabled={closeBlocked || undefined}
            onClick={close}
          >
            <Icon name="close" />
          </button>
        </header>
        <AlertBar />
        <div className="portico-body">
          <Suspense
            fallback={
              <div data-testid="portico-view-loading">
                <Loading label={t.loading} />
              </div>
            }
          >
            <ViewSwitch route={route} />
          </Suspense>
          {loading ? (
            <div className="portico-loading-overlay">
              <Loading label={t.loading} />
            </div>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/**
 * When the view changes inside an open dialog, focus moves to the new view's field
 * marked `data-autofocus` (not on a touch screen), or else to its title, so keyboard and screen reader users
 * land on the new content instead of on a control that no longer exists.
 */
function useFocusOnViewChange(dialog: RefObject<HTMLElement | null>, title: RefObject<HTMLElement | null>, view: string) {
  const previous = useRef(view)
  useEffect(() => {
    if (previous.current === view) return
    previous.current = view
    // On a touch screen a focused field would pop the keyboard up over the new view.
    const field = isTouchScreen(dialog.current?.ownerDocument.defaultView ?? null) ? null : dialog.current?.querySelector<HTMLElement>('[data-autofocus]')
    const target = field ?? title.current
    target?.focus()
  }, [dialog, title, view])
}
