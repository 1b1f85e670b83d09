export { startSolanaRpc, stringifyWithBigInts, SolanaRpcMethods, type SolanaRpc, type SolanaRpcOptions } from './server'
export { Ledger, LOCALNET_GENESIS_HASH, RpcFault } from './ledger'
export { solanaLocalnet } from './network'
