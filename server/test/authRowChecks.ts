/**
 * What the embedded-wallet tables must never hold, whatever crashed: read back after a
 * fault test (a database restart under load, a verify cut short). Each check counts the
 * rows that break it; every count must be 0. Works on SQLite and PostgreSQL.
 */
import { type Kysely, sql } from 'kysely'
import { type DatabaseSchema } from '../db/schema'

export const AUTH_ROW_CHECKS: ReadonlyArray<{ check: string; query: string }> = [
  {
    check: 'users with more than one wallet key of a namespace (extra keys)',
    query: 'SELECT COUNT(*) AS n FROM (SELECT user_id FROM auth_wallet_keys GROUP BY user_id, namespace HAVING COUNT(*) > 1) AS doubled',
  },
  {
    check: 'wallets both custodial and self-custody in one namespace (a migration half done)',
    query: 'SELECT COUNT(*) AS n FROM auth_wallet_keys k JOIN custody_wallets w ON w.user_id = k.user_id AND w.namespace = k.namespace',
  },
  {
    check: 'sessions whose user does not exist (orphan sessions)',
    query: 'SELECT COUNT(*) AS n FROM auth_sessions s WHERE NOT EXISTS (SELECT 1 FROM auth_users u WHERE u.id = s.user_id)',
  },
  {
    check: 'sessions on a device the user never approved',
    query: 'SELECT COUNT(*) AS n FROM auth_sessions s WHERE NOT EXISTS (SELECT 1 FROM auth_devices d WHERE d.user_id = s.user_id AND d.device_hash = s.device_hash)',
  },
  {
    check: 'used sign-in codes that opened no session (burned codes)',
    query:
      "SELECT COUNT(*) AS n FROM auth_otp_codes c WHERE c.purpose = 'login' AND c.status = 'used' AND NOT EXISTS " +
      '(SELECT 1 FROM auth_sessions s JOIN auth_users u ON u.id = s.user_id WHERE u.email = c.email AND s.device_hash = c.device_hash AND s.project_id = c.project_id)',
  },
  {
    check: 'sign-in codes accepted more than once (more sessions on a device than codes used there)',
    query:
      'SELECT COUNT(*) AS n FROM (SELECT s.user_id, s.device_hash FROM auth_sessions s JOIN auth_users u ON u.id = s.user_id GROUP BY s.user_id, s.device_hash, u.email ' +
      "HAVING COUNT(*) > (SELECT COUNT(*) FROM auth_otp_codes c WHERE c.purpose = 'login' AND c.status = 'used' AND c.email = u.email AND c.device_hash = s.device_hash)) AS doubled",
  },
]

/**
 * The checks that fail, with their counts; empty when the tables are consistent.
 *
 * @example
 * expect(await brokenAuthRows(db)).toEqual([])
 */
export async function brokenAuthRows(db: Kysely<DatabaseSchema>): Promise<Array<{ check: string; found: number }>> {
  const broken: Array<{ check: string; found: number }> = []
  for (const { check, query } of AUTH_ROW_CHECKS) {
    const { rows } = await sql<{ n: string | number }>`${sql.raw(query)}`.execute(db)
    const found = Number(rows[0]?.n ?? 0)
    if (found !== 0) broken.push({ check, found })
  }
  return broken
}
