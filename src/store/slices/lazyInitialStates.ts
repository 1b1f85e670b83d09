// The initial state of the slices whose reducers load with the saga runtime, which injects
// them (src/store/lazySlices.ts): each slice starts from it, and `lazyState`
// (src/store/lazyState.ts) reads it for a slice not injected yet, without its reducer.
import { Onramp, Swap } from '../../config/constants'
import type { NamesState } from './names'
import type { OnrampState, PaymentLimits } from './onramp'
import type { SwapState } from './swap'
import type { TransactionsState } from './transactions'
import type { SendState } from './send'
import type { SiwxState } from './siwx'
import type { SmartAccountState } from './smartAccount'
import type { WalletConnectState } from './walletConnect'
import type { EmbeddedState } from './embedded'

/** SPEC §9 fallback purchase limits (a fresh copy each time: Immer freezes what the store holds). */
export const fallbackLimits = (): PaymentLimits => ({ card: { ...Onramp.fallbackLimits.card }, bank: { ...Onramp.fallbackLimits.bank } })

export const initialNamesState: NamesState = {
  query: '',
  suggestions: [],
  suggestionsStatus: 'idle',
  availability: 'unknown',
  fullName: undefined,
  status: 'idle',
  error: undefined,
  reason: undefined,
}

export const initialOnrampState: OnrampState = {
  providers: [],
  providersStatus: 'idle',
  paymentCurrency: 'USD',
  purchaseCurrency: undefined,
  purchaseNetwork: undefined,
  paymentMethod: 'card',
  amount: undefined,
  limits: fallbackLimits(),
  limitsByCurrency: {},
  currencies: [...Onramp.fallbackCurrencies],
  quote: undefined,
  status: 'idle',
  error: undefined,
  purchase: undefined,
}

export const initialSwapState: SwapState = {
  tokens: [],
  tokensStatus: 'idle',
  sourceToken: undefined,
  toToken: undefined,
  sourceAmount: undefined,
  toAmount: undefined,
  quote: undefined,
  slippagePercent: Swap.slippagePercent,
  gasPrice: undefined,
  status: 'idle',
  hash: undefined,
  result: undefined,
  error: undefined,
}

export const initialTransactionsState: TransactionsState = { items: [], next: undefined, status: 'idle', error: undefined, pending: [] }

export const initialSendState: SendState = {
  token: undefined,
  amount: undefined,
  receiverAddress: undefined,
  receiverProfileName: undefined,
  status: 'idle',
  hash: undefined,
  error: undefined,
}

export const initialSiwxState: SiwxState = { status: 'idle', session: undefined, error: undefined }

export const initialSmartAccountState: SmartAccountState = { enabledNetworks: [], switchingTo: undefined, error: undefined }

export const initialWalletConnectState: WalletConnectState = {
  uri: undefined,
  pairingExpiresAt: undefined,
  status: 'idle',
  error: undefined,
  walletId: undefined,
  session: undefined,
  relayConnected: true,
  waitingRequests: 0,
}

export const initialEmbeddedState: EmbeddedState = {
  frameStatus: 'idle',
  step: 'idle',
  email: undefined,
  newEmail: undefined,
  cooldownUntil: undefined,
  pending: false,
  error: undefined,
  socialProvider: undefined,
  farcasterUrl: undefined,
  devices: { status: 'idle', items: [], error: undefined, removing: undefined },
}
