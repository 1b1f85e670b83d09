/**
 * The labels of the dapp's own buttons (ConnectButton, AccountButton, NetworkButton).
 * They are part of the modal's catalogue (`en` spreads them) and overridable through
 * `config.strings` like every other string, but live in their own module: the buttons
 * are on the page before anyone clicks, and the full catalogue is not.
 */
export const buttonStrings = {
  connectWallet: 'Connect Wallet',
  connectingButton: 'Connecting…',
  /** While a connection remembered from the last visit is restored (status `reconnecting`). */
  reconnectingButton: 'Reconnecting…',
  selectNetwork: 'Select network',
  unsupportedNetwork: 'Unsupported network',
  accountButtonLabel: 'Account {account}',
  networkButtonLabel: 'Network: {network}',
}

export type ButtonStrings = typeof buttonStrings
