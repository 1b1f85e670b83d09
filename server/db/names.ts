/**
 * The name registry's storage: one row per name, pointing at one address. Names are
 * stored lower case; the address keeps its checksum case for display and is matched
 * through a lower-case key.
 */
import { type Kysely } from 'kysely'
import { type DatabaseSchema, type JsonObject } from './schema'
import { isoAt, toDate } from './time'

export interface NameAttributesRecord {
  avatar?: string
  bio?: string
}

export interface NameRecord {
  name: string
  address: string
  coinType: number
  attributes: NameAttributesRecord
  createdAt: Date
  updatedAt: Date
}

export interface NameStore {
  get(name: string): Promise<NameRecord | undefined>
  /** Newest first. */
  byAddress(address: string): Promise<NameRecord[]>
  /** The subset of `names` that is registered. */
  registered(names: readonly string[]): Promise<Set<string>>
  /** Inserts; false when the name is taken (by anyone). */
  insert(record: { name: string; address: string; coinType: number; attributes: NameAttributesRecord; message: string; signature: string; now: number }): Promise<boolean>
  /** Replaces the attributes of a name its address registers again. */
  update(record: { name: string; attributes: NameAttributesRecord; message: string; signature: string; now: number }): Promise<void>
}

/**
 * @example
 * const names = createNameStore(db)
 * await names.get('alice.portico.id')
 */
export function createNameStore(db: Kysely<DatabaseSchema>): NameStore {
  const columns = ['name', 'address', 'coin_type', 'attributes', 'created_at', 'updated_at'] as const
  return {
    async get(name) {
      const row = await db.selectFrom('names').select(columns).where('name', '=', name).executeTakeFirst()
      return row && toRecord(row)
    },

    async byAddress(address) {
      const rows = await db.selectFrom('names').select(columns).where('address_key', '=', address.toLowerCase()).orderBy('created_at', 'desc').orderBy('name', 'asc').execute()
      return rows.map(toRecord)
    },

    async registered(names) {
      if (names.length === 0) return new Set()
      const rows = await db
        .selectFrom('names')
        .select('name')
        .where('name', 'in', [...names])
        .execute()
      return new Set(rows.map((row) => row.name))
    },

    async insert({ name, address, coinType, attributes, message, signature, now }) {
      const result = await db
        .insertInto('names')
        .values({
          name,
          address,
          address_key: address.toLowerCase(),
          coin_type: coinType,
          attributes: JSON.stringify(attributes),
          message,
          signature,
          created_at: isoAt(now),
          updated_at: isoAt(now),
        })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .returning('name')
        .executeTakeFirst()
      return result !== undefined
    },

    async update({ name, attributes, message, signature, now }) {
      await db
        .updateTable('names')
        .set({ attributes: JSON.stringify(attributes), message, signature, updated_at: isoAt(now) })
        .where('name', '=', name)
        .execute()
    },
  }
}

function toRecord(row: { name: string; address: string; coin_type: number; attributes: JsonObject | string; created_at: Date | string; updated_at: Date | string }): NameRecord {
  const attributes = (typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes) as NameAttributesRecord
  return { name: row.name, address: row.address, coinType: row.coin_type, attributes, createdAt: toDate(row.created_at), updatedAt: toDate(row.updated_at) }
}
