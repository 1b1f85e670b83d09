/**
 * SPEC §5 validation rules, one module each. Pure functions: `isX` answers, `validateX`
 * returns the narrowed value or throws `ValidationError` with the SPEC's message.
 * The address rules live with their namespace plugins: the EVM one is re-exported here
 * (`portico` holds the EVM plugin), the others from their entries (`isSolanaAddress` from
 * `portico/solana`, `isBitcoinAddress` from `portico/bitcoin`).
 */
export { isEvmAddress } from '../plugins/eip155/address'
export {
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  type KnownNamespaces,
  type ParsedCaipAddress,
  type ParsedCaipNetworkId,
} from './caip'
export { isTransactionHash } from './transactionHash'
export { isSignedMessage } from './signedMessage'
export { isOriginAllowed } from '../shared/originMatch'
export { isRegisterName } from './registerName'
export {
  validateSend,
  isSendValid,
  isSendNamespace,
  SendNamespaces,
  INVALID_RECEIVER_MESSAGE,
  type SendInput,
  type SendNamespace,
  type ValidSend,
} from './send'
export { isEmail, validateEmail } from './email'
export { isOtp, validateOtp, MAX_OTP_LENGTH, INVALID_OTP_MESSAGE, type OtpOptions } from './otp'
export { isSocialProvider } from './socialProvider'
export { isThemeMode, ThemeModes, type ThemeMode } from './themeMode'
export { isAccountType, EmbeddedAccountTypes, AccountTypesByNamespace, type EmbeddedAccountType } from './accountType'
