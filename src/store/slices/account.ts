import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { AccountType } from '../../config/constants'
import type { ConnectorType } from '../../types/connector'
import type { CaipAddress, CaipNetworkId } from '../../types/network'
import type { TokenBalance } from '../../types/tokenBalance'
import type { EmbeddedUser } from '../../types/user'
import { connectorsActions } from './connectors'

/**
 * `reconnecting`: a connection remembered from the last visit is being restored (from
 * the first render until the restore ends), so a returning visitor's dapp can show a
 * neutral state instead of "Connect Wallet".
 */
export type ConnectionStatus = 'disconnected' | 'reconnecting' | 'connecting' | 'connected'

/** SPEC §3 Account, one per namespace. */
export type AccountState = {
  caipAddress: CaipAddress | undefined
  address: string | undefined
  balance: string | undefined
  balanceSymbol: string | undefined
  profileName: string | undefined
  profileImage: string | undefined
  status: ConnectionStatus
  user: EmbeddedUser | undefined
  tokenBalance: TokenBalance[]
  smartAccountDeployed: boolean
  allAccounts: { address: string; type?: string | undefined }[]
  preferredAccountTypes: Partial<Record<string, AccountType>>
  socialProvider: string | undefined
  connectedWalletInfo: { connectorId: string; name: string; type: ConnectorType; icon?: string | undefined } | undefined
  addressLabels: Record<string, string>
  /** State of the token balance fetch, for the Tokens tab's loading and error states. */
  tokenBalanceStatus: 'idle' | 'loading' | 'loaded' | 'error'
  /** Epoch ms of the last failed fetch: no retry within 30 s of it (SPEC §4). */
  tokenBalanceFailedAt: number | undefined
}

/** What started an automatic retry of a failed balance fetch. */
export type BalanceRetryTrigger = 'online' | 'visible' | 'timer'

export type AccountSliceState = {
  byNamespace: Record<string, AccountState>
  /** The namespace whose account the modal shows. */
  activeNamespace: string | undefined
}

export const emptyAccount = (): AccountState => ({
  caipAddress: undefined,
  address: undefined,
  balance: undefined,
  balanceSymbol: undefined,
  profileName: undefined,
  profileImage: undefined,
  status: 'disconnected',
  user: undefined,
  tokenBalance: [],
  smartAccountDeployed: false,
  allAccounts: [],
  preferredAccountTypes: {},
  socialProvider: undefined,
  connectedWalletInfo: undefined,
  addressLabels: {},
  tokenBalanceStatus: 'idle',
  tokenBalanceFailedAt: undefined,
})

const initialState: AccountSliceState = { byNamespace: {}, activeNamespace: undefined }

function accountOf(state: AccountSliceState, namespace: string): AccountState {
  return (state.byNamespace[namespace] ??= emptyAccount())
}

export type ConnectedPayload = {
  namespace: string
  address: string
  caipNetworkId: CaipNetworkId
  allAccounts?: { address: string; type?: string | undefined }[] | undefined
  connectedWalletInfo: NonNullable<AccountState['connectedWalletInfo']>
  /**
   * false: a wallet's second namespace joins without becoming the active account (the
   * embedded wallet's Solana account beside its EVM one), unless no account is active.
   * Default true.
   */
  activate?: boolean | undefined
}

/** The account to show once the active one is gone: a connected one, else one still reconnecting. */
function nextActiveNamespace(state: AccountSliceState): string | undefined {
  const namespaces = Object.keys(state.byNamespace)
  return namespaces.find((ns) => state.byNamespace[ns]?.status === 'connected') ?? namespaces.find((ns) => state.byNamespace[ns]?.status === 'reconnecting')
}

export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    connecting(state, action: PayloadAction<{ namespace: string }>) {
      accountOf(state, action.payload.namespace).status = 'connecting'
    },
    connected(state, action: PayloadAction<ConnectedPayload>) {
      const { namespace, address, caipNetworkId, allAccounts, connectedWalletInfo } = action.payload
      const account = accountOf(state, namespace)
      account.status = 'connected'
      account.address = address
      account.caipAddress = `${caipNetworkId}:${address}`
      account.allAccounts = allAccounts ?? [{ address }]
      account.connectedWalletInfo = connectedWalletInfo
      if (action.payload.activate !== false || state.activeNamespace === undefined) state.activeNamespace = namespace
    },
    /** The connection attempt ended without an account (rejected, failed). */
    connectFailed(state, action: PayloadAction<{ namespace: string }>) {
      const account = accountOf(state, action.payload.namespace)
      if (account.status === 'connecting') account.status = account.address ? 'connected' : 'disconnected'
    },
    /** The wallet switched account: keep the connection, drop what belonged to the old address. */
    addressChanged(state, action: PayloadAction<{ namespace: string; address: string; caipNetworkId: CaipNetworkId }>) {
      const { namespace, address, caipNetworkId } = action.payload
      const account = accountOf(state, namespace)
      account.address = address
      account.caipAddress = `${caipNetworkId}:${address}`
      account.balance = undefined
      account.balanceSymbol = undefined
      account.profileName = undefined
      account.profileImage = undefined
      account.tokenBalance = []
      account.tokenBalanceStatus = 'idle'
      account.tokenBalanceFailedAt = undefined
    },
    /** The network changed under a connected account: its CAIP address follows. */
    networkChanged(state, action: PayloadAction<{ namespace: string; caipNetworkId: CaipNetworkId }>) {
      const account = state.byNamespace[action.payload.namespace]
      if (account?.address) {
        account.caipAddress = `${action.payload.caipNetworkId}:${account.address}`
        account.balance = undefined
        account.tokenBalance = []
        account.tokenBalanceStatus = 'idle'
        account.tokenBalanceFailedAt = undefined
      }
    },
    /** SPEC §4: on chain disconnect the account data is reset and the status becomes disconnected. */
    chainDisconnected(state, action: PayloadAction<{ namespace: string }>) {
      const { namespace } = action.payload
      const preferred = state.byNamespace[namespace]?.preferredAccountTypes ?? {}
      state.byNamespace[namespace] = { ...emptyAccount(), preferredAccountTypes: preferred }
      if (state.activeNamespace === namespace) state.activeNamespace = nextActiveNamespace(state)
    },
    balanceLoaded(state, action: PayloadAction<{ namespace: string; balance: string; symbol: string }>) {
      const account = accountOf(state, action.payload.namespace)
      account.balance = action.payload.balance
      account.balanceSymbol = action.payload.symbol
    },
    /** Asks the balance saga to fetch; `force` skips the 30 s cache (not the retry gate). */
    /**
     * Asks for the account's balances. `trigger` marks an automatic retry of a failed
     * fetch (sagas/accountDataRecovery.ts): it shows no second toast, and `online` may
     * pass the SPEC §4 30 s gate (the network that failed is back).
     */
    balanceRequested(_state, _action: PayloadAction<{ namespace: string; force?: boolean | undefined; trigger?: BalanceRetryTrigger | undefined }>) {},
    tokenBalanceLoading(state, action: PayloadAction<{ namespace: string }>) {
      accountOf(state, action.payload.namespace).tokenBalanceStatus = 'loading'
    },
    tokenBalanceLoaded(state, action: PayloadAction<{ namespace: string; tokens: TokenBalance[] }>) {
      const account = accountOf(state, action.payload.namespace)
      account.tokenBalance = action.payload.tokens
      account.tokenBalanceStatus = 'loaded'
      account.tokenBalanceFailedAt = undefined
    },
    tokenBalanceFailed(state, action: PayloadAction<{ namespace: string; at: number }>) {
      const account = accountOf(state, action.payload.namespace)
      account.tokenBalanceStatus = 'error'
      account.tokenBalanceFailedAt = action.payload.at
    },
    profileLoaded(state, action: PayloadAction<{ namespace: string; name: string | undefined; image: string | undefined }>) {
      const account = accountOf(state, action.payload.namespace)
      account.profileName = action.payload.name
      account.profileImage = action.payload.image
    },
    userLoaded(state, action: PayloadAction<{ namespace: string; user: EmbeddedUser; socialProvider?: string | undefined }>) {
      const account = accountOf(state, action.payload.namespace)
      account.user = action.payload.user
      account.smartAccountDeployed = action.payload.user.smartAccountDeployed ?? false
      if (action.payload.socialProvider !== undefined) account.socialProvider = action.payload.socialProvider
    },
    /** The wallet's accounts with their types (the embedded wallet's EOA and smart account, SPEC §3 allAccounts). */
    allAccountsSet(state, action: PayloadAction<{ namespace: string; accounts: { address: string; type?: string | undefined }[] }>) {
      accountOf(state, action.payload.namespace).allAccounts = action.payload.accounts.map((a) => ({ ...a }))
    },
    preferredAccountTypeSet(state, action: PayloadAction<{ namespace: string; type: AccountType }>) {
      accountOf(state, action.payload.namespace).preferredAccountTypes[action.payload.namespace] = action.payload.type
    },
    addressLabelSet(state, action: PayloadAction<{ namespace: string; address: string; label: string }>) {
      accountOf(state, action.payload.namespace).addressLabels[action.payload.address] = action.payload.label
    },
    activeNamespaceSet(state, action: PayloadAction<string>) {
      state.activeNamespace = action.payload
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(connectorsActions.hydrated, (state, action) => {
        for (const namespace of Object.keys(action.payload.connections)) {
          const account = accountOf(state, namespace)
          if (account.status === 'disconnected') account.status = 'reconnecting'
        }
        state.activeNamespace ??= Object.keys(action.payload.connections)[0]
      })
      .addCase(connectorsActions.restoreEnded, (state, action) => {
        // A restore that ended without connecting leaves the namespace disconnected; a
        // restored one is already `connected` (accountActions.connected came first).
        const namespace = action.payload?.namespace
        for (const [ns, account] of Object.entries(state.byNamespace)) {
          if ((namespace === undefined || ns === namespace) && account.status === 'reconnecting') account.status = 'disconnected'
        }
        if (state.activeNamespace !== undefined && state.byNamespace[state.activeNamespace]?.status === 'disconnected') state.activeNamespace = nextActiveNamespace(state)
      })
  },
  selectors: {
    selectActiveNamespace: (state) => state.activeNamespace,
    selectAccounts: (state) => state.byNamespace,
  },
})

export const accountActions = accountSlice.actions
