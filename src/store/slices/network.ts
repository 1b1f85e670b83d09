import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { CaipNetwork, CaipNetworkId } from '../../types/network'

export type NetworkState = {
  networks: CaipNetwork[]
  activeCaipNetworkId: CaipNetworkId | undefined
  /** The wallet's current network when it is none of `networks` (SPEC §4 unsupported network). */
  unsupportedCaipNetworkId: CaipNetworkId | undefined
  allowUnsupportedChain: boolean
  /** The network a switch is under way to, for the loading state. */
  switchingTo: CaipNetworkId | undefined
  /**
   * A network of another namespace the visitor chose while that namespace has no
   * connection: the switch waits for the visitor to connect it (the Connect view shows
   * that namespace's wallets), so the account shown never sits beside a network of
   * another namespace.
   */
  awaitingConnection: CaipNetworkId | undefined
}

const initialState: NetworkState = {
  networks: [],
  activeCaipNetworkId: undefined,
  unsupportedCaipNetworkId: undefined,
  allowUnsupportedChain: false,
  switchingTo: undefined,
  awaitingConnection: undefined,
}

export const networkSlice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    /** Asks the network saga to switch (through the connected wallet when there is one). */
    switchRequested(_state, _action: PayloadAction<{ caipNetworkId: CaipNetworkId }>) {},
    switchStarted(state, action: PayloadAction<{ caipNetworkId: CaipNetworkId }>) {
      state.switchingTo = action.payload.caipNetworkId
    },
    switchFailed(state) {
      state.switchingTo = undefined
    },
    /** The switch to `caipNetworkId` waits for its namespace to be connected (see `awaitingConnection`). */
    connectionAwaited(state, action: PayloadAction<{ caipNetworkId: CaipNetworkId }>) {
      state.awaitingConnection = action.payload.caipNetworkId
    },
    /** The wait ended: the namespace connected, or the visitor left. */
    connectionAwaitEnded(state) {
      state.awaitingConnection = undefined
    },
    /**
     * The active network changed (a switch finished, or the wallet moved by itself).
     * An id outside `networks` marks the network unsupported; the unsupported-chain
     * saga then opens UnsupportedChain unless allowed.
     */
    activeNetworkChanged(state, action: PayloadAction<{ caipNetworkId: CaipNetworkId }>) {
      const id = action.payload.caipNetworkId
      state.switchingTo = undefined
      if (state.networks.some((n) => n.caipNetworkId === id)) {
        state.activeCaipNetworkId = id
        state.unsupportedCaipNetworkId = undefined
      } else {
        state.unsupportedCaipNetworkId = id
      }
    },
  },
  selectors: {
    selectNetworks: (state) => state.networks,
    selectActiveNetwork: (state): CaipNetwork | undefined => state.networks.find((n) => n.caipNetworkId === state.activeCaipNetworkId),
    selectIsUnsupported: (state) => state.unsupportedCaipNetworkId !== undefined,
    selectSwitchingTo: (state) => state.switchingTo,
    selectAwaitingConnection: (state): CaipNetwork | undefined => state.networks.find((n) => n.caipNetworkId === state.awaitingConnection),
  },
})

export const networkActions = networkSlice.actions
export const { selectNetworks, selectActiveNetwork, selectIsUnsupported, selectSwitchingTo, selectAwaitingConnection } = networkSlice.selectors
