/**
 * What the wallet RPC service forwards, per chain family: the reads a dapp (and a wallet
 * answering it) needs, and the broadcast of a transaction signed elsewhere. Everything
 * else is refused before the node sees it: methods that sign with a key the node holds
 * (`eth_sendTransaction`, `eth_sign`, `personal_sign`, `eth_signTypedData*`), node
 * administration and debugging (`admin_*`, `debug_*`, `miner_*`, `txpool_*`,
 * `anvil_*`, `hardhat_*`, `evm_*`), account management (`personal_*`), faucets
 * (`requestAirdrop`) and whole-program scans (`getProgramAccounts`) that cost a node
 * far more than one call. An allow list, not a deny list: a node's new admin method is
 * refused without anyone having to know it exists.
 */

export type RpcFamily = 'eip155' | 'solana'

const EIP155_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'net_listening',
  'web3_clientVersion',
  'eth_syncing',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getProof',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockNumber',
  'eth_getUncleCountByBlockHash',
  'eth_getLogs',
  // viem's watchContractEvent and watchBlocks over HTTP poll through filters.
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  // Broadcasts bytes already signed by the visitor's wallet; the node holds no key for it.
  'eth_sendRawTransaction',
])

const SOLANA_METHODS: ReadonlySet<string> = new Set([
  'getHealth',
  'getVersion',
  'getGenesisHash',
  'getSlot',
  'getBlockHeight',
  'getEpochInfo',
  'getLatestBlockhash',
  'isBlockhashValid',
  'getBalance',
  'getAccountInfo',
  'getMultipleAccounts',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTokenSupply',
  'getMinimumBalanceForRentExemption',
  'getFeeForMessage',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getTransaction',
  'simulateTransaction',
  // A transaction signed by the visitor's wallet, as eth_sendRawTransaction is.
  'sendTransaction',
])

const ALLOWED: Readonly<Record<RpcFamily, ReadonlySet<string>>> = { eip155: EIP155_METHODS, solana: SOLANA_METHODS }

/**
 * @example
 * isAllowedRpcMethod('eip155', 'eth_call')            // true
 * isAllowedRpcMethod('eip155', 'eth_sendTransaction') // false
 */
export function isAllowedRpcMethod(family: RpcFamily, method: string): boolean {
  return ALLOWED[family].has(method)
}

