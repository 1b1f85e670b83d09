import * as validation from './index'

// Any change to the public validation API shows up here in review.
it('exports', () => {
  expect(Object.keys(validation).sort()).toMatchInlineSnapshot(`
[
  "EmbeddedAccountTypes",
  "INVALID_OTP_MESSAGE",
  "INVALID_RECEIVER_MESSAGE",
  "MAX_OTP_LENGTH",
  "ThemeModes",
  "isAccountType",
  "isCaipAddress",
  "isCaipNetworkId",
  "isEmail",
  "isOtp",
  "isRegisterName",
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
