/**
 * SPEC §5 validation rules, one module each. Pure functions: `isX` answers, `validateX`
 * returns the narrowed value or throws `ValidationError` with the SPEC's message.
 * The address rules live with their namespace plugins and reach these rules through the
 * registry (`registry.isAddressFor`, a plugin's `isAddress`); each is exported from its
 * plugin's entry (`isEvmAddress` from `portico`, `isSolanaAddress` from `portico/solana`,
 * `isBitcoinAddress` from `portico/bitcoin`).
 */
export { isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId, type KnownNamespaces, type ParsedCaipAddress, type ParsedCaipNetworkId } from './caip'
export { isTransactionHash } from './transactionHash'
export { isSignedMessage } from './signedMessage'
export { isRegisterName } from './registerName'
export { validateSend, isSendValid, INVALID_RECEIVER_MESSAGE, type SendInput, type ValidSend } from './send'
export { isEmail, validateEmail } from './email'
export { isOtp, validateOtp, MAX_OTP_LENGTH, INVALID_OTP_MESSAGE, type OtpOptions } from './otp'
export { isSocialProvider } from './socialProvider'
export { isThemeMode, ThemeModes, type ThemeMode } from './themeMode'
export { isAccountType, EmbeddedAccountTypes, type EmbeddedAccountType } from './accountType'
