import type { Action } from '@reduxjs/toolkit'
import { call, takeEvery } from 'redux-saga/effects'
import { createDiagnosticLog, type DiagnosticLevel, type DiagnosticLog } from '../diagnostics/diagnosticLog'
import { getSagaContext, type SagaContext } from './context'

/**
 * The diagnostic log (SPEC §9 log buffer, `portico.getDiagnostics()`): created with the
 * saga runtime, so the dapp's first load carries none of it, then fed every action the
 * store applies. Only what a support request needs goes in: the action's type, an
 * alert's id, a failure's code and catalogue key (or its message). Other payloads are
 * never copied (they hold emails, codes, addresses and amounts).
 */
export function* diagnosticsSaga() {
  const context = (yield call(getSagaContext)) as SagaContext
  const holder = context.diagnostics
  if (!holder) return
  const log = (holder.log ??= createDiagnosticLog({ now: context.now }))
  yield takeEvery('*', (action: Action) => recordAction(log, action))
}

function recordAction(log: DiagnosticLog, action: Action & { payload?: unknown }) {
  const { payload, type } = action
  const failure = failureOf(payload)
  const alert = type === 'alerts/alertRaised' && typeof payload === 'string' ? payload : undefined
  const level: DiagnosticLevel = failure || alert ? 'warn' : 'debug'
  const details = [alert && `alert=${alert}`, failure].filter(Boolean).join(' ')
  log.record(level, 'action', details ? `${type} ${details}` : type)
}

/**
 * What a failure action says: `code=… key=…` of an error record (`{ error: { code, key } }`,
 * its params left out), or the text of a `{ message }` (redacted by the log), if any.
 */
function failureOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined
  const { error, message } = payload as { error?: unknown; message?: unknown }
  if (typeof error === 'object' && error !== null && 'key' in error) {
    const { code, key } = error as { code?: unknown; key?: unknown }
    return `code=${typeof code === 'string' || typeof code === 'number' ? code : 'none'} key=${typeof key === 'string' ? key : '?'}`
  }
  return typeof message === 'string' ? `message=${message}` : undefined
}
