import * as services from './index'

// Any change to what `services` exports shows up here in review.
test('exports', () => {
  expect(Object.keys(services).sort()).toMatchInlineSnapshot(`
[
  "createBlockchainApiClient",
  "createBundlerClient",
  "createHttpClient",
  "createImageLoader",
  "createWalletListingClient",
  "defaultSwapNetworks",
  "preloadImage",
]
`)
})
