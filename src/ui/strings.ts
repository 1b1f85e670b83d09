import { Alerts, type AlertId } from '../errors/alerts'
import { ErrorMessages, Notices, type ErrorMessageKey, type NoticeKey } from '../errors/messages'
import { buttonStrings } from './buttonStrings'
import { type DeepPartial } from './mergeStrings'

export { format, mergeStrings } from './mergeStrings'
export { translate } from './translate'

/**
 * The modal's English strings, in one catalogue. Values are plain strings (templates
 * use `{name}` placeholders, filled by `format`), so a dapp's replacement is plain data:
 * it travels through `config.strings`, sits in the store and shows in DevTools.
 * Views never spell text inline; they read this through `useStrings()`.
 */
export const en = {
  close: 'Close',
  back: 'Back',
  loading: 'Loading…',
  tryAgain: 'Try again',
  cancel: 'Cancel',
  copy: 'Copy',
  copied: 'Copied',
  copyAddress: 'Copy address',
  copyLink: 'Copy link',
  dismiss: 'Dismiss',
  notifications: 'Notifications',
  /** The link of a sent transaction's toast; {name} is the network's block explorer (Etherscan, Solscan). */
  viewOnExplorer: 'View on {name}',
  done: 'Done',
  transactionLabel: 'Transaction',
  copyTransactionHash: 'Copy transaction hash',

  // Buttons for the dapp (their own module: they load before the modal)
  ...buttonStrings,

  // Connect
  connectMethods: 'Ways to connect',
  email: 'Email',
  emailPlaceholder: 'Email address',
  continue: 'Continue',
  continueWith: 'Continue with {provider}',
  socialLogin: 'Social login',
  socialNames: { google: 'Google', x: 'X', discord: 'Discord', farcaster: 'Farcaster', github: 'GitHub', apple: 'Apple', facebook: 'Facebook' },
  wallets: 'Wallets',
  allWallets: 'All wallets',
  noWallets: 'No browser wallet found. Install one, or use another way to connect.',
  installed: 'installed',
  recent: 'recent',
  walletConnect: 'WalletConnect',
  qrCode: 'QR code',
  walletListUnavailable: 'Could not load the wallet list.',
  emailPending: 'Sending a code…',
  // features.legalCheckbox: {terms} and {privacy} become links; a document not given is left out
  legalAgree: 'I agree to the {terms} and the {privacy}.',
  legalAgreeTerms: 'I agree to the {terms}.',
  legalAgreePrivacy: 'I agree to the {privacy}.',
  termsOfService: 'Terms of Service',
  privacyPolicy: 'Privacy Policy',
  legalRequired: 'Tick the box above to agree before you connect.',
  // features.collapseWallets
  continueWithWallet: 'Continue with a wallet',
  // features.passkey: the embedded wallet's passkey login (its prompt shows in the secure frame)
  continueWithPasskey: 'Continue with a passkey',
  passkeyPending: 'Waiting for your passkey…',
  addPasskey: 'Add a passkey',
  exportPrivateKey: 'Export private key',
  framePromptPending: 'Continue in the wallet window…',
  twoStepVerification: 'Two-step verification',
  changeRecovery: 'Change recovery',
  // The Devices view (embedded wallet, issue 32)
  devices: 'Devices',
  devicesHint: 'The browsers signed in to this wallet. A removed device can no longer sign; the wallet asks you to confirm first.',
  thisDevice: 'This device',
  deviceAdded: 'Added {date}',
  deviceLastUsed: 'Last used {time}',
  removeDevice: 'Remove',
  removeDeviceLabel: 'Remove {device}',
  removingDevice: 'Confirm in the wallet prompt…',
  loadingDevices: 'Loading devices…',
  noDevices: 'No devices to show.',
  onrampUnavailable: 'Buying crypto is not available in your region.',

  // AllWallets
  searchWallets: 'Search wallets',
  searchPlaceholder: 'Search wallet',
  searching: 'Searching…',
  noWalletsFound: 'No wallet found for “{query}”.',
  loadMore: 'Load more',
  loadingWallets: 'Loading wallets…',
  walletCount: '{count} wallets',
  walletsShown: 'Showing {shown} of {count}',

  // Connecting
  connecting: 'Continue in {name}',
  connectingHint: 'Accept the connection request in your wallet.',
  connectionDeclined: 'Connection declined',
  scanWithWallet: 'Scan with your wallet',
  scanWithWalletHint: 'Scan this QR code with a WalletConnect-compatible wallet, or copy the link.',
  preparingQr: 'Preparing a connection link…',
  openWallet: 'Open {name}',
  walletConnectLink: 'WalletConnect link',

  // SIWX
  signInTitle: '{app} wants you to sign in',
  signInHint: 'Sign a message in your wallet to prove you own this account. It costs nothing.',
  signIn: 'Sign in',
  signingIn: 'Waiting for the signature…',

  // Farcaster / social
  farcasterTitle: 'Log in with Farcaster',
  farcasterHint: 'Scan with your phone or open the link to approve in Warpcast.',
  openFarcaster: 'Open Farcaster',
  socialTitle: 'Log in with {provider}',
  socialHint: 'Continue in the window that opened. Come back here once you are done.',
  socialPopupBlocked: 'If no window opened, allow pop-ups for this site and try again.',

  // Account type of the embedded wallet (SPEC §3, §5: externally-owned or smart account)
  accountTypeSmartAccount: 'Smart account',
  accountTypeEoa: 'EOA',
  /** The row's accessible name: "Account type: Smart account. Switch to EOA". */
  accountTypeSwitchLabel: 'Account type: {current}. Switch to {other}',
  accountTypeSwitchTo: 'Switch to {other}',

  // Email change (SPEC §4 email update)
  changeEmail: 'Change email',
  updateEmailHint: 'We will send a code to your current email, then one to the new address.',
  newEmailLabel: 'New email',
  newEmailPlaceholder: 'New email address',
  sameEmail: 'This is already your email',
  sendCode: 'Send code',
  updateEmailPrimaryHint: 'Enter the code we sent to {email} to confirm the change to {newEmail}.',
  updateEmailSecondaryHint: 'Enter the code we sent to {newEmail} to confirm it is yours.',
  startOver: 'Send new codes',
  accountEmail: 'Email',
  accountSocial: '{provider} account',

  // Email one-time code
  otpTitle: 'Enter the code we sent to',
  otpLabel: 'One-time code',
  otpHint: 'The code expires in a few minutes.',
  otpVerifying: 'Checking the code…',
  otpInvalidLength: 'Enter the {length}-digit code',
  resendCode: 'Resend code',
  resendQuestion: 'Didn’t get it?',
  tryAgainAfter: 'Please try again after {n} seconds',
  codeSent: 'A new code is on its way',
  deviceTitle: 'Approve this device',
  deviceHint: 'We sent a link to {email}. Open it to approve this browser, then come back here.',
  deviceWaiting: 'Waiting for approval…',
  resendLink: 'Resend link',
  invalidEmail: 'Invalid email',

  // Account
  account: 'Account',
  accountAddress: 'Account address',
  balance: 'Balance',
  disconnect: 'Disconnect',
  networks: 'Networks',
  walletFeatures: 'Wallet actions',
  buy: 'Buy',
  swap: 'Swap',
  receive: 'Receive',
  send: 'Send',
  registerName: 'Choose a name',
  accountTabs: 'Account details',
  tabTokens: 'Tokens',
  tabNfts: 'NFTs',
  tabActivity: 'Activity',
  loadingTokens: 'Loading balances…',
  noTokens: 'No tokens on this network yet.',
  loadingNfts: 'Loading NFTs…',
  noNfts: 'No NFTs yet.',
  loadingActivity: 'Loading activity…',
  noActivity: 'No activity yet.',
  activityUnavailable: 'Activity is not available on this network.',
  pending: 'Pending',
  failed: 'Failed',
  relativeTime: '{value} {unit} ago',
  timeUnits: { sec: 'sec', min: 'min', hr: 'hr', d: 'd', mo: 'mo', yr: 'yr' },
  transferTo: 'to {address}',
  transferFrom: 'from {address}',
  operations: {
    send: 'Sent',
    receive: 'Received',
    trade: 'Swapped',
    mint: 'Minted',
    burn: 'Burned',
    approve: 'Approved',
    deposit: 'Deposited',
    withdraw: 'Withdrew',
    borrow: 'Borrowed',
    repay: 'Repaid',
    claim: 'Claimed',
    execute: 'Executed',
    deploy: 'Deployed',
    cancel: 'Cancelled',
    stake: 'Staked',
    unstake: 'Unstaked',
  } as Record<string, string>,

  // Networks
  switching: 'Switching…',
  activeNetwork: 'active',
  noNetworks: 'No networks are configured.',
  unsupportedChainHint: 'This app does not support your current network. Switch to one of these:',
  switchNetworkHint: 'Approve the network switch in your wallet.',
  switchedTo: 'Switched to {network}.',
  switchNetworkFailed: 'The switch did not happen.',
  connectForNetwork: 'Connect a wallet for {network} to switch to it.',

  // ApproveTransaction
  approveTransactionHint: 'Approve the request in your wallet to continue.',
  approveTransactionIn: 'Approve in {name}',
  /** A WalletConnect wallet's relay is unreachable while a request waits (issue 33). */
  walletRelayReconnecting: 'Connection to your wallet lost, reconnecting…',

  // Register name
  nameLabel: 'Name',
  namePlaceholder: 'yourname',
  nameSuffix: '.portico.id',
  nameHint: 'At least {min} characters: letters, digits and hyphens.',
  nameTooShort: 'Use at least {min} characters',
  nameInvalidCharacters: 'Use only letters, digits and hyphens',
  nameAvailable: '{name} can be registered',
  registerNameSubmit: 'Register name',
  currentName: 'Current name: {name}',
  nameRegistered: '{name} is now your account name.',
  backToAccount: 'Back to account',
  // Names, activity and sign-in states (issue 8)
  nameChecking: 'Checking {name}…',
  nameTaken: '{name} is already taken',
  nameSuggestions: 'Suggestions',
  nameSigning: 'Sign the registration message in your wallet…',
  nameRegistering: 'Registering {name}…',
  nameTakenRetry: 'Someone registered this name first. Choose another one.',
  tokenPrice: '{price} each',
  signInVerifying: 'Checking the signature…',

  // Swap
  youPay: 'You pay',
  youReceive: 'You receive',
  token: 'Token',
  selectToken: 'Select token',
  amount: 'Amount',
  flipTokens: 'Swap the two tokens',
  loadingSwapTokens: 'Loading tokens…',
  fetchingQuote: 'Fetching the best price…',
  slippage: 'Max. slippage',
  networkCost: 'Network cost',
  reviewSwap: 'Swap',
  enterAmount: 'Enter an amount',
  swapApproving: 'Approve the token in your wallet…',
  swapSwapping: 'Confirm the swap in your wallet…',
  swapped: 'Swapped',
  /** What a swap paid and received, e.g. '1 ETH' and '3,000 USDC'. */
  swappedSummary: '{paid} for {received}',

  // Send
  receiver: 'Receiver address',
  receiverPlaceholder: 'Address',
  max: 'Max',
  available: 'Available: {amount}',
  sending: 'Sending…',
  sent: 'Sent',
  /** What was sent and to whom, e.g. '0.01 ETH' and '0x12…5678'. */
  sentSummary: '{amount} to {receiver}',
  reviewSend: 'Send',

  // Buy
  paymentMethod: 'Payment method',
  card: 'Card',
  bank: 'Bank transfer',
  currency: 'Currency',
  limitHint: 'Between {min} and {max} {currency}',
  amountOutOfRange: 'Enter an amount between {min} and {max} {currency}',
  youGet: 'You get about {amount} {symbol}',
  fee: 'Fee {fee}',
  providers: 'Providers',
  loadingProviders: 'Loading providers…',
  noProviders: 'No provider can sell on this network.',
  providerFees: 'Fees {min}–{max}%',
  buyWith: 'Buy with {provider}',
  fetchingBuyQuote: 'Getting a quote…',

  // Swap and Buy flows (issue 8)
  swapRate: 'Rate',
  swapRateValue: '1 {from} = {rate} {to}',
  minimumReceived: 'Minimum received',
  swapNeedsApproval: 'Your wallet asks first to let the pool spend your {symbol}, then to swap.',
  swapApprovalPending: 'Waiting for the approval to be confirmed…',
  swapPending: 'Waiting for the swap to be confirmed…',
  noSwapTokens: 'No tokens can be swapped on this network.',
  swapFailed: 'The swap did not go through: {reason}',
  networkFeeValue: '≈ {amount} {symbol}',
  buyWithDefault: 'Continue to checkout',
  defaultProvider: 'Checkout',
  buyOpening: 'Opening {provider}…',
  buyWaiting: 'Finish the purchase in the {provider} window. Waiting for the funds to arrive…',
  buyOpenLink: 'Open {provider}',
  buyCompleted: 'Received {amount} {symbol}.',
  buyDismiss: 'Done',
  buyStopWaiting: 'Stop waiting',
  buyNoWallet: 'Connect a wallet to buy crypto.',

  // WalletDetails
  walletNotFound: 'This wallet is no longer in the list.',
  useWalletConnect: 'Scan with phone',
  openWebApp: 'Open web app',
  openDesktop: 'Open desktop app',
  supportedNetworks: 'Works on {networks}',
  connectWith: 'Connect {name}',
  otherWaysToConnect: 'Email, social and other wallets',
  continueIn: 'Continue in {name}',
  continueInHint: 'Approve the connection in {name}, then come back to this page.',
  noMobileLink: '{name} has no link to open it on this phone. Connect another way:',
  openToApprove: 'Open {name} to approve',

  titles: {
    Connect: 'Connect Wallet',
    Account: 'Account',
    AllWallets: 'All Wallets',
    ConnectingWalletConnectBasic: 'WalletConnect',
    ConnectingWalletConnect: 'WalletConnect',
    ConnectingExternal: 'Connecting',
    ConnectingSiwe: 'Sign In',
    ConnectingFarcaster: 'Farcaster',
    UnsupportedChain: 'Switch Network',
    ApproveTransaction: 'Approve Transaction',
    RegisterAccountName: 'Choose Name',
    RegisterAccountNameSuccess: 'Name Registered',
    Swap: 'Swap',
    Networks: 'Choose Network',
    SwitchNetwork: 'Switch Network',
    Send: 'Send',
    Buy: 'Buy Crypto',
    EmailVerifyOtp: 'Confirm Email',
    EmailVerifyDevice: 'Register Device',
    ConnectingSocial: 'Social Login',
    UpdateEmail: 'Change Email',
    UpdateEmailPrimaryOtp: 'Confirm Current Email',
    UpdateEmailSecondaryOtp: 'Confirm New Email',
    EmbeddedDevices: 'Devices',
    WalletDetails: 'Wallet',
  },

  /** SPEC §8 alerts, from the one table in `src/errors/alerts.ts`. */
  alerts: Object.fromEntries(Object.entries(Alerts).map(([id, a]) => [id, { title: a.shortMessage, message: a.longMessage }])) as Record<AlertId, { title: string; message: string }>,
  /** The error sentences the store carries by key (`errors.<key>` records); a dapp may translate any. */
  errors: { ...ErrorMessages } as Record<ErrorMessageKey, string>,
  /** The success toasts the store carries by key (`notices.<key>` records). */
  notices: { ...Notices } as Record<NoticeKey, string>,
}

/** The catalogue's shape, every leaf a string. */
export type Strings = typeof en

/**
 * What a dapp passes as `config.strings`: any part of the catalogue, nested groups
 * included (`{ titles: { Connect: 'Log in' } }`).
 */
export type StringOverrides = DeepPartial<Strings>
