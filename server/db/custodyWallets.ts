/**
 * Self-custody wallets: the public half of a wallet whose key the secure frame made (or
 * took over from the server at migration) and split into shares. The server keeps the
 * namespace and address, never the key; the shares are in custodyShares.ts.
 *
 * A user's addresses are these rows plus the custodial keys not migrated yet
 * (auth_wallet_keys): `walletAddresses` reads both.
 */
import { type ColumnType, type Kysely, type Migration, type Transaction } from 'kysely'
import { isUniqueViolation } from './authUsers'
import { type DatabaseSchema, type WalletNamespace } from './schema'
import { isoAt } from './time'

export interface CustodyWalletsTable {
  user_id: string
  namespace: WalletNamespace
  address: string
  created_at: ColumnType<Date | string, string, never>
}

export function custodyWalletsMigration(engine: 'sqlite' | 'postgres'): Migration {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('custody_wallets')
        .addColumn('user_id', 'text', (column) => column.notNull().references('auth_users.id').onDelete('cascade'))
        .addColumn('namespace', 'text', (column) => column.notNull())
        .addColumn('address', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        // One wallet per user and namespace: a second registration is refused by the database too.
        .addPrimaryKeyConstraint('custody_wallets_pk', ['user_id', 'namespace'])
        .execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('custody_wallets').execute()
    },
  }
}

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>

/** The user's address per namespace: self-custody wallets first, then custodial keys not migrated yet. */
export async function walletAddresses(db: Db, userId: string): Promise<Partial<Record<WalletNamespace, string>>> {
  const [custodial, own] = await Promise.all([
    db.selectFrom('auth_wallet_keys').select(['namespace', 'address']).where('user_id', '=', userId).execute(),
    db.selectFrom('custody_wallets').select(['namespace', 'address']).where('user_id', '=', userId).execute(),
  ])
  return Object.fromEntries([...custodial, ...own].map((row) => [row.namespace, row.address]))
}

/** The self-custody wallet of a user in a namespace, if any. */
export async function findCustodyWallet(db: Db, userId: string, namespace: WalletNamespace): Promise<string | undefined> {
  const row = await db.selectFrom('custody_wallets').select('address').where('user_id', '=', userId).where('namespace', '=', namespace).executeTakeFirst()
  return row?.address
}

/** Records a self-custody wallet; false when the user has one in that namespace already. */
export async function insertCustodyWallet(db: Db, wallet: { userId: string; namespace: WalletNamespace; address: string }, now: number): Promise<boolean> {
  try {
    await db
      .insertInto('custody_wallets')
      .values({ user_id: wallet.userId, namespace: wallet.namespace, address: wallet.address, created_at: isoAt(now) })
      .execute()
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}
