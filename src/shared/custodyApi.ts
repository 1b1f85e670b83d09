/**
 * The self-custody routes between the secure page (secure/api.ts) and the reference
 * server (server/routes/custody.ts): paths, error codes and body shapes both ends must
 * spell the same. Every route is authenticated by the session and its device; none of
 * them signs, and the server never holds a whole key made after this API existed
 * (docs/security.md, "Key custody").
 */

export const CUSTODY_NAMESPACES = ['eip155', 'solana'] as const
export type CustodyWalletNamespace = (typeof CUSTODY_NAMESPACES)[number]

export const CUSTODY_PATHS = {
  /** POST { wallets: WalletRegistration[] } → { addresses }: a new wallet made in the frame. */
  wallets: '/auth/v1/custody/wallets',
  /** GET ?namespace= → { namespace, address, authShare, recoverySet }: this device's auth share, and whether a recovery is set. */
  authShare: '/auth/v1/custody/auth-share',
  /** POST { namespace } → { namespace, address, secret }: a custodial key, released to be split. */
  migrationStart: '/auth/v1/custody/migration/start',
  /** POST WalletRegistration → { namespace, address }: the split is stored, the full key deleted. */
  migrationFinish: '/auth/v1/custody/migration/finish',
  /**
   * POST RecoverySetup → { namespace, address, version }: a device holding a share seals the
   * recovery share of a new split and hands the server that split's auth share.
   * GET ?namespace= → { namespace, address, version, envelope, authShare }: what a new device
   * rebuilds the key from, with the recovery password.
   */
  recovery: '/auth/v1/custody/recovery',
  /** POST WalletRegistration → { namespace, address }: a recovered device's own auth share. */
  recoveredDevice: '/auth/v1/custody/recovery/device',
  /** POST { namespace } → { namespace, address, authShare }: this device's auth share for key export, only after a fresh step-up (403 STEP_UP_REQUIRED). */
  export: '/auth/v1/custody/export',
} as const

export const CustodyApiCodes = {
  /** This device holds no auth share for the wallet (a new device, or a removed one). */
  authShareNotFound: 'AUTH_SHARE_NOT_FOUND',
  /** The server holds no full key of this wallet to migrate (never custodial, or migrated already). */
  notCustodial: 'NOT_CUSTODIAL',
  /** The user already has a wallet in this namespace. */
  walletExists: 'WALLET_EXISTS',
  /** The wallet was migrated with another auth share for this device. */
  alreadyMigrated: 'ALREADY_MIGRATED',
  /** No recovery envelope was stored for the wallet. */
  recoveryNotSet: 'RECOVERY_NOT_SET',
  /** The session has not proved a fresh second factor (step-up) for this action. */
  stepUpRequired: 'STEP_UP_REQUIRED',
} as const

/** A wallet's public half and this device's auth share, as the frame sends them. */
export interface WalletRegistration {
  namespace: CustodyWalletNamespace
  address: string
  /** The auth share, base64 (33 bytes). */
  authShare: string
  /** The recovery share sealed in the frame (secure/custody/recoveryEnvelope.ts); the server cannot open it. */
  recoveryEnvelope?: Record<string, unknown>
}

/** A recovery set or changed: the sealed recovery share and the server's part of the same split. */
export interface RecoverySetup {
  namespace: CustodyWalletNamespace
  address: string
  /** The auth share of the split whose recovery share is sealed, base64 (33 bytes). */
  authShare: string
  envelope: Record<string, unknown>
}

/** Shamir share length: a 32-byte secret plus its x coordinate. */
export const AUTH_SHARE_BYTES = 33
/** Largest sealed recovery envelope the server stores, in bytes of JSON. */
export const MAX_RECOVERY_ENVELOPE_BYTES = 4096

/** Step-up routes (server/auth/stepUp.ts): a fresh second factor on the session, before key export. */
export const STEP_UP_PATHS = {
  /** GET → StepUpStatusAnswer */
  status: '/auth/v1/step-up',
  /** POST {} → { method: 'email' }: a step-up code is emailed to the account's address. */
  emailStart: '/auth/v1/step-up/email/start',
  /** POST { otp } → { method, freshUntil } */
  emailFinish: '/auth/v1/step-up/email/finish',
  /** POST {} → { ceremonyId, options }: assertion options naming the user's passkeys. */
  passkeyStart: '/auth/v1/step-up/passkey/start',
  /** POST { ceremonyId, response } → { method, freshUntil } */
  passkeyFinish: '/auth/v1/step-up/passkey/finish',
  /** POST { code } → { method: 'totp', freshUntil }: a code of the user's authenticator app. */
  totpFinish: '/auth/v1/step-up/totp',
} as const

/**
 * How a step-up is proved. Once the user enrols a second factor (src/shared/mfaApi.ts),
 * only the enrolled ones count: an email code no longer does.
 */
export type StepUpMethod = 'email' | 'passkey' | 'totp'

/** What GET /auth/v1/step-up answers. */
export interface StepUpStatusAnswer {
  /** The factors that can prove a step-up for this user now. */
  methods: StepUpMethod[]
  /** Whether the user enrolled a second factor, so that `methods` lists only those. */
  secondFactor: boolean
  /** ISO time until which this session's latest proof counts; absent when none counts now. */
  freshUntil?: string
}
