/**
 * The chain indexer: polls each configured chain, reads every new block with its
 * transactions and receipts, and stores the transactions, their native value and their
 * ERC-20 / ERC-721 Transfer logs (db/chainIndex.ts). The history endpoint reads only the
 * database.
 *
 * - It indexes up to `confirmations` blocks below the head, so the reorganisations a
 *   chain usually has never reach the index.
 * - A batch of blocks and the checkpoint are written in one database transaction, and
 *   rows are keyed naturally and inserted with "on conflict do nothing": a restart
 *   continues after the checkpoint and never loses or duplicates a row. The hashes of
 *   the last `keepBlocks` indexed blocks are kept beside the rows.
 * - Each poll first checks that the checkpoint block still has the stored hash, and each
 *   batch that its blocks link to the block before it. When the chain was reorganised
 *   under the index, the indexer walks back through the kept hashes to the newest block
 *   the chain still has (the fork point), deletes the rows of the blocks above it only,
 *   and indexes forward from there. When no kept block is still on the chain (a local
 *   chain restarted from genesis, a reorganisation deeper than the kept hashes), the
 *   chain's rows are dropped and it is indexed again from its start block.
 * - The checkpoint and the hashes live in the database, so several instances may index
 *   one database: one at a time reads a chain (an advisory lock), and every write
 *   compares the checkpoint (db/chainIndex.ts).
 * - Only what a block says is indexed: ether moved by contracts (internal
 *   transactions) needs tracing and is not listed.
 */
import { type Hex, type PublicClient, erc721Abi, getAddress, hexToBigInt } from 'viem'
import { type Checkpoint, type IndexedTransaction, type IndexedTransfer, createChainIndexStore } from '../db/chainIndex'
import { type Kysely } from 'kysely'
import { type DatabaseSchema } from '../db/schema'
import { type ChainClients } from './clients'
import { type ChainConfig } from './config'
import { type TokenMetadataStore } from './tokens'

/** keccak256('Transfer(address,address,uint256)'): the same topic for ERC-20 and ERC-721. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

export interface ChainIndexerOptions {
  db: Kysely<DatabaseSchema>
  clients: ChainClients
  tokens: TokenMetadataStore
  /** Pause between polls when caught up. Default 1000 ms. */
  pollIntervalMs?: number
  /** Blocks read and written per database transaction. Default 50. */
  batchBlocks?: number
  /** Blocks left below the head before a block is indexed (0: the head itself), where a chain sets none. Default 0, right for a local chain. */
  confirmations?: number
  /** How many of the latest block hashes are kept for finding a fork point. Default 1024. */
  keepBlocks?: number
  /** Clock in epoch ms. Default Date.now. */
  now?: () => number
  /** Where problems go (a chain that does not answer is retried, never fatal). */
  log?: IndexerLog
}

export interface IndexerLog {
  info(message: string): void
  warn(message: string, error?: unknown): void
}

/** What the indexer did on one chain since it was created: for logs and tests. */
export interface ChainIndexerWork {
  /** Blocks read from the node and written (again, after a rollback). */
  blocksIndexed: number
  /** Reorganisations handled by rolling back to a fork point. */
  reorgs: number
  /** Blocks whose rows were deleted by those rollbacks. */
  blocksRolledBack: number
  /** Times the whole chain was dropped because no kept block was still on the chain. */
  resets: number
  /** Polls left to another instance that was indexing the chain (PostgreSQL). */
  skipped: number
}

export interface ChainIndexer {
  /** Indexes every chain up to its head less the confirmations, then resolves with the last indexed block per chain. Calls queue up; they never overlap. */
  syncOnce(): Promise<Record<string, number>>
  /** Work done per chain id since this indexer was created. */
  work(chainId: string): ChainIndexerWork
  /** Polls in the background until stop(). */
  start(): void
  /** Stops polling and waits for a running sync to finish. */
  stop(): Promise<void>
}

interface RawReceipt {
  transactionHash: Hex
  status: Hex
  logs: { address: Hex; topics: Hex[]; data: Hex; logIndex: Hex }[]
}

/**
 * @example
 * const indexer = createChainIndexer({ db, clients, tokens })
 * await indexer.syncOnce() // { 'eip155:1': 42 }
 * indexer.start()
 */
export function createChainIndexer(options: ChainIndexerOptions): ChainIndexer {
  const { db, clients, tokens } = options
  const store = createChainIndexStore(db)
  const now = options.now ?? Date.now
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const batchBlocks = Math.max(1, options.batchBlocks ?? 50)
  const confirmations = Math.max(0, options.confirmations ?? 0)
  const keepBlocks = Math.max(1, options.keepBlocks ?? 1024)
  const workByChain = new Map<string, ChainIndexerWork>()
  const work = (chainId: string): ChainIndexerWork => {
    let entry = workByChain.get(chainId)
    if (entry === undefined) {
      entry = { blocksIndexed: 0, reorgs: 0, blocksRolledBack: 0, resets: 0, skipped: 0 }
      workByChain.set(chainId, entry)
    }
    return entry
  }
  const log: IndexerLog = options.log ?? { info: () => undefined, warn: () => undefined }

  let queue: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let running = false
  const failing = new Set<string>()

  const syncOnce = (): Promise<Record<string, number>> => {
    const next = queue.then(async () => {
      const heads: Record<string, number> = {}
      for (const chain of clients.chains) {
        const client = clients.client(chain.chainId)
        if (client === undefined) continue
        // One instance at a time reads a chain; the others leave this poll to it.
        const sync = await store.whileIndexing(chain.chainId, () => syncChain(chain, client))
        if (sync.ran) {
          heads[chain.chainId] = sync.value
        } else {
          work(chain.chainId).skipped += 1
          heads[chain.chainId] = (await store.checkpoint(chain.chainId))?.blockNumber ?? (chain.startBlock ?? 0) - 1
        }
      }
      return heads
    })
    queue = next.catch(() => undefined)
    return next
  }

  async function syncChain(chain: ChainConfig, client: PublicClient): Promise<number> {
    const head = Number(await client.getBlockNumber())
    const target = head - Math.max(0, chain.confirmations ?? confirmations)
    const start = chain.startBlock ?? 0
    // A reorganisation while a batch is read, or another instance writing first, ends a
    // pass early; the next pass starts again from the checkpoint. Three are plenty.
    for (let pass = 1; ; pass++) {
      let checkpoint = await store.checkpoint(chain.chainId)
      if (checkpoint !== undefined && (await canonicalHash(client, checkpoint.blockNumber, head)) !== checkpoint.blockHash) {
        checkpoint = await rollBackToForkPoint(chain, client, checkpoint, head)
      }
      let complete = true
      while ((checkpoint?.blockNumber ?? start - 1) < target) {
        const from = (checkpoint?.blockNumber ?? start - 1) + 1
        const to = Math.min(target, from + batchBlocks - 1)
        const batch = await readBlocks(chain.chainId, client, from, to)
        // Each block must be the child of the one before it (the checkpoint for the first).
        const linked = batch.blocks.every((block, i) => (i === 0 ? checkpoint === undefined || block.parentHash === checkpoint.blockHash : block.parentHash === batch.blocks[i - 1]!.blockHash))
        if (!linked) {
          complete = false
          break
        }
        const { blockNumber, blockHash } = batch.blocks[batch.blocks.length - 1]!
        const next = { blockNumber, blockHash }
        if (!(await store.writeBatch(chain.chainId, batch, checkpoint, next, { now: now(), keepBlocks }))) {
          complete = false
          break
        }
        work(chain.chainId).blocksIndexed += batch.blocks.length
        checkpoint = next
      }
      if (complete || pass === 3) return checkpoint?.blockNumber ?? start - 1
    }
  }

  /** The chain's hash of a block now, or undefined when it has no such block. */
  async function canonicalHash(client: PublicClient, blockNumber: number, head: number): Promise<string | undefined> {
    if (blockNumber > head) return undefined
    try {
      return (await client.getBlock({ blockNumber: BigInt(blockNumber) })).hash ?? undefined
    } catch {
      return undefined
    }
  }

  /**
   * The checkpoint is no longer on the chain: finds the newest kept block that is (the
   * fork point) and rolls the index back to it. Resolves with the checkpoint to go on from.
   */
  async function rollBackToForkPoint(chain: ChainConfig, client: PublicClient, checkpoint: Checkpoint, head: number): Promise<Checkpoint | undefined> {
    const kept = await store.blockHashes(chain.chainId, checkpoint.blockNumber - keepBlocks, checkpoint.blockNumber)
    // Hashes link each block to its parent: when the oldest kept block is gone too, so is
    // every newer one, and walking back through them would only cost requests.
    const oldest = kept[kept.length - 1]
    let forkPoint: Checkpoint | undefined
    if (oldest !== undefined && (await canonicalHash(client, oldest.blockNumber, head)) === oldest.blockHash) {
      for (const block of kept) {
        if ((await canonicalHash(client, block.blockNumber, head)) === block.blockHash) {
          forkPoint = block
          break
        }
      }
    }
    if (!(await store.rollBack(chain.chainId, forkPoint, checkpoint))) return store.checkpoint(chain.chainId)
    if (forkPoint === undefined) {
      work(chain.chainId).resets += 1
      log.warn(
        `indexer: ${chain.chainId} changed under the index and none of its last ${kept.length} indexed blocks is still on the chain (restarted, or reorganised deeper): indexing it again from block ${chain.startBlock ?? 0}`,
      )
    } else {
      const entry = work(chain.chainId)
      entry.reorgs += 1
      entry.blocksRolledBack += checkpoint.blockNumber - forkPoint.blockNumber
      log.warn(`indexer: ${chain.chainId} reorganised: rolled back blocks ${forkPoint.blockNumber + 1} to ${checkpoint.blockNumber}, indexing again from the fork point ${forkPoint.blockNumber}`)
    }
    return forkPoint
  }

  async function readBlocks(chainId: string, client: PublicClient, from: number, to: number) {
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i)
    const blocks: Awaited<ReturnType<typeof readBlock>>[] = []
    // A few at a time: enough to hide latency, gentle on a shared node.
    for (let start = 0; start < numbers.length; start += 4) {
      blocks.push(...(await Promise.all(numbers.slice(start, start + 4).map((n) => readBlock(client, n)))))
    }
    const transactions: IndexedTransaction[] = []
    const transfers: IndexedTransfer[] = []
    for (const { block, receipts } of blocks) {
      const blockNumber = Number(block.number)
      const minedAt = Number(block.timestamp) * 1000
      for (const tx of block.transactions) {
        const receipt = receipts.get(tx.hash)
        const status = receipt?.status === '0x1' ? 'confirmed' : 'failed'
        transactions.push({
          chainId,
          hash: tx.hash,
          blockNumber,
          txIndex: tx.transactionIndex ?? 0,
          from: tx.from.toLowerCase(),
          to: tx.to?.toLowerCase() ?? null,
          value: tx.value.toString(),
          nonce: tx.nonce,
          selector: tx.input.length >= 10 ? tx.input.slice(0, 10).toLowerCase() : null,
          status,
          minedAt,
        })
        if (tx.value > 0n && tx.to && status === 'confirmed') {
          transfers.push({
            chainId,
            hash: tx.hash,
            logIndex: -1,
            blockNumber,
            standard: 'native',
            token: null,
            from: tx.from.toLowerCase(),
            to: tx.to.toLowerCase(),
            amount: tx.value.toString(),
            nftImage: null,
          })
        }
        if (status !== 'confirmed' || receipt === undefined) continue
        for (const entry of receipt.logs) {
          const transfer = decodeTransfer(entry)
          if (transfer === undefined) continue
          transfers.push({ chainId, hash: tx.hash, logIndex: Number(entry.logIndex), blockNumber, nftImage: null, ...transfer })
        }
      }
    }
    // Token metadata is stored now, so history pages never wait on the chain.
    const seen = new Map<string, 'erc20' | 'erc721'>()
    for (const transfer of transfers) {
      if (transfer.token !== null && transfer.standard !== 'native') seen.set(transfer.token, transfer.standard)
    }
    await tokens.getMany(
      chainId,
      [...seen].map(([address, standard]) => ({ address, standard })),
    )
    for (const transfer of transfers) {
      if (transfer.standard === 'erc721' && transfer.token !== null) transfer.nftImage = await nftImage(client, transfer.token, transfer.amount)
    }
    const hashes = blocks.map(({ block }) => {
      if (!block.hash) throw new Error(`${chainId}: block ${block.number} has no hash`)
      return { blockNumber: Number(block.number), blockHash: block.hash, parentHash: block.parentHash }
    })
    return { transactions, transfers, blocks: hashes }
  }

  async function readBlock(client: PublicClient, blockNumber: number) {
    const block = await client.getBlock({ blockNumber: BigInt(blockNumber), includeTransactions: true })
    const receipts = new Map<string, RawReceipt>()
    if (block.transactions.length > 0) {
      let raw: RawReceipt[] | undefined
      try {
        raw = (await client.request({ method: 'eth_getBlockReceipts', params: [`0x${blockNumber.toString(16)}`] } as never)) as RawReceipt[]
      } catch {
        // Older nodes lack eth_getBlockReceipts: one receipt per transaction.
        raw = await Promise.all(
          block.transactions.map(async (tx) => {
            const receipt = await client.getTransactionReceipt({ hash: tx.hash })
            return {
              transactionHash: receipt.transactionHash,
              status: receipt.status === 'success' ? '0x1' : '0x0',
              logs: receipt.logs.map((entry) => ({ address: entry.address, topics: entry.topics, data: entry.data, logIndex: `0x${(entry.logIndex ?? 0).toString(16)}` as Hex })),
            } satisfies RawReceipt
          }),
        )
      }
      for (const receipt of raw ?? []) receipts.set(receipt.transactionHash, receipt)
    }
    return { block, receipts }
  }

  function schedule(delay: number) {
    if (!running) return
    timer = setTimeout(() => {
      syncOnce().then(
        () => {
          for (const chainId of failing) log.info(`indexer: ${chainId} answers again`)
          failing.clear()
          schedule(pollIntervalMs)
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
          if (failing.size === 0) log.warn(`indexer: sync failed, retrying every ${Math.max(pollIntervalMs, 5000)} ms: ${message}`, error)
          for (const chain of clients.chains) failing.add(chain.chainId)
          schedule(Math.max(pollIntervalMs, 5000))
        },
      )
    }, delay)
  }

  return {
    syncOnce,
    work: (chainId) => ({ ...work(chainId) }),
    start() {
      if (running || clients.chains.length === 0) return
      running = true
      schedule(0)
    },
    async stop() {
      running = false
      if (timer) clearTimeout(timer)
      await queue
    },
  }
}

/** An ERC-20 (3 topics, amount in data) or ERC-721 (4 topics, token id indexed) Transfer. */
function decodeTransfer(entry: RawReceipt['logs'][number]): Pick<IndexedTransfer, 'standard' | 'token' | 'from' | 'to' | 'amount'> | undefined {
  const [topic, fromTopic, toTopic, idTopic] = entry.topics
  if (topic?.toLowerCase() !== TRANSFER_TOPIC || fromTopic === undefined || toTopic === undefined) return undefined
  const from = topicAddress(fromTopic)
  const to = topicAddress(toTopic)
  const token = entry.address.toLowerCase()
  if (entry.topics.length === 3 && entry.data.length === 66) return { standard: 'erc20', token, from, to, amount: hexToBigInt(entry.data).toString() }
  if (entry.topics.length === 4 && idTopic !== undefined) return { standard: 'erc721', token, from, to, amount: hexToBigInt(idTopic).toString() }
  return undefined
}

function topicAddress(topic: Hex): string {
  return `0x${topic.slice(-40)}`.toLowerCase()
}

/**
 * The image of an ERC-721 token, from its tokenURI when that is on chain (a data: URI)
 * or an http(s) URL of an image. Metadata at a URL is not fetched: the server does not
 * call addresses a token contract chooses.
 */
async function nftImage(client: PublicClient, token: string, tokenId: string): Promise<string | null> {
  let uri: string
  try {
    uri = await client.readContract({ address: getAddress(token), abi: erc721Abi, functionName: 'tokenURI', args: [BigInt(tokenId)] })
  } catch {
    return null
  }
  const metadata = parseDataJson(uri)
  const image = metadata && typeof metadata.image === 'string' ? metadata.image : undefined
  if (image === undefined) return null
  return /^(data:image\/|https:\/\/|http:\/\/)/.test(image) && image.length <= 8192 ? image : null
}

/** JSON from `data:application/json[;base64|;utf8],…`, or undefined. */
export function parseDataJson(uri: string): Record<string, unknown> | undefined {
  const match = /^data:application\/json(;[a-z0-9=-]+)*,/i.exec(uri)
  if (!match) return undefined
  const payload = uri.slice(match[0].length)
  const attempts = match[0].includes(';base64') ? [() => Buffer.from(payload, 'base64').toString('utf8')] : [() => payload, () => decodeURIComponent(payload)]
  for (const decode of attempts) {
    try {
      const value: unknown = JSON.parse(decode())
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>
    } catch {
      // Try the next reading.
    }
  }
  return undefined
}
