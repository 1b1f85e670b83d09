/**
 * Table types for Kysely. One interface per table; column names are snake_case
 * as stored. Where the engines differ (see migrations.ts), the select type is the
 * union and the store module turns it into one shape.
 */
import { type ColumnType } from 'kysely'

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject
export interface JsonObject {
  [key: string]: JsonValue
}

export interface AnalyticsEventsTable {
  /** Random UUID made by the server, so ids need no round trip and reveal no volume. */
  id: string
  project_id: string
  /** jsonb on PostgreSQL (read back parsed), JSON text on SQLite. Written as JSON text. */
  event: ColumnType<JsonObject | string, string, never>
  sdk_type: string | null
  sdk_version: string | null
  /** timestamptz on PostgreSQL (read back as Date), ISO-8601 text on SQLite. Written as ISO text. */
  received_at: ColumnType<Date | string, string, never>
}

/**
 * A point in time: timestamptz on PostgreSQL (read back as Date), ISO-8601 text
 * on SQLite (which sorts and compares in time order). Always written as
 * `Date.toISOString()` text, so both engines compare the same way.
 */
export type Timestamp = ColumnType<Date | string, string, string>
/** Like {@link Timestamp}, for columns that may be empty. */
export type NullableTimestamp = ColumnType<Date | string | null, string | null, string | null>

/** Embedded-wallet users (SPEC §3 Embedded-wallet User). One wallet per email per server. */
export interface AuthUsersTable {
  /** Random UUID. */
  id: string
  /** Normalised (trimmed, lower case). Unique; null is kept for logins without email (social, later). */
  email: string | null
  created_at: ColumnType<Date | string, string, never>
  updated_at: Timestamp
}

/** Devices a user approved (by an emailed code). A row means "approved". */
export interface AuthDevicesTable {
  id: string
  user_id: string
  /** SHA-256 of the device id the secure page keeps in its own storage. */
  device_hash: string
  /** The browser's User-Agent when approved, cut to 256 characters; shown in later emails. */
  user_agent: string | null
  approved_at: ColumnType<Date | string, string, never>
  last_seen_at: Timestamp
}

export type OtpPurpose = 'login' | 'device' | 'update_primary' | 'update_secondary'
export type OtpStatus = 'pending' | 'used' | 'expired' | 'exhausted' | 'replaced' | 'undelivered'

/** One-time codes. Only an HMAC of the code is stored. */
export interface AuthOtpCodesTable {
  id: string
  purpose: OtpPurpose
  /** Where the code was sent (normalised). */
  email: string
  project_id: string
  /** The device that asked; the code only works from it. */
  device_hash: string
  /** Set for device approval and email change (the user the code is for). */
  user_id: string | null
  /** Email change: the address being moved to. */
  new_email: string | null
  /** Random per code, base64url. */
  salt: string
  /** HMAC-SHA256 under a pepper derived from the master key, hex. */
  code_hash: string
  /** Which master key the pepper came from (rotation). */
  master_key_id: string
  attempts: number
  max_attempts: number
  status: OtpStatus
  created_at: ColumnType<Date | string, string, never>
  expires_at: ColumnType<Date | string, string, never>
  ended_at: NullableTimestamp
}

/** Sessions: opaque bearer tokens; only SHA-256 of the token is stored. */
export interface AuthSessionsTable {
  id: string
  token_hash: string
  user_id: string
  project_id: string
  device_hash: string
  created_at: ColumnType<Date | string, string, never>
  expires_at: ColumnType<Date | string, string, never>
  revoked_at: NullableTimestamp
}

export type WalletNamespace = 'eip155' | 'solana'

/** Private keys, AES-256-GCM encrypted under a master key (server/auth/masterKey.ts). */
export interface AuthWalletKeysTable {
  id: string
  user_id: string
  namespace: WalletNamespace
  /** Public: 0x checksummed address (eip155) or base58 public key (solana). */
  address: string
  /** Encryption scheme, so a later one can be told apart: 'aes-256-gcm/1'. */
  scheme: string
  /** Which master key encrypted it (rotation). */
  master_key_id: string
  /** base64 */
  iv: string
  /** base64 */
  ciphertext: string
  /** base64 */
  auth_tag: string
  created_at: ColumnType<Date | string, string, never>
  updated_at: Timestamp
}

/** Counters for rate limits and resend cooldowns, shared by every server process. */
export interface AuthRateLimitsTable {
  /** e.g. 'send:email:<hmac>:<window>' or 'cooldown:login:<hmac>'. */
  bucket: string
  count: number
  expires_at: Timestamp
}

export interface DatabaseSchema {
  analytics_events: AnalyticsEventsTable
  auth_users: AuthUsersTable
  auth_devices: AuthDevicesTable
  auth_otp_codes: AuthOtpCodesTable
  auth_sessions: AuthSessionsTable
  auth_wallet_keys: AuthWalletKeysTable
  auth_rate_limits: AuthRateLimitsTable
}
