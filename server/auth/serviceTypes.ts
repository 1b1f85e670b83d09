/**
 * The auth service's public shapes (server/auth/service.ts): its limits, who is asking,
 * the user and session it hands back.
 */
import { type AuthSession } from '../db/authSessions'
import { type AuthUser } from '../db/authUsers'
import { type RateLimitRule } from '../db/rateLimits'
import { type WalletNamespace } from '../db/schema'

export interface AuthLimits {
  /** How long a code works. Default 10 minutes. */
  codeTtlMs: number
  /** Wrong entries before a code is invalidated. Default 5. */
  maxAttempts: number
  /** SPEC §5/§9: another code to the same address and purpose is refused for 30 s. */
  resendCooldownMs: number
  /** Session lifetime from sign-in. Default 7 days. */
  sessionTtlMs: number
  /**
   * Codes sent to one address from one client (IP address, or IPv6 /64). Default 5 an
   * hour. A stranger who asks for codes for someone else's address uses up only their
   * own share: the address's owner, elsewhere, still gets codes.
   */
  codesPerEmailAndIp: RateLimitRule
  /**
   * Codes sent to one address from everywhere: the ceiling that bounds guessing against
   * one address. Default 30 an hour, shared, so never escalated. Devices the address's
   * owner approved are not counted against it, so a stranger with many IPs cannot lock
   * a returning user out.
   */
  codesPerEmail: RateLimitRule
  /** Codes requested from one client (IP address, or IPv6 /64). Default 30 per 15 minutes. */
  codesPerIp: RateLimitRule
  /** Wrong or unknown codes entered from one IP address. Default 30 per 15 minutes. */
  failedCodesPerIp: RateLimitRule
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  resendCooldownMs: 30_000,
  sessionTtlMs: 7 * 24 * 3_600_000,
  codesPerEmailAndIp: { max: 5, windowMs: 3_600_000 },
  codesPerEmail: { max: 30, windowMs: 3_600_000, escalate: false },
  codesPerIp: { max: 30, windowMs: 15 * 60_000 },
  failedCodesPerIp: { max: 30, windowMs: 15 * 60_000 },
}

/** Who is asking, as far as the server can tell. */
export interface RequestContext {
  ip: string
  userAgent?: string | undefined
  /** The thumbprint of the device key this request proved (proveDeviceKey); a session opens only with one. */
  deviceKey?: string | undefined
}

export type EmailConnectAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'
export type EmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/** SPEC §3 Embedded-wallet User, plus every address the wallet has. */
export interface EmbeddedWalletUser {
  email: string | null
  /** The account on the asked chain's namespace; absent while the user has no wallet there yet. */
  address?: string
  chainId: string | number
  accounts: Array<{ address: string; type: 'eoa' }>
  smartAccountDeployed: false
  preferredAccountType: 'eoa'
  addresses: Partial<Record<WalletNamespace, string>>
  /** SPEC §3 userName: the username of the social account the wallet was last signed in with. */
  userName?: string
}

export interface SessionGrant {
  /** Bearer token for every authenticated call. Keep it in the secure page's origin only. */
  token: string
  expiresAt: string
}

export interface Authenticated {
  session: AuthSession
  user: AuthUser
}
