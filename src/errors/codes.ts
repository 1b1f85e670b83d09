import type { FrameErrorCode } from './frame'
import type { NodeErrorKind } from './node'
import type { RpcCode } from './rpcCodes'

/**
 * Portico's own string codes, by family. A code names a condition a dapp can act on;
 * the sentence is the message key's.
 */
export type PorticoStringCode =
  | 'validation'
  | 'config/siwe-siwx-conflict'
  | 'config/invalid-plugin'
  | 'config/invalid-url'
  | 'config/invalid-network'
  | 'config/duplicate-network'
  | 'config/duplicate-plugin'
  | 'provider/no-plugin'
  | 'provider/unsupported'
  | 'network/chain-not-supported'
  | 'network/not-found'
  | 'network/unsupported-chain'
  | 'network/no-swaps'
  | 'network/no-gas-price'
  | 'network/no-rpc-url'
  | 'network/rpc-timeout'
  | 'wallet/disconnect'
  | 'wallet/connector-not-found'
  | 'wallet/not-connected'
  | 'wallet/account-not-connected'
  | 'wallet/no-payment-address'
  | 'wallet/chain-mismatch'
  | 'wallet/relay-unreachable'
  | 'wallet/request-expired'
  | 'wallet/social-popup-closed'
  | 'wallet/social-timeout'
  /** A Solana wallet adapter's error with no code; its class name is the error's `remoteCode`. */
  | 'wallet/adapter-error'
  | 'solana/insufficient-funds-for-rent'
  | 'bip122/no-esplora-url'
  | 'bip122/token-send-unsupported'
  | 'http/status'
  | 'http/timeout'
  | 'http/network'
  | 'http/invalid-json'
  | 'names/resolve'
  | 'names/suggestions'
  | 'names/register'
  | 'bundler/receipt'
  /** A refusal of the SIWX server; the server's own code is the error's `remoteCode`. */
  | 'siwx/refused'
  | 'smart-session/no-wallet'
  | 'smart-session/no-context'
  | 'smart-session/invalid-grant'
  /** A wallet's numeric code that is not in `RpcCodes`; the number is the error's `remoteCode`. */
  | 'rpc/unknown'
  | `node/${NodeErrorKind}`
  | FrameErrorCode

/**
 * Every `code` a `PorticoError` can carry: one of Portico's string codes or one of the
 * JSON-RPC / wallet numbers of `RpcCodes` (named by `ProviderRpcCode`). The union is
 * closed, so a dapp can switch on it exhaustively. A code Portico does not define (a
 * wallet's unlisted number, a server's or an HTTP service's answer) is kept as it came in
 * the error's `remoteCode`, under a Portico code that says where it came from.
 *
 * @example
 * function explain(error: PorticoError): string {
 *   switch (error.code) {
 *     case ProviderRpcCode.UserRejectedRequest: return 'You declined.'
 *     case 'http/status': return `The service answered ${String(error.remoteCode)}.`
 *     // ...
 *   }
 * }
 */
export type PorticoErrorCode = PorticoStringCode | RpcCode | keyof PluginErrorCodes

/**
 * The codes a third-party plugin raises, added by the plugin through declaration merging
 * so that `PorticoErrorCode` stays one closed union in the dapp that installs it:
 *
 * @example
 * declare module 'portico' {
 *   interface PluginErrorCodes {
 *     'cosmos/unreachable': true
 *   }
 * }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by plugins' declaration merging
export interface PluginErrorCodes {}
