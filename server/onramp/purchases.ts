/**
 * Purchases through the test provider: created with the checkout URL, claimed once when
 * the visitor presses Buy (so a session funds at most one transfer), then completed with
 * the transaction hash or failed. The history endpoint lists the transfers themselves
 * (from the provider's sending address, ONRAMP_SENDERS); this table is the provider's
 * own record, readable with {@link OnrampPurchaseStore.listByAddress}.
 */
import { randomUUID } from 'node:crypto'
import { type Kysely, type Migration } from 'kysely'
import { isoAt, toDate } from '../db/time'

export type PurchaseStatus = 'created' | 'processing' | 'completed' | 'failed'

export interface OnrampPurchasesTable {
  id: string
  provider: string
  project_id: string
  /** Checksummed EVM address that receives the crypto. */
  address: string
  chain_id: string
  asset: string
  /** Preset from the dapp; the amount paid once completed. Decimal text. */
  fiat_amount: string | null
  fiat_currency: string | null
  /** Smallest unit (wei), once completed. */
  crypto_amount: string | null
  tx_hash: string | null
  status: PurchaseStatus
  created_at: Date | string
  updated_at: Date | string
}

/** The part of the server's database this file uses (add `onramp_purchases: OnrampPurchasesTable` to DatabaseSchema). */
export interface OnrampDatabase {
  onramp_purchases: OnrampPurchasesTable
}

/**
 * The migration that creates the table, for server/db/migrations.ts (append it under the
 * next free name, e.g. '0004_onramp_purchases').
 *
 * @example
 * '0004_onramp_purchases': onrampPurchasesMigration(engine),
 */
export function onrampPurchasesMigration(engine: 'sqlite' | 'postgres'): Migration {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('onramp_purchases')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('provider', 'text', (column) => column.notNull())
        .addColumn('project_id', 'text', (column) => column.notNull())
        .addColumn('address', 'text', (column) => column.notNull())
        .addColumn('chain_id', 'text', (column) => column.notNull())
        .addColumn('asset', 'text', (column) => column.notNull())
        .addColumn('fiat_amount', 'text')
        .addColumn('fiat_currency', 'text')
        .addColumn('crypto_amount', 'text')
        .addColumn('tx_hash', 'text')
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .execute()
      await db.schema.createIndex('onramp_purchases_address').on('onramp_purchases').columns(['address', 'created_at']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('onramp_purchases').execute()
    },
  }
}

export interface OnrampPurchase {
  id: string
  provider: string
  projectId: string
  address: string
  chainId: string
  asset: string
  fiatAmount: string | null
  fiatCurrency: string | null
  cryptoAmount: string | null
  txHash: string | null
  status: PurchaseStatus
  createdAt: Date
  updatedAt: Date
}

export interface OnrampPurchaseStore {
  create(purchase: Pick<OnrampPurchase, 'provider' | 'projectId' | 'address' | 'chainId' | 'asset' | 'fiatAmount' | 'fiatCurrency'> & { now: number }): Promise<OnrampPurchase>
  get(id: string): Promise<OnrampPurchase | undefined>
  /** created → processing; false when the purchase is not in `created` (already bought, or unknown). */
  claim(id: string, now: number): Promise<boolean>
  complete(id: string, result: { fiatAmount: string; fiatCurrency: string; cryptoAmount: string; txHash: string; now: number }): Promise<void>
  fail(id: string, now: number): Promise<void>
  /** The address's purchases, newest first: what a history view of onramp purchases reads. */
  listByAddress(address: string, options?: { provider?: string; limit?: number }): Promise<OnrampPurchase[]>
}

/**
 * @example
 * const purchases = createOnrampPurchaseStore(db)
 * const purchase = await purchases.create({ provider: 'test', projectId: 'shop', address, chainId: 'eip155:1', asset: 'ETH', fiatAmount: '50', fiatCurrency: 'USD', now: Date.now() })
 */
export function createOnrampPurchaseStore<DB extends OnrampDatabase>(database: Kysely<DB>): OnrampPurchaseStore {
  // Kysely<DB> is invariant in DB; this store touches only its own table.
  const db = database as unknown as Kysely<OnrampDatabase>
  const table = () => db.selectFrom('onramp_purchases').selectAll()
  return {
    async create(purchase) {
      const id = randomUUID()
      const at = isoAt(purchase.now)
      await db
        .insertInto('onramp_purchases')
        .values({
          id,
          provider: purchase.provider,
          project_id: purchase.projectId,
          address: purchase.address,
          chain_id: purchase.chainId,
          asset: purchase.asset,
          fiat_amount: purchase.fiatAmount,
          fiat_currency: purchase.fiatCurrency,
          crypto_amount: null,
          tx_hash: null,
          status: 'created',
          created_at: at,
          updated_at: at,
        })
        .execute()
      return (await this.get(id))!
    },
    async get(id) {
      const row = await table().where('id', '=', id).executeTakeFirst()
      return row === undefined ? undefined : fromRow(row)
    },
    async claim(id, now) {
      const result = await db
        .updateTable('onramp_purchases')
        .set({ status: 'processing', updated_at: isoAt(now) })
        .where('id', '=', id)
        .where('status', '=', 'created')
        .executeTakeFirst()
      return result.numUpdatedRows === 1n
    },
    async complete(id, result) {
      await db
        .updateTable('onramp_purchases')
        .set({
          status: 'completed',
          fiat_amount: result.fiatAmount,
          fiat_currency: result.fiatCurrency,
          crypto_amount: result.cryptoAmount,
          tx_hash: result.txHash,
          updated_at: isoAt(result.now),
        })
        .where('id', '=', id)
        .execute()
    },
    async fail(id, now) {
      await db
        .updateTable('onramp_purchases')
        .set({ status: 'failed', updated_at: isoAt(now) })
        .where('id', '=', id)
        .execute()
    },
    async listByAddress(address, options = {}) {
      let query = table().where('address', '=', address)
      if (options.provider !== undefined) query = query.where('provider', '=', options.provider)
      const rows = await query
        .orderBy('created_at', 'desc')
        .limit(options.limit ?? 50)
        .execute()
      return rows.map(fromRow)
    },
  }
}

function fromRow(row: OnrampPurchasesTable): OnrampPurchase {
  return {
    id: row.id,
    provider: row.provider,
    projectId: row.project_id,
    address: row.address,
    chainId: row.chain_id,
    asset: row.asset,
    fiatAmount: row.fiat_amount,
    fiatCurrency: row.fiat_currency,
    cryptoAmount: row.crypto_amount,
    txHash: row.tx_hash,
    status: row.status,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  }
}
