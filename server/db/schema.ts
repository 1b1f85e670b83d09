/**
 * Table types for Kysely. One interface per table; column names are snake_case
 * as stored. Where the engines differ (see migrations.ts), the select type is the
 * union and the store module turns it into one shape.
 */
import { type ColumnType } from 'kysely'
import type { OnrampPurchasesTable } from '../onramp/purchases'
import type { AuthIdentitiesTable, AuthLoginAttemptsTable } from './loginAttempts'
import type { SmartSessionsTable } from './smartSessions'
import type { EncryptedColumns } from './encryptedColumns'
import type { CustodyAuthSharesTable, CustodyRecoverySharesTable } from './custodyShares'
import type { CustodyWalletsTable } from './custodyWallets'
import type { MfaTotpTable } from './mfaTotp'
import type { MfaPasskeyTable } from './mfaPasskey'
import type { SponsorshipSpendTable } from './sponsorshipSpend'
import type { PasskeyChallengesTable, PasskeyCredentialsTable } from './passkeys'
import type { AuthDpopProofsTable } from './dpopProofs'

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

export type OtpPurpose = 'login' | 'device' | 'update_primary' | 'update_secondary' | 'step_up'
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
  /** RFC 7638 thumbprint of the device key the session is bound to (server/auth/dpop.ts); null for sessions opened before, which are refused. */
  device_key_thumbprint: string | null
  created_at: ColumnType<Date | string, string, never>
  expires_at: ColumnType<Date | string, string, never>
  revoked_at: NullableTimestamp
  /** Until when a fresh second factor proved on this session counts (server/auth/stepUp.ts); null when none was. */
  step_up_expires_at: NullableTimestamp
  /** How it was proved: 'email' or 'passkey'. */
  step_up_method: string | null
}

export type WalletNamespace = 'eip155' | 'solana'

/** Private keys, AES-256-GCM encrypted under a master key (server/auth/masterKey.ts). */
export interface AuthWalletKeysTable extends EncryptedColumns {
  id: string
  user_id: string
  namespace: WalletNamespace
  /** Public: 0x checksummed address (eip155) or base58 public key (solana). */
  address: string
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

/** Block numbers: bigint on PostgreSQL (read back as text), integer on SQLite. Written as numbers. */
export type BlockNumberColumn = ColumnType<number | string, number, number>

/** How far the indexer got on one chain (server/chain/indexer.ts). */
export interface ChainCheckpointsTable {
  /** CAIP-2, e.g. 'eip155:1'. */
  chain_id: string
  /** The last block fully indexed. */
  block_number: BlockNumberColumn
  /** Its hash, to notice a reorganised or reset chain. */
  block_hash: string
  updated_at: Timestamp
}

/**
 * Hashes of the latest indexed blocks of each chain (a window, older ones are pruned):
 * on a reorganisation the indexer walks back through them to the fork point and rolls
 * back only the blocks above it.
 */
export interface ChainBlocksTable {
  chain_id: string
  block_number: BlockNumberColumn
  block_hash: string
}

export type ChainTransactionStatus = 'confirmed' | 'failed'

/** Mined transactions of the indexed chains. Addresses are lower case. */
export interface ChainTransactionsTable {
  chain_id: string
  hash: string
  block_number: BlockNumberColumn
  tx_index: number
  from_address: string
  /** Null for a contract creation. */
  to_address: string | null
  /** Wei, decimal text. */
  value: string
  nonce: number
  /** First 4 bytes of the input, when there is input. */
  selector: string | null
  status: ChainTransactionStatus
  mined_at: ColumnType<Date | string, string, never>
  /** Digits only: mined time, chain, block, index; newest sorts last. See chainIndex.ts. */
  sort_key: string
}

export type TransferStandard = 'native' | 'erc20' | 'erc721'

/** Value moved by a transaction: its native value (log_index -1) and its ERC-20/721 Transfer logs. */
export interface ChainTransfersTable {
  chain_id: string
  hash: string
  log_index: number
  block_number: BlockNumberColumn
  standard: TransferStandard
  /** Lower case; null for native. */
  token_address: string | null
  from_address: string
  to_address: string
  /** Smallest unit (native, erc20) or the token id (erc721), decimal text. */
  amount: string
  /** ERC-721: the image of the token's metadata, when it is on chain or an http(s) URL. */
  nft_image: string | null
}

/** Which transactions touch which address: the history endpoint pages through this. */
export interface ChainAccountTransactionsTable {
  /** Lower case. */
  address: string
  chain_id: string
  hash: string
  block_number: BlockNumberColumn
  sort_key: string
}

/** Token metadata read once from the chain. */
export interface ChainTokensTable {
  chain_id: string
  /** Lower case. */
  address: string
  standard: Exclude<TransferStandard, 'native'>
  name: string
  symbol: string
  decimals: number
}

/** The name registry (routes/names.ts). */
export interface NamesTable {
  /** Full name, lower case, e.g. 'alice.portico.id'. */
  name: string
  /** As registered (checksummed for EVM). */
  address: string
  /** Lower case, for lookups. */
  address_key: string
  /** SLIP-44 coin type (60 for Ethereum). */
  coin_type: number
  /** jsonb on PostgreSQL, JSON text on SQLite: { avatar?, bio? }. */
  attributes: ColumnType<JsonObject | string, string, string>
  /** The signed registration message and its signature, kept as proof. */
  message: string
  signature: string
  created_at: ColumnType<Date | string, string, never>
  updated_at: Timestamp
}

/** SIWX nonces: each works once, until it expires. */
export interface SiwxNoncesTable {
  nonce: string
  project_id: string
  created_at: ColumnType<Date | string, string, never>
  expires_at: ColumnType<Date | string, string, never>
  used_at: NullableTimestamp
}

/** SIWX (sign-in with Ethereum) sessions; only SHA-256 of the bearer token is stored. */
export interface SiwxSessionsTable {
  id: string
  token_hash: string
  project_id: string
  /** Checksummed. */
  address: string
  /** CAIP-2. */
  chain_id: string
  domain: string
  uri: string
  message: string
  signature: string
  created_at: ColumnType<Date | string, string, never>
  expires_at: ColumnType<Date | string, string, never>
  revoked_at: NullableTimestamp
}

export interface DatabaseSchema {
  analytics_events: AnalyticsEventsTable
  auth_users: AuthUsersTable
  auth_devices: AuthDevicesTable
  auth_otp_codes: AuthOtpCodesTable
  auth_sessions: AuthSessionsTable
  auth_dpop_proofs: AuthDpopProofsTable
  auth_wallet_keys: AuthWalletKeysTable
  auth_rate_limits: AuthRateLimitsTable
  chain_checkpoints: ChainCheckpointsTable
  chain_blocks: ChainBlocksTable
  chain_transactions: ChainTransactionsTable
  chain_transfers: ChainTransfersTable
  chain_account_transactions: ChainAccountTransactionsTable
  chain_tokens: ChainTokensTable
  names: NamesTable
  siwx_nonces: SiwxNoncesTable
  siwx_sessions: SiwxSessionsTable
  onramp_purchases: OnrampPurchasesTable
  auth_login_attempts: AuthLoginAttemptsTable
  auth_identities: AuthIdentitiesTable
  smart_sessions: SmartSessionsTable
  custody_auth_shares: CustodyAuthSharesTable
  custody_recovery_shares: CustodyRecoverySharesTable
  custody_wallets: CustodyWalletsTable
  mfa_totp: MfaTotpTable
  mfa_passkey: MfaPasskeyTable
  passkey_credentials: PasskeyCredentialsTable
  passkey_challenges: PasskeyChallengesTable
  sponsorship_spend: SponsorshipSpendTable
}
