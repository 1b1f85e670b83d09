// portico-cosmos-plugin: a third-party Portico namespace plugin. It imports nothing of
// Portico but its public API ('portico').
export { cosmos, cosmosFeatures, type CosmosPluginOptions } from './plugin'
export { cosmosHub, cosmosHubInfo, type CosmosChainInfo } from './networks'
export { isCosmosAddress, toBech32Address } from './address'
export { pubkeyToAddress, pubkeyToAddressBytes, toBase64, fromBase64 } from './pubkey'
export { serializeSignDoc, msgSend, type Coin, type StdFee, type AminoMsg, type StdSignDoc, type StdSignature, type StdTx } from './amino'
export { findKeplr, KEPLR_KEYSTORE_CHANGE, type Keplr, type KeplrKey, type KeplrAccount, type KeplrOfflineAminoSigner, type AminoSignResponse } from './keplr'
