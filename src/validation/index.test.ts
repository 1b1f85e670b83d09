import * as validation from './index'

// Any change to the public validation API shows up here in review.
it('exports', () => {
  expect(Object.keys(validation).sort()).toMatchInlineSnapshot(`
[
  "AccountTypesByNamespace",
  "EmbeddedAccountTypes",
  "INVALID_OTP_MESSAGE",
  "INVALID_RECEIVER_MESSAGE",
  "MAX_OTP_LENGTH",
  "SendNamespaces",
  "ThemeModes",
  "isAccountType",
  "isCaipAddress",
  "isCaipNetworkId",
  "isEmail",
  "isEvmAddress",
  "isOriginAllowed",
  "isOtp",
  "isRegisterName",
  "isSendNamespace",
  "isSendValid",
  "isSignedMessage",
  "isSocialProvider",
  "isThemeMode",
  "isTransactionHash",
  "parseCaipAddress",
  "parseCaipNetworkId",
  "validateEmail",
  "validateOtp",
  "validateSend",
]
`)
})
