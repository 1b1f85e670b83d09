/**
 * The chain index: transactions, their transfers, which addresses they touch, the
 * hashes of the latest indexed blocks and a checkpoint per chain. A batch of blocks and
 * its checkpoint are written in one database transaction, and every row has a natural
 * primary key written with "on conflict do nothing", so a crash or a restart never
 * loses or duplicates a row.
 *
 * Several server instances may index one PostgreSQL database. One at a time indexes a
 * chain: a sync holds the chain's session-level advisory lock (whileIndexing), and the
 * others skip that poll. Should two write anyway (a lock lost with its connection),
 * every write (a batch, a rollback) takes a per-chain transaction-scoped advisory lock
 * and compares the checkpoint with the one its indexer started from; when another
 * instance moved it in between, the write is dropped and that indexer reads the
 * checkpoint again. SQLite serialises writers on its own (and is refused for several
 * instances).
 */
import { type Kysely, type Transaction, sql } from 'kysely'
import { type SqlEngine, detectEngine } from './connect'
import { type ChainTransactionStatus, type DatabaseSchema, type TransferStandard } from './schema'
import { isoAt, toDate } from './time'

export interface IndexedTransaction {
  chainId: string
  hash: string
  blockNumber: number
  txIndex: number
  /** Lower case. */
  from: string
  to: string | null
  value: string
  nonce: number
  selector: string | null
  status: ChainTransactionStatus
  /** Epoch ms. */
  minedAt: number
}

export interface IndexedTransfer {
  chainId: string
  hash: string
  /** -1 for the transaction's native value. */
  logIndex: number
  blockNumber: number
  standard: TransferStandard
  /** Lower case; null for native. */
  token: string | null
  from: string
  to: string
  amount: string
  nftImage: string | null
}

export interface Checkpoint {
  blockNumber: number
  blockHash: string
}

/** What one batch of blocks adds to the index. */
export interface IndexedBatch {
  transactions: IndexedTransaction[]
  transfers: IndexedTransfer[]
  /** Every block of the batch, in order: their hashes are kept for finding a fork point. */
  blocks: Checkpoint[]
}

export interface StoredTransaction extends Omit<IndexedTransaction, 'minedAt'> {
  minedAt: Date
  sortKey: string
}

export interface AccountPageQuery {
  /** Lower case. */
  address: string
  chainId?: string | undefined
  /** Only transactions sent by one of these (lower case); the onramp filter. */
  sentBy?: readonly string[] | undefined
  /** Exclusive: the sort key of the previous page's last item. */
  before?: string | undefined
  limit: number
}

export interface ChainIndexStore {
  checkpoint(chainId: string): Promise<Checkpoint | undefined>
  /**
   * Writes a batch of blocks and moves the checkpoint from `expected` to `next`,
   * atomically. Resolves false, writing nothing, when the checkpoint is no longer
   * `expected` (another instance indexed or rolled back meanwhile). Block hashes more
   * than `keepBlocks` below `next` are pruned.
   */
  writeBatch(chainId: string, batch: IndexedBatch, expected: Checkpoint | undefined, next: Checkpoint, options: { now: number; keepBlocks: number }): Promise<boolean>
  /** The kept block hashes from `from` to `to` (inclusive), newest first. */
  blockHashes(chainId: string, from: number, to: number): Promise<Checkpoint[]>
  /**
   * Deletes every row of the blocks above `forkPoint` and moves the checkpoint back to
   * it; `undefined` forgets the chain entirely. Resolves false, deleting nothing, when
   * the checkpoint is no longer `expected`.
   */
  rollBack(chainId: string, forkPoint: Checkpoint | undefined, expected: Checkpoint): Promise<boolean>
  /**
   * Runs `sync` while this process holds the chain's indexing lock (PostgreSQL: a
   * session-level advisory lock on a connection kept for the purpose, released when the
   * sync ends or the connection drops). Resolves `{ ran: false }` at once when another
   * instance holds it. SQLite has a single process: `sync` always runs.
   */
  whileIndexing<T>(chainId: string, sync: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>
  /** Newest first, `limit` at most. */
  accountTransactions(query: AccountPageQuery): Promise<StoredTransaction[]>
  /** Transfers of these transactions that involve `address` (lower case), in log order. */
  transfersFor(address: string, transactions: readonly { chainId: string; hash: string }[]): Promise<IndexedTransfer[]>
}

const INSERT_CHUNK = 100

/**
 * Sorts newest first as text on both engines: digits only (so no collation can
 * reorder it), fixed width, mined time first so chains interleave by time.
 *
 * @example
 * sortKey({ chainId: 'eip155:1', blockNumber: 12, txIndex: 0, minedAt: 1_700_000_000_000 })
 */
export function sortKey(tx: { chainId: string; blockNumber: number; txIndex: number; minedAt: number }): string {
  const chainReference = tx.chainId.slice(tx.chainId.indexOf(':') + 1)
  return [String(Math.floor(tx.minedAt / 1000)).padStart(12, '0'), chainReference.padStart(16, '0'), String(tx.blockNumber).padStart(16, '0'), String(tx.txIndex).padStart(8, '0')].join('')
}

export const SORT_KEY_PATTERN = /^[0-9]{52}$/

/**
 * @example
 * const index = createChainIndexStore(db)
 * const page = await index.accountTransactions({ address: '0xf39f…', limit: 20 })
 */
export function createChainIndexStore(db: Kysely<DatabaseSchema>): ChainIndexStore {
  // Found once, outside any transaction: a failed probe would abort a PostgreSQL transaction.
  let engine: Promise<SqlEngine> | undefined

  /**
   * Runs `write` in a transaction holding the chain's write lock, if the checkpoint is
   * still `expected`; resolves whether it ran.
   */
  const lockKey = (chainId: string) => `portico:chain-index:${chainId}`

  async function compareAndWrite(chainId: string, expected: Checkpoint | undefined, write: (trx: Transaction<DatabaseSchema>) => Promise<void>): Promise<boolean> {
    engine ??= detectEngine(db)
    const postgres = (await engine) === 'postgres'
    return db.transaction().execute(async (trx) => {
      if (postgres) await sql`select pg_advisory_xact_lock(hashtext(${lockKey(chainId)}))`.execute(trx)
      const current = await readCheckpoint(trx, chainId)
      if (current?.blockNumber !== expected?.blockNumber || current?.blockHash !== expected?.blockHash) return false
      await write(trx)
      return true
    })
  }

  return {
    checkpoint: (chainId) => readCheckpoint(db, chainId),

    async whileIndexing(chainId, sync) {
      engine ??= detectEngine(db)
      if ((await engine) !== 'postgres') return { ran: true, value: await sync() }
      // Not the writes' key: a sync's own writes run on other connections and must not wait on this lock.
      const key = `${lockKey(chainId)}:sync`
      return db.connection().execute(async (connection) => {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${key})) as locked`.execute(connection)
        if (rows[0]?.locked !== true) return { ran: false as const }
        try {
          return { ran: true as const, value: await sync() }
        } finally {
          await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection)
        }
      })
    },

    async blockHashes(chainId, from, to) {
      const rows = await db
        .selectFrom('chain_blocks')
        .select(['block_number', 'block_hash'])
        .where('chain_id', '=', chainId)
        .where('block_number', '>=', from)
        .where('block_number', '<=', to)
        .orderBy('block_number', 'desc')
        .execute()
      return rows.map((row) => ({ blockNumber: Number(row.block_number), blockHash: row.block_hash }))
    },

    async rollBack(chainId, forkPoint, expected) {
      return compareAndWrite(chainId, expected, async (trx) => {
        const above = forkPoint?.blockNumber ?? -1
        for (const table of ['chain_account_transactions', 'chain_transfers', 'chain_transactions', 'chain_blocks'] as const) {
          await trx.deleteFrom(table).where('chain_id', '=', chainId).where('block_number', '>', above).execute()
        }
        if (forkPoint === undefined) {
          await trx.deleteFrom('chain_checkpoints').where('chain_id', '=', chainId).execute()
        } else {
          await trx.updateTable('chain_checkpoints').set({ block_number: forkPoint.blockNumber, block_hash: forkPoint.blockHash }).where('chain_id', '=', chainId).execute()
        }
      })
    },

    async writeBatch(chainId, { transactions, transfers, blocks }, expected, checkpoint, { now, keepBlocks }) {
      return compareAndWrite(chainId, expected, async (trx) => {
        const accountRows = new Map<string, { address: string; chain_id: string; hash: string; block_number: number; sort_key: string }>()
        const keys = new Map<string, string>()
        const txRows = transactions.map((tx) => {
          const key = sortKey(tx)
          keys.set(tx.hash, key)
          for (const address of [tx.from, tx.to]) {
            if (address) accountRows.set(`${address}:${tx.hash}`, { address, chain_id: chainId, hash: tx.hash, block_number: tx.blockNumber, sort_key: key })
          }
          return {
            chain_id: chainId,
            hash: tx.hash,
            block_number: tx.blockNumber,
            tx_index: tx.txIndex,
            from_address: tx.from,
            to_address: tx.to,
            value: tx.value,
            nonce: tx.nonce,
            selector: tx.selector,
            status: tx.status,
            mined_at: isoAt(tx.minedAt),
            sort_key: key,
          }
        })
        const transferRows = transfers.map((transfer) => {
          const key = keys.get(transfer.hash)
          if (key === undefined) throw new Error(`transfer of ${transfer.hash} without its transaction in the batch`)
          for (const address of [transfer.from, transfer.to]) {
            if (address !== ZERO_ADDRESS) {
              accountRows.set(`${address}:${transfer.hash}`, { address, chain_id: chainId, hash: transfer.hash, block_number: transfer.blockNumber, sort_key: key })
            }
          }
          return {
            chain_id: chainId,
            hash: transfer.hash,
            log_index: transfer.logIndex,
            block_number: transfer.blockNumber,
            standard: transfer.standard,
            token_address: transfer.token,
            from_address: transfer.from,
            to_address: transfer.to,
            amount: transfer.amount,
            nft_image: transfer.nftImage,
          }
        })
        await insertChunks(trx, 'chain_transactions', txRows, ['chain_id', 'hash'])
        await insertChunks(trx, 'chain_transfers', transferRows, ['chain_id', 'hash', 'log_index'])
        await insertChunks(trx, 'chain_account_transactions', [...accountRows.values()], ['address', 'chain_id', 'hash'])
        const blockRows = blocks.map((block) => ({ chain_id: chainId, block_number: block.blockNumber, block_hash: block.blockHash }))
        // A block hash is replaced, not kept: the row may be left from before a rollback that another instance did.
        for (let start = 0; start < blockRows.length; start += INSERT_CHUNK) {
          await trx
            .insertInto('chain_blocks')
            .values(blockRows.slice(start, start + INSERT_CHUNK))
            .onConflict((conflict) => conflict.columns(['chain_id', 'block_number']).doUpdateSet((eb) => ({ block_hash: eb.ref('excluded.block_hash') })))
            .execute()
        }
        await trx
          .deleteFrom('chain_blocks')
          .where('chain_id', '=', chainId)
          .where('block_number', '<', checkpoint.blockNumber - keepBlocks)
          .execute()
        await trx
          .insertInto('chain_checkpoints')
          .values({ chain_id: chainId, block_number: checkpoint.blockNumber, block_hash: checkpoint.blockHash, updated_at: isoAt(now) })
          .onConflict((conflict) => conflict.column('chain_id').doUpdateSet({ block_number: checkpoint.blockNumber, block_hash: checkpoint.blockHash, updated_at: isoAt(now) }))
          .execute()
      })
    },

    async accountTransactions({ address, chainId, sentBy, before, limit }) {
      if (sentBy !== undefined && sentBy.length === 0) return []
      let query = db
        .selectFrom('chain_account_transactions as a')
        .innerJoin('chain_transactions as t', (join) => join.onRef('t.chain_id', '=', 'a.chain_id').onRef('t.hash', '=', 'a.hash'))
        .select(['t.chain_id', 't.hash', 't.block_number', 't.tx_index', 't.from_address', 't.to_address', 't.value', 't.nonce', 't.selector', 't.status', 't.mined_at', 't.sort_key'])
        .where('a.address', '=', address)
      if (chainId !== undefined) query = query.where('a.chain_id', '=', chainId)
      if (sentBy !== undefined) query = query.where('t.from_address', 'in', [...sentBy])
      if (before !== undefined) query = query.where('a.sort_key', '<', before)
      const rows = await query.orderBy('a.sort_key', 'desc').limit(limit).execute()
      return rows.map((row) => ({
        chainId: row.chain_id,
        hash: row.hash,
        blockNumber: Number(row.block_number),
        txIndex: row.tx_index,
        from: row.from_address,
        to: row.to_address,
        value: row.value,
        nonce: row.nonce,
        selector: row.selector,
        status: row.status,
        minedAt: toDate(row.mined_at),
        sortKey: row.sort_key,
      }))
    },

    async transfersFor(address, transactions) {
      if (transactions.length === 0) return []
      const rows = await db
        .selectFrom('chain_transfers')
        .selectAll()
        .where((eb) => eb.or(transactions.map((tx) => eb.and([eb('chain_id', '=', tx.chainId), eb('hash', '=', tx.hash)]))))
        .where((eb) => eb.or([eb('from_address', '=', address), eb('to_address', '=', address)]))
        .orderBy('log_index', 'asc')
        .execute()
      return rows.map((row) => ({
        chainId: row.chain_id,
        hash: row.hash,
        logIndex: row.log_index,
        blockNumber: Number(row.block_number),
        standard: row.standard,
        token: row.token_address,
        from: row.from_address,
        to: row.to_address,
        amount: row.amount,
        nftImage: row.nft_image,
      }))
    },
  }
}

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

async function readCheckpoint(db: Kysely<DatabaseSchema>, chainId: string): Promise<Checkpoint | undefined> {
  const row = await db.selectFrom('chain_checkpoints').select(['block_number', 'block_hash']).where('chain_id', '=', chainId).executeTakeFirst()
  return row && { blockNumber: Number(row.block_number), blockHash: row.block_hash }
}

type ConflictTable = 'chain_transactions' | 'chain_transfers' | 'chain_account_transactions'

/** Rows are built above from the table's own columns; the casts only bridge the three tables' types. */
async function insertChunks(trx: Transaction<DatabaseSchema>, table: ConflictTable, rows: readonly object[], conflictColumns: readonly string[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK)
    await trx
      .insertInto(table)
      .values(chunk as never)
      .onConflict((conflict) => conflict.columns(conflictColumns as never).doNothing())
      .execute()
  }
}
