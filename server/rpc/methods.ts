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

/** Params nested deeper than this are refused (-32602): no real call needs it, and very deep JSON overflows the stack of whoever serialises it. */
export const RPC_MAX_PARAMS_DEPTH = 64

/**
 * Whether a JSON value is nested deeper than `max` arrays and objects. Iterative, so no
 * depth (the body limit allows millions of levels) can overflow the stack.
 *
 * @example
 * nestedDeeperThan([[[]]], 2) // true
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop()!
    if (typeof item !== 'object' || item === null) continue
    if (depth + 1 > max) return true
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 })
    }
  }
  return false
}

/**
 * What one call costs the node, in units of an ordinary read: the methods that scan
 * many blocks, or create state the node keeps for the client, weigh more. The limits
 * that count calls (routeLimits.ts, `rpcCostPerIp` and `rpcCallsPerProject`) count these
 * units; docs/security.md, "Sizing the shared ceilings", lists them.
 */
export const RPC_CALL_WEIGHTS: Readonly<Record<RpcFamily, Readonly<Record<string, number>>>> = {
  eip155: { eth_getLogs: 20, eth_getFilterLogs: 20, eth_newFilter: 10, eth_newBlockFilter: 10, eth_getFilterChanges: 2, eth_estimateGas: 2 },
  solana: { getSignaturesForAddress: 10, getTokenAccountsByOwner: 5, getMultipleAccounts: 5, simulateTransaction: 2, getTransaction: 2 },
}

/** @example rpcCallWeight('eip155', 'eth_getLogs') // 20 */
export function rpcCallWeight(family: RpcFamily, method: string): number {
  return RPC_CALL_WEIGHTS[family][method] ?? 1
}

/** Methods that make the node keep a filter for the client (bounded per client by `rpcFiltersPerIp`). */
export const FILTER_CREATING_METHODS: ReadonlySet<string> = new Set(['eth_newFilter', 'eth_newBlockFilter'])

/** The most blocks one eth_getLogs (or the filter of eth_newFilter) may span. */
export const RPC_MAX_LOG_BLOCKS = 1000

const MOVING_TAGS: ReadonlySet<string> = new Set(['latest', 'safe', 'finalized', 'pending'])

/**
 * The block span a log filter (eth_getLogs, eth_newFilter) asks for: `undefined` when it
 * is not a filter this can read (the node judges it) or names one block by hash; `'head'`
 * when the answer needs the chain's head number and `head` was not given. `earliest` is
 * block 0; the moving tags are the head (absent ends default to `latest`).
 *
 * @example
 * logFilterSpan({ fromBlock: '0x1', toBlock: '0x3e8' }) // 1000
 * logFilterSpan({ fromBlock: 'earliest' })               // 'head'
 */
export function logFilterSpan(filter: unknown, head?: bigint): number | 'head' | undefined {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return undefined
  const { fromBlock = 'latest', toBlock = 'latest', blockHash } = filter as Record<string, unknown>
  if (blockHash !== undefined) return undefined
  const resolve = (tag: unknown): bigint | 'head' | undefined => {
    if (typeof tag !== 'string') return undefined
    if (/^0x[0-9a-fA-F]{1,64}$/.test(tag)) return BigInt(tag)
    if (tag === 'earliest') return 0n
    if (MOVING_TAGS.has(tag)) return head ?? 'head'
    return undefined
  }
  const from = resolve(fromBlock)
  const to = resolve(toBlock)
  if (from === undefined || to === undefined) return undefined
  if (from === 'head' || to === 'head') {
    // Both ends at the head: one block, whatever the head is.
    return MOVING_TAGS.has(String(fromBlock)) && MOVING_TAGS.has(String(toBlock)) ? 1 : 'head'
  }
  const span = to - from + 1n
  return span > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(span)
}
