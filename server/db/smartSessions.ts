/**
 * Smart sessions (SPEC §7 `/v1/sessions/{id}`): ERC-7715 permission grants an account
 * recorded through a project, known by `pci` (keccak256 of the permissions context).
 * The row keeps the account's signatures: the grant's (it recorded the session) and,
 * once revoked, the revocation's, as proof of who asked.
 */
import { type ColumnType, type Kysely, type Migration, type Selectable, sql } from 'kysely'
import { type DatabaseSchema } from './schema'
import { isoAt, toMillis } from './time'

export interface SmartSessionsTable {
  /** 0x + 64 hex, lower case. */
  pci: string
  /** CAIP-10, checksummed address, e.g. `eip155:1:0xf39F…`. */
  account: string
  project_id: string
  project_name: string
  project_url: string | null
  project_icon_url: string | null
  context: string
  /** JSON text of SmartSessionPermission[] (jsonb on PostgreSQL). */
  permissions: ColumnType<unknown, string, never>
  expires_at: ColumnType<Date | string, string, never>
  grant_signature: string
  created_at: ColumnType<Date | string, string, never>
  revoked_at: ColumnType<Date | string | null, string | null, string>
  revoke_signature: string | null
}

export function smartSessionsMigration(engine: 'sqlite' | 'postgres'): Migration {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('smart_sessions')
        .addColumn('pci', 'text', (column) => column.primaryKey())
        .addColumn('account', 'text', (column) => column.notNull())
        .addColumn('project_id', 'text', (column) => column.notNull())
        .addColumn('project_name', 'text', (column) => column.notNull())
        .addColumn('project_url', 'text')
        .addColumn('project_icon_url', 'text')
        .addColumn('context', 'text', (column) => column.notNull())
        .addColumn('permissions', engine === 'postgres' ? 'jsonb' : 'text', (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('grant_signature', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('revoked_at', timestamp)
        .addColumn('revoke_signature', 'text')
        .execute()
      await db.schema.createIndex('smart_sessions_account_project').on('smart_sessions').columns(['account', 'project_id']).execute()
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('smart_sessions').execute()
    },
  }
}

/**
 * The pci is unique per (project, account), not across the table: with a global key,
 * whoever recorded a context first (under an account of their own) blocked the real
 * account with 409. The table is rebuilt (SQLite cannot change a primary key in place).
 */
export function smartSessionsScopedMigration(engine: 'sqlite' | 'postgres'): Migration {
  const timestamp = engine === 'postgres' ? 'timestamptz' : 'text'
  const columns = 'pci, account, project_id, project_name, project_url, project_icon_url, context, permissions, expires_at, grant_signature, created_at, revoked_at, revoke_signature'
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('smart_sessions_scoped')
        .addColumn('pci', 'text', (column) => column.notNull())
        .addColumn('account', 'text', (column) => column.notNull())
        .addColumn('project_id', 'text', (column) => column.notNull())
        .addColumn('project_name', 'text', (column) => column.notNull())
        .addColumn('project_url', 'text')
        .addColumn('project_icon_url', 'text')
        .addColumn('context', 'text', (column) => column.notNull())
        .addColumn('permissions', engine === 'postgres' ? 'jsonb' : 'text', (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('grant_signature', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('revoked_at', timestamp)
        .addColumn('revoke_signature', 'text')
        .addPrimaryKeyConstraint('smart_sessions_scoped_pk', ['project_id', 'account', 'pci'])
        .execute()
      await sql`insert into smart_sessions_scoped (${sql.raw(columns)}) select ${sql.raw(columns)} from smart_sessions`.execute(db)
      await db.schema.dropTable('smart_sessions').execute()
      await db.schema.alterTable('smart_sessions_scoped').renameTo('smart_sessions').execute()
      // The list reads one account's sessions of one project, newest first, a page at a time.
      await db.schema.createIndex('smart_sessions_account_project_created').on('smart_sessions').columns(['account', 'project_id', 'created_at', 'pci']).execute()
    },
    async down() {
      throw new Error('0008_smart_sessions_scoped cannot be undone: two accounts may now hold the same pci')
    },
  }
}

export interface SmartSessionRecord {
  pci: string
  account: string
  projectId: string
  project: { name: string; url: string | null; iconUrl: string | null }
  context: string
  permissions: unknown
  expiresAt: number
  createdAt: number
  revokedAt: number | null
}

/** Where a page of an account's sessions starts: after this session (newest first). */
export interface SessionCursor {
  createdAt: number
  pci: string
}

/** One session, by what identifies it: the account and the project it was recorded through, and its pci. */
export interface SessionKey {
  account: string
  projectId: string
  pci: string
}

export interface SmartSessionStore {
  /** False when this account recorded a session with this pci through this project already. */
  insert(record: Omit<SmartSessionRecord, 'revokedAt'> & { grantSignature: string }): Promise<boolean>
  /** The account's sessions recorded through the project, newest first: at most `limit`, after `after`. */
  list(account: string, projectId: string, page: { limit: number; after?: SessionCursor }): Promise<SmartSessionRecord[]>
  find(key: SessionKey): Promise<SmartSessionRecord | undefined>
  /** Marks it revoked unless it is already; answers whether this call revoked it. */
  revoke(key: SessionKey, signature: string, now: number): Promise<boolean>
}

type Row = Selectable<SmartSessionsTable>

function toRecord(row: Row): SmartSessionRecord {
  return {
    pci: row.pci,
    account: row.account,
    projectId: row.project_id,
    project: { name: row.project_name, url: row.project_url, iconUrl: row.project_icon_url },
    context: row.context,
    // SQLite gives JSON text back; PostgreSQL's jsonb gives the value.
    permissions: typeof row.permissions === 'string' ? (JSON.parse(row.permissions) as unknown) : row.permissions,
    expiresAt: toMillis(row.expires_at),
    createdAt: toMillis(row.created_at),
    revokedAt: row.revoked_at === null ? null : toMillis(row.revoked_at),
  }
}

/**
 * @example
 * const sessions = createSmartSessionStore(db)
 * await sessions.list('eip155:1:0xf39F…', 'shop')
 */
export function createSmartSessionStore(db: Kysely<DatabaseSchema>): SmartSessionStore {
  return {
    async insert(record) {
      const result = await db
        .insertInto('smart_sessions')
        .values({
          pci: record.pci,
          account: record.account,
          project_id: record.projectId,
          project_name: record.project.name,
          project_url: record.project.url,
          project_icon_url: record.project.iconUrl,
          context: record.context,
          permissions: JSON.stringify(record.permissions),
          expires_at: isoAt(record.expiresAt),
          grant_signature: record.grantSignature,
          created_at: isoAt(record.createdAt),
          revoked_at: null,
          revoke_signature: null,
        })
        .onConflict((conflict) => conflict.columns(['project_id', 'account', 'pci']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1
    },

    async list(account, projectId, { limit, after }) {
      let query = db.selectFrom('smart_sessions').selectAll().where('account', '=', account).where('project_id', '=', projectId)
      if (after !== undefined) {
        const at = isoAt(after.createdAt)
        query = query.where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('pci', '<', after.pci)])]))
      }
      const rows = await query.orderBy('created_at', 'desc').orderBy('pci', 'desc').limit(limit).execute()
      return rows.map(toRecord)
    },

    async find({ account, projectId, pci }) {
      const row = await db.selectFrom('smart_sessions').selectAll().where('project_id', '=', projectId).where('account', '=', account).where('pci', '=', pci).executeTakeFirst()
      return row === undefined ? undefined : toRecord(row)
    },

    async revoke({ account, projectId, pci }, signature, now) {
      const result = await db
        .updateTable('smart_sessions')
        .set({ revoked_at: isoAt(now), revoke_signature: signature })
        .where('project_id', '=', projectId)
        .where('account', '=', account)
        .where('pci', '=', pci)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },
  }
}
