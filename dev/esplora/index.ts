export { startEsplora, type Esplora, type EsploraOptions } from './server'
export { BitcoinChain, RejectedTransaction, type AddressStats, type BitcoinNetworkName, type TxStatus } from './chain'
export { verifyInput, isVerifiableScript, type Prevout } from './verify'
export { esploraTx, esploraOutput, type EsploraTx, type EsploraInput, type EsploraOutput } from './txJson'
