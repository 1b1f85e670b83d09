import { call, put } from 'redux-saga/effects'
import { FrameRequestError, type FrameDevice } from '../frame'
import { messageRecord } from '../errors/record'
import { toRecord } from '../errors/toRecord'
import { alertsActions } from '../store/slices/alerts'
import { embeddedActions } from '../store/slices/embedded'
import type { EmbeddedFrame } from './context'
import { callFrame, loadFrame, type EmbeddedHolder } from './embeddedFrame'
import { ProviderRpcCode } from '../errors/rpcCodes'

/** The Devices view (issue 32): the frame lists the signed-in visitor's devices with its session. */
export function* devicesRequestedSaga(holder: EmbeddedHolder) {
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    const { devices } = (yield call(callFrame, (signal) => client.getDevices({ signal }))) as { devices: FrameDevice[] }
    yield put(embeddedActions.devicesLoaded({ devices }))
  } catch (error) {
    yield put(embeddedActions.devicesFailed({ error: toRecord(error) }))
  }
}

/**
 * "Remove" on a device: REMOVE_DEVICE makes the frame ask the visitor in its own prompt,
 * then the server removes the device. Cancel (4001) changes nothing and says nothing;
 * a refusal is a toast; a removal is a toast and the device leaves the list.
 */
export function* deviceRemoveSaga(holder: EmbeddedHolder, { payload: { id } }: ReturnType<typeof embeddedActions.deviceRemoveRequested>) {
  try {
    const { client } = (yield call(loadFrame, holder)) as EmbeddedFrame
    yield call(callFrame, (signal) => client.removeDevice(id, { signal }))
    yield put(embeddedActions.deviceRemoveFinished({ id, removed: true }))
    yield put(alertsActions.toastRequested({ message: messageRecord('notices.deviceRemoved'), variant: 'success' }))
  } catch (error) {
    yield put(embeddedActions.deviceRemoveFinished({ id, removed: false }))
    if (!visitorCancelled(error)) yield put(alertsActions.toastRequested({ message: toRecord(error), variant: 'error' }))
  }
}

/** The visitor pressed Cancel in the frame's prompt (EIP-1193 4001). */
function visitorCancelled(error: unknown): boolean {
  return error instanceof FrameRequestError && error.remoteCode === ProviderRpcCode.UserRejectedRequest
}
