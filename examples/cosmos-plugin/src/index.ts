// portico-cosmos-plugin: a third-party Portico namespace plugin. It imports nothing of
// Portico but its public API ('portico'). This entry holds what a dapp needs; the signing
// helpers a wallet or a node needs are the subpaths './amino' and './pubkey', so a dapp's
// first load never holds the hashing they bring (lazy.test.ts).
import './errorCodes'
export { cosmos, cosmosFeatures, type CosmosPluginOptions } from './plugin'
export { cosmosHub, cosmosHubInfo, type CosmosChainInfo } from './networks'
export { isCosmosAddress, toBech32Address } from './address'
export type { Coin, StdFee, AminoMsg, StdSignDoc, StdSignature, StdTx } from './amino'
export type { Keplr, KeplrKey, KeplrAccount, KeplrOfflineAminoSigner, AminoSignResponse } from './keplr'
