import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { initialEmbeddedState } from './lazyInitialStates'
import type { OAuthProvider } from '../../config/constants'
import type { ErrorRecord } from '../../errors/record'
import type { EmbeddedDevice } from '../../types/user'

export type FrameStatus = 'idle' | 'loading' | 'ready' | 'failed'

/** SPEC §4 email connect and email update steps. */
export type EmbeddedStep = 'idle' | 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' | 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

export type EmbeddedState = {
  frameStatus: FrameStatus
  step: EmbeddedStep
  email: string | undefined
  /** During email update, the address being moved to. */
  newEmail: string | undefined
  /** Epoch ms until which another email login is blocked (SPEC §5, 30 s). */
  cooldownUntil: number | undefined
  pending: boolean
  error: ErrorRecord | undefined
  /** The social login in progress (its popup is open). */
  socialProvider: OAuthProvider | undefined
  /** The Farcaster URI to show as a QR code and link (SPEC §3 "Farcaster URI: url"). */
  farcasterUrl: string | undefined
  /** "Export private key": the frame's export prompt is open (the Account row shows it is busy). */
  keyExportPending?: boolean
  /** "Two-step verification": the frame's second-factor settings are open. */
  secondFactorPending?: boolean
  /** "Change recovery": the frame's recovery prompt is open. */
  recoveryChangePending?: boolean
  /** The Devices view (issue 32): the signed-in visitor's devices, as the frame listed them. */
  devices: EmbeddedDevices
}

export type EmbeddedDevices = {
  status: 'idle' | 'loading' | 'loaded' | 'error'
  items: EmbeddedDevice[]
  error: ErrorRecord | undefined
  /** The device whose removal waits for the visitor in the frame's prompt, then for the server. */
  removing: string | undefined
}

const initialState = initialEmbeddedState

export const embeddedSlice = createSlice({
  name: 'embedded',
  initialState,
  reducers: {
    frameStatusChanged(state, action: PayloadAction<FrameStatus>) {
      state.frameStatus = action.payload
    },
    emailSubmitted(state, action: PayloadAction<{ email: string }>) {
      state.email = action.payload.email
      state.pending = true
      state.error = undefined
    },
    otpSubmitted(state, _action: PayloadAction<{ otp: string }>) {
      state.pending = true
      state.error = undefined
    },
    stepChanged(state, action: PayloadAction<{ step: EmbeddedStep; newEmail?: string | undefined }>) {
      state.step = action.payload.step
      state.pending = false
      if (action.payload.newEmail !== undefined) state.newEmail = action.payload.newEmail
    },
    cooldownStarted(state, action: PayloadAction<{ until: number }>) {
      state.cooldownUntil = action.payload.until
    },
    /** Email update (SPEC §4): the visitor asks to move the wallet to `email`. */
    updateEmailRequested(state, action: PayloadAction<{ email: string }>) {
      state.newEmail = action.payload.email
      state.pending = true
      state.error = undefined
    },
    /** The secondary step answered `newEmail` (SPEC §4): the wallet's email is now that one. */
    emailUpdated(state, action: PayloadAction<{ newEmail: string }>) {
      state.email = action.payload.newEmail
      state.newEmail = undefined
      state.step = 'idle'
      state.pending = false
      state.error = undefined
    },
    /**
     * Social login (SPEC §3 social providers): dispatched in the visitor's click, so the
     * saga can open the provider's popup while the browser still allows it.
     */
    socialRequested(state, action: PayloadAction<{ provider: OAuthProvider }>) {
      state.socialProvider = action.payload.provider
      state.pending = true
      state.error = undefined
    },
    /** Farcaster login: the saga asks the frame for the Farcaster URI, then waits for the approval. */
    farcasterRequested(state) {
      state.farcasterUrl = undefined
      state.pending = true
      state.error = undefined
    },
    /** "Continue with a passkey": the frame shows its passkey prompt; the saga waits for the login. */
    passkeyRequested(state) {
      state.pending = true
      state.error = undefined
    },
    /** The signed-in embedded user adds a passkey (the frame shows its prompt); the saga reports the result as a toast. */
    passkeyAddRequested() {},
    /** "Export private key" (issue 32): the frame shows its export prompt; the key never comes back here. */
    keyExportRequested(state, _action: PayloadAction<{ namespace?: string } | undefined>) {
      state.keyExportPending = true
    },
    keyExportFinished(state) {
      state.keyExportPending = false
    },
    /** "Two-step verification" (issue 32): the frame shows its second-factor settings; nothing about the factor comes back. */
    secondFactorRequested(state) {
      state.secondFactorPending = true
    },
    secondFactorFinished(state) {
      state.secondFactorPending = false
    },
    /** "Change recovery" (issue 32): the frame asks for a new recovery password or passkey; the saga toasts the outcome. */
    recoveryChangeRequested(state) {
      state.recoveryChangePending = true
    },
    recoveryChangeFinished(state) {
      state.recoveryChangePending = false
    },
    /** The Devices view opened, or the visitor asked again: the frame lists the devices with its session. */
    devicesRequested(state) {
      state.devices.status = 'loading'
      state.devices.error = undefined
    },
    devicesLoaded(state, action: PayloadAction<{ devices: EmbeddedDevice[] }>) {
      state.devices = { status: 'loaded', items: action.payload.devices, error: undefined, removing: state.devices.removing }
    },
    devicesFailed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.devices.status = 'error'
      state.devices.error = action.payload.error
    },
    /** "Remove" on a device: the frame asks the visitor in its own prompt, then the server removes it. */
    deviceRemoveRequested(state, action: PayloadAction<{ id: string }>) {
      state.devices.removing = action.payload.id
    },
    /** The removal ended: the device is gone from the list when `removed`, else the list stays (cancelled or refused). */
    deviceRemoveFinished(state, action: PayloadAction<{ id: string; removed: boolean }>) {
      state.devices.removing = undefined
      if (action.payload.removed) state.devices.items = state.devices.items.filter((device) => device.id !== action.payload.id)
    },
    farcasterUriReceived(state, action: PayloadAction<{ url: string }>) {
      state.farcasterUrl = action.payload.url
    },
    failed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.pending = false
      state.error = action.payload.error
    },
    /** The visitor left the flow (modal closed) while a request was pending; the cooldown stays. */
    flowCancelled(state) {
      state.step = 'idle'
      state.pending = false
      state.error = undefined
    },
    reset: (state) => ({ ...initialState, frameStatus: state.frameStatus }),
  },
})

export const embeddedActions = embeddedSlice.actions
