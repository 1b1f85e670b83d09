import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import { Limits } from '../../config/constants'
import type { ConnectorInfo } from '../../types/connector'
import type { ErrorRecord } from '../../errors/record'

/** A wallet the visitor connected with before, shown under "recent". */
export type RecentWallet = { id: string; name: string; imageUrl?: string | undefined; rdns?: string | undefined }

export type ConnectorsState = {
  /** Discovered connectors per namespace, as each plugin last reported them. */
  byNamespace: Record<string, ConnectorInfo[]>
  /** Latest first; SPEC §3 keeps only the 2 latest. */
  recent: RecentWallet[]
  /** Connector id per connected namespace. */
  active: Record<string, string>
  /** Connector whose connection is under way, for the Connecting views. */
  connecting: { connectorId: string; namespace: string } | undefined
  /** Message of the last failed connection, shown with a retry. */
  error: ErrorRecord | undefined
  /**
   * Connections remembered from the last visit that are being restored (namespace →
   * connector id), so a returning visitor's dapp can wait instead of showing
   * "disconnected" for a moment. Each entry ends when that restore succeeds or gives up.
   */
  restoring: Record<string, string>
}

const initialState: ConnectorsState = { byNamespace: {}, recent: [], active: {}, connecting: undefined, error: undefined, restoring: {} }

export const connectorsSlice = createSlice({
  name: 'connectors',
  initialState,
  reducers: {
    discovered(state, action: PayloadAction<{ namespace: string; connectors: readonly ConnectorInfo[] }>) {
      state.byNamespace[action.payload.namespace] = [...action.payload.connectors]
    },
    connectRequested(state, action: PayloadAction<{ connectorId: string; namespace: string }>) {
      state.connecting = action.payload
      state.error = undefined
    },
    connectSucceeded(state, action: PayloadAction<{ connectorId: string; namespace: string }>) {
      state.active[action.payload.namespace] = action.payload.connectorId
      state.connecting = undefined
      delete state.restoring[action.payload.namespace]
    },
    /**
     * What the last visit left (storage, or the server's cookie): the recent wallets, and
     * the connections (namespace → connector id) whose restore starts now, so the first
     * render already shows them as `reconnecting`.
     */
    hydrated(state, action: PayloadAction<{ recentWallets: RecentWallet[]; connections: Record<string, string> }>) {
      state.recent = action.payload.recentWallets.slice(0, Limits.recentWallets)
      state.restoring = { ...action.payload.connections }
    },
    /** The restore of `namespace` ended (restored, or forgotten); without a namespace, every restore still under way. */
    restoreEnded(state, action: PayloadAction<{ namespace?: string | undefined } | undefined>) {
      const namespace = action.payload?.namespace
      if (namespace === undefined) state.restoring = {}
      else delete state.restoring[namespace]
    },
    connectFailed(state, action: PayloadAction<{ error: ErrorRecord }>) {
      state.connecting = undefined
      state.error = action.payload.error
    },
    disconnectRequested(_state, _action: PayloadAction<{ namespace?: string | undefined } | undefined>) {},
    disconnected(state, action: PayloadAction<{ namespace: string }>) {
      delete state.active[action.payload.namespace]
    },
    recentAdded(state, action: PayloadAction<RecentWallet>) {
      const rest = state.recent.filter((w) => w.id !== action.payload.id)
      state.recent = [action.payload, ...rest].slice(0, Limits.recentWallets)
    },
  },
  selectors: {
    selectConnectorsByNamespace: (state) => state.byNamespace,
    selectRecentWallets: (state) => state.recent,
    selectActiveConnectors: (state) => state.active,
    selectConnecting: (state) => state.connecting,
    selectConnectError: (state) => state.error,
    selectRestoring: (state) => state.restoring,
  },
})

export const connectorsActions = connectorsSlice.actions
