export { startSolanaRpc, stringifyWithBigInts, SolanaRpcMethods, type SolanaRpc, type SolanaRpcOptions } from './server'
export { Ledger, LOCALNET_GENESIS_HASH, RpcFault } from './ledger'
export { solanaLocalnet } from './network'
export { DEV_TEST_TOKEN_AMOUNT, TEST_SPL_TOKEN, testTokenAccountOf } from './testToken'
