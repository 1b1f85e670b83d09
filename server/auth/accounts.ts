/**
 * The users of the auth service: a new user (by email, by an external identity, or
 * with neither), and the user as the client sees it (SPEC §3).
 */
import { type AuthUser } from '../db/authUsers'
import { walletAddresses } from '../db/custodyWallets'
import { type WalletNamespace } from '../db/schema'
import { AuthError } from './errors'
import { type AuthContext, type TransactionStores, throwError } from './serviceContext'
import { type EmbeddedWalletUser } from './serviceTypes'

export type Accounts = ReturnType<typeof createAccounts>

export function createAccounts(ctx: AuthContext) {
  const { users, identities, now } = ctx

  /**
   * A new user, in the caller's transaction (or one of its own). It has no wallet yet: the
   * secure frame makes the keys and registers the addresses (server/auth/custody.ts).
   */
  async function createUser(email: string | null, tx?: TransactionStores): Promise<AuthUser> {
    if (tx === undefined) return ctx.inTransaction((own) => createUser(email, own))
    const user = await tx.users.insert(tx.trx, email, now())
    if (user !== undefined) return user
    // Someone signed up with this address a moment ago: that is the user.
    return (email === null ? undefined : await tx.users.findByEmail(email)) ?? throwError(new Error(`user '${email}' neither created nor found`))
  }

  async function userJson(user: AuthUser, chainId: unknown): Promise<EmbeddedWalletUser> {
    const chain = normalizeChainId(chainId)
    const addresses = await walletAddresses(ctx.db, user.id)
    const namespace: WalletNamespace = typeof chain === 'string' && chain.startsWith('solana:') ? 'solana' : 'eip155'
    const address = addresses[namespace]
    const userName = await identities.latestUsername(user.id)
    return {
      email: user.email,
      // No address until the secure frame registers the wallet it made (routes/custody.ts).
      ...(address !== undefined ? { address } : {}),
      chainId: chain,
      accounts: address === undefined ? [] : [{ address, type: 'eoa' }],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
      addresses,
      ...(userName !== undefined ? { userName } : {}),
    }
  }

  /**
   * The wallet of an external identity (social provider or Farcaster): found by
   * provider + subject, or created (no email). The username is kept up to date.
   */
  async function userForIdentity({ provider, subject, username }: { provider: string; subject: string; username: string | null }): Promise<AuthUser> {
    const at = now()
    const known = await identities.find(provider, subject)
    if (known !== undefined) {
      await identities.link({ userId: known.userId, provider, subject, username }, at)
      return (await users.findById(known.userId)) ?? throwError(new Error(`user ${known.userId} of ${provider} identity not found`))
    }
    const user = await createUser(null)
    await identities.link({ userId: user.id, provider, subject, username }, at)
    // Two first logins at once: the identity row names the one user that won.
    const linked = await identities.find(provider, subject)
    return linked?.userId === user.id ? user : ((await users.findById(linked!.userId)) ?? user)
  }

  return { createUser, userJson, userForIdentity }
}

/**
 * The chain the caller is on (SPEC §3: "chainId (string or number)"); default
 * eip155:1 (SPEC §9). eip155 chains come back as numbers, others as CAIP-2.
 */
export function normalizeChainId(value: unknown): string | number {
  if (value === undefined || value === null || value === '') return 1
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value
  if (typeof value === 'string') {
    const eip155 = /^(?:eip155:)?([1-9][0-9]{0,15})$/.exec(value)
    if (eip155) return Number(eip155[1])
    if (/^solana:[1-9A-HJ-NP-Za-km-z]{1,44}$/.test(value)) return value
  }
  throw new AuthError(400, 'Bad Request', 'INVALID_PAYLOAD', "chainId must be an EVM chain id (1 or 'eip155:1') or a Solana CAIP-2 id ('solana:…')")
}
