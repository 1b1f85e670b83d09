import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { initialWalletConnectState } from './lazyInitialStates'
import { Time } from '../../config/constants'
import type { ErrorRecord } from '../../errors/record'

export type PairingStatus = 'idle' | 'pairing' | 'connected' | 'expired' | 'error'

/** The connected WalletConnect session as the store keeps it: ids and display data only. */
export type WalletConnectSessionSummary = {
  /** Session topic: the key of the live session, which stays in the WalletConnect client. */
  topic: string
  peer: { name: string; url: string; icons: string[] }
  /** Namespaces the wallet approved. */
  namespaces: string[]
  /** Epoch ms. */
  expiry: number
}

export type WalletConnectState = {
  /** The pairing URI to show as a QR code or deep link; undefined while one is prepared. */
  uri: string | undefined
  /** Epoch ms when the pairing expires (4 minutes after it was made, SPEC §4). */
  pairingExpiresAt: number | undefined
  status: PairingStatus
  /** Message of the last failure (rejected proposal, relay unreachable), shown with a retry. */
  error: ErrorRecord | undefined
  /** Wallet-listing id of the wallet the visitor picked, if any (deep links, recent list). */
  walletId: string | undefined
  session: WalletConnectSessionSummary | undefined
  /**
   * Whether the relay's socket is open. False while it is unreachable: a request to the
   * wallet waits for it (the modal says "Connection to your wallet lost, reconnecting…").
   */
  relayConnected: boolean
  /** Requests sent to the wallet and not answered yet: while any waits, the page says which wallet to approve it in. */
  waitingRequests: number
}

const initialState = initialWalletConnectState

/**
 * SPEC §4: a pairing expires after 4 minutes and counts as expired within 10 s of that.
 *
 * @example
 * isPairingExpired(expiresAt, Date.now()) // true from expiresAt - 10 000 on
 */
export function isPairingExpired(expiresAt: number | undefined, now: number): boolean {
  return expiresAt === undefined || now >= expiresAt - Time.pairingExpiryMarginMs
}

export const walletConnectSlice = createSlice({
  name: 'walletConnect',
  initialState,
  reducers: {
    /** The visitor picked WalletConnect (or a wallet that uses it). The saga pairs, or keeps a live pairing. */
    connectRequested(state, action: PayloadAction<{ walletId?: string | undefined } | undefined>) {
      state.walletId = action.payload?.walletId
      state.error = undefined
    },
    /** A fresh URI, replacing an expired (or about to expire) one. */
    refreshRequested(state) {
      state.error = undefined
    },
    /** A new pairing is being made: no URI yet. */
    pairingStarted(state) {
      state.status = 'pairing'
      state.uri = undefined
      state.pairingExpiresAt = undefined
      state.error = undefined
    },
    uriReceived(state, action: PayloadAction<{ uri: string; expiresAt: number }>) {
      state.status = 'pairing'
      state.uri = action.payload.uri
      state.pairingExpiresAt = action.payload.expiresAt
    },
    /** The pairing counts as expired (10 s before its expiry): its URI is no longer offered. */
    expired(state) {
      if (state.status !== 'pairing') return
      state.status = 'expired'
      state.uri = undefined
    },
    connected(state, action: PayloadAction<WalletConnectSessionSummary>) {
      state.status = 'connected'
      state.session = action.payload
      state.uri = undefined
      state.pairingExpiresAt = undefined
      state.error = undefined
    },
    /** The wallet changed the session (session_update). */
    sessionUpdated(state, action: PayloadAction<WalletConnectSessionSummary>) {
      if (state.session?.topic === action.payload.topic) state.session = action.payload
    },
    failed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.status = 'error'
      state.error = action.payload.error
      state.uri = undefined
      state.pairingExpiresAt = undefined
    },
    /** The relay's socket closed or opened again (the sign-client reconnects by itself). */
    relayStatusChanged(state, action: PayloadAction<{ connected: boolean }>) {
      state.relayConnected = action.payload.connected
    },
    /** A request went to the wallet, which asks the visitor to approve it. */
    walletRequestSent(state) {
      state.waitingRequests += 1
    },
    /** The wallet answered a request (or it failed, or expired). */
    walletRequestSettled(state) {
      state.waitingRequests = Math.max(0, state.waitingRequests - 1)
    },
    /** The session ended (either side). */
    disconnected(state) {
      state.status = 'idle'
      state.session = undefined
      state.relayConnected = true
      state.waitingRequests = 0
    },
  },
  selectors: {
    selectWalletConnect: (state) => state,
    selectPairingUri: (state) => state.uri,
    selectPairingStatus: (state) => state.status,
    selectPairingExpiresAt: (state) => state.pairingExpiresAt,
    selectWalletConnectError: (state) => state.error,
    selectWalletConnectSession: (state) => state.session,
    selectRelayConnected: (state) => state.relayConnected,
  },
})

export const walletConnectActions = walletConnectSlice.actions
export const { selectWalletConnect, selectPairingUri, selectPairingStatus, selectPairingExpiresAt, selectWalletConnectError, selectWalletConnectSession, selectRelayConnected } =
  walletConnectSlice.selectors
