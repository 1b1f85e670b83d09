/**
 * Sessions of the auth service: opening one on an approved device bound to a proven
 * device key (DPoP, server/auth/dpop.ts), finding and checking one behind a bearer
 * token, and ending one.
 */
import { type AuthSession } from '../db/authSessions'
import { DEVICE_HEADER } from '../../src/shared/authApi'
import { DPOP_WINDOW_MS, type ProvenRequest, checkDpopProof } from './dpop'
import { proofRefused, sessionExpired, unauthorized } from './errors'
import { type AuthContext, type TransactionStores, describeDevice, throwError } from './serviceContext'
import { type Authenticated, type RequestContext, type SessionGrant } from './serviceTypes'
import { generateSessionToken, hashDeviceId, hashSessionToken, SESSION_TOKEN_PATTERN } from './sessionToken'

export type Sessions = ReturnType<typeof createSessions>

export function createSessions(ctx: AuthContext) {
  const { keyring, sessions, users, proofs, now } = ctx

  /**
   * A token's stored hash under each configured master key, current first: a
   * session outlives a key rotation as long as the previous key is configured.
   */
  const tokenHashes = (token: string) => keyring.ids().map((id) => hashSessionToken(keyring.derive('session-token/1', id), token))

  async function live(token: string | undefined): Promise<{ session: AuthSession; expired: boolean } | undefined> {
    if (token === undefined || !SESSION_TOKEN_PATTERN.test(token)) return undefined
    const session = await sessions.findByTokenHash(tokenHashes(token))
    if (session === undefined || session.revokedAt !== null) return undefined
    return { session, expired: now() >= session.expiresAt.getTime() }
  }

  /** Checks a proof (dpop.ts) and records its jti, refusing one recorded before, on this instance or another. */
  async function takeProof(request: ProvenRequest, accessToken: string | undefined): Promise<string> {
    const { keyThumbprint, jti, issuedAt } = await checkDpopProof(request, { accessToken, now: now() })
    // After issuedAt + the window the iat check refuses the proof, so it need not be remembered longer.
    if (!(await proofs.remember(keyThumbprint, jti, issuedAt + DPOP_WINDOW_MS))) {
      throw proofRefused('DPOP_REPLAYED', 'This DPoP proof was sent before; every request needs a new one')
    }
    return keyThumbprint
  }

  /** Approves the device and stores a new session for it, in the caller's transaction. */
  async function start(tx: TransactionStores, userId: string, { projectId, deviceHash }: { projectId: string; deviceHash: string }, context: RequestContext): Promise<SessionGrant> {
    const deviceKeyThumbprint = context.deviceKey ?? throwError(new Error('a session is opened only with a proven device key (proveDeviceKey)'))
    await tx.users.approveDevice(userId, deviceHash, describeDevice(context) ?? null, now())
    const token = generateSessionToken()
    const at = now()
    const session = await tx.sessions.insert({ tokenHash: tokenHashes(token)[0]!, userId, projectId, deviceHash, deviceKeyThumbprint, createdAt: at, expiresAt: at + ctx.limits.sessionTtlMs })
    return { token, expiresAt: session.expiresAt.toISOString() }
  }

  async function authenticate(
    token: string | undefined,
    { projectId, deviceId, proof }: { projectId: string | undefined; deviceId: string | undefined; proof: ProvenRequest },
  ): Promise<Authenticated> {
    if (token === undefined) throw unauthorized('Send the session as Authorization: Bearer <token>')
    if (projectId === undefined) throw unauthorized('Send the project the session was opened for as ?projectId=', 'PROJECT_REQUIRED')
    if (deviceId === undefined) throw unauthorized(`Send the device id the session was opened on as the ${DEVICE_HEADER} header`, 'DEVICE_REQUIRED')
    if (proof.proof === undefined) throw proofRefused('DPOP_REQUIRED', 'Send a proof of this device’s key as the DPoP header; the secure page adds it to every call')
    const found = await live(token)
    if (found === undefined) throw unauthorized()
    if (found.expired) throw sessionExpired()
    if (projectId !== found.session.projectId) throw unauthorized('This session belongs to another project; sign in again', 'PROJECT_MISMATCH')
    if (hashDeviceId(deviceId) !== found.session.deviceHash) throw unauthorized('This session belongs to another device; sign in again', 'DEVICE_MISMATCH')
    if (found.session.deviceKeyThumbprint === null) {
      throw proofRefused('SESSION_UNBOUND', 'This session was opened before sessions were bound to a device key; sign in again')
    }
    if ((await takeProof(proof, token)) !== found.session.deviceKeyThumbprint) {
      throw proofRefused('DEVICE_KEY_MISMATCH', 'This session is bound to another device key; the request was not signed by the device that signed in')
    }
    const user = await users.findById(found.session.userId)
    if (user === undefined) throw unauthorized()
    return { session: found.session, user }
  }

  return {
    live,
    start,
    authenticate,
    proveDeviceKey: (proof: ProvenRequest) => takeProof(proof, undefined),
    async logout(token: string | undefined): Promise<boolean> {
      const found = await live(token)
      return found === undefined ? false : sessions.revoke(found.session.id, now())
    },
    async isConnected(token: string | undefined): Promise<boolean> {
      const found = await live(token)
      return found !== undefined && !found.expired
    },
  }
}
