// The local WalletConnect relay (see relay.ts and docs/walletconnect.md).
export { startRelay, RelayTags, RelayErrorCodes, type Relay, type RelayOptions } from './relay'
