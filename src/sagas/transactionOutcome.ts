import { put } from 'redux-saga/effects'
import { alertsActions, type ToastRequest } from '../store/slices/alerts'
import { routerActions } from '../store/slices/router'
import { select } from './effects'

/**
 * A Send or a Swap has finished. When the visitor is still on its view, the view shows
 * the result state (what was sent or swapped, the hash, the explorer link, Done), and a
 * toast would only say it a second time; when they closed the modal or went elsewhere
 * while it was mined, a toast with the explorer link says it instead.
 */
export function* announceTransaction(view: 'Send' | 'Swap', toast: ToastRequest) {
  const { modal, router } = yield* select()
  if (router.history.at(-1)?.view === 'ApproveTransaction') yield put(routerActions.goBack())
  const onView = modal.open && (yield* select()).router.history.at(-1)?.view === view
  if (!onView) yield put(alertsActions.toastRequested(toast))
}
