/**
 * Email connect (SPEC §4): a code to the address, a new device approved by a code of its
 * own first, then the user, the device and a session in one transaction.
 */
import { type Accounts, normalizeChainId } from './accounts'
import { type CodeDesk } from './codeDesk'
import { type AuthContext, describeDevice } from './serviceContext'
import { type EmailConnectAction, type EmbeddedWalletUser, type RequestContext, type SessionGrant } from './serviceTypes'
import { type Sessions } from './sessions'
import { hashDeviceId } from './sessionToken'

interface EmailLoginParts {
  codes: CodeDesk
  sessions: Sessions
  accounts: Accounts
  /** Deletes finished rows now and then; run before a login sends a code. */
  maybeSweep: () => Promise<void>
}

interface LoginInput {
  projectId: string
  email: string
  deviceId: string
}

export function createEmailLogin(ctx: AuthContext, { codes, sessions, accounts, maybeSweep }: EmailLoginParts) {
  const { users, now } = ctx
  return {
    async startEmailLogin({ projectId, email: rawEmail, deviceId, sessionToken }: LoginInput & { sessionToken?: string }, context: RequestContext): Promise<{ action: EmailConnectAction }> {
      ctx.requireProject(projectId)
      const email = ctx.requireEmail(rawEmail)
      const deviceHash = hashDeviceId(deviceId)
      await maybeSweep()

      // SPEC §4 "CONNECT": this device already holds a live session for this address.
      const live = await sessions.live(sessionToken)
      if (live !== undefined && !live.expired && live.session.projectId === projectId && live.session.deviceHash === deviceHash) {
        const owner = await users.findById(live.session.userId)
        if (owner?.email === email) return { action: 'CONNECT' }
      }

      const user = await users.findByEmail(email)
      const approved = user !== undefined && (await users.isDeviceApproved(user.id, deviceHash))
      const newDevice = user !== undefined && !approved
      await codes.send({ purpose: newDevice ? 'device' : 'login', to: email, projectId, deviceHash, userId: newDevice ? user.id : null, trustedDevice: approved, context })
      return { action: newDevice ? 'VERIFY_DEVICE' : 'VERIFY_OTP' }
    },

    async verifyDevice({ projectId, email: rawEmail, deviceId, otp }: LoginInput & { otp: string }, context: RequestContext): Promise<{ action: 'VERIFY_OTP' }> {
      ctx.requireProject(projectId)
      const email = ctx.requireEmail(rawEmail)
      ctx.requireOtpShape(otp)
      const deviceHash = hashDeviceId(deviceId)
      await codes.redeem(await ctx.codes.findPending({ purpose: 'device', email, projectId, deviceHash }), otp, context, async (code, tx) => {
        if (code.userId === null) throw new Error(`device code ${code.id} has no user`)
        await tx.users.approveDevice(code.userId, deviceHash, describeDevice(context) ?? null, now())
      })
      // The device is approved; signing in still takes a code (SPEC §4: VERIFY_DEVICE, then VERIFY_OTP).
      await codes.send({ purpose: 'login', to: email, projectId, deviceHash, followUp: true, trustedDevice: true, context })
      return { action: 'VERIFY_OTP' }
    },

    async verifyEmailLogin(
      { projectId, email: rawEmail, deviceId, otp, chainId }: LoginInput & { otp: string; chainId?: unknown },
      context: RequestContext,
    ): Promise<{ user: EmbeddedWalletUser; session: SessionGrant }> {
      ctx.requireProject(projectId)
      const email = ctx.requireEmail(rawEmail)
      ctx.requireOtpShape(otp)
      normalizeChainId(chainId)
      const deviceHash = hashDeviceId(deviceId)
      // The code, the user with its keys, the device and the session: all or none.
      const { granted } = await codes.redeem(await ctx.codes.findPending({ purpose: 'login', email, projectId, deviceHash }), otp, context, async (_code, tx) => {
        const user = (await tx.users.findByEmail(email)) ?? (await accounts.createUser(email, tx))
        // The code proves the inbox, which is what approving a device proves too.
        return { user, session: await sessions.start(tx, user.id, { projectId, deviceHash }, context) }
      })
      return { user: await accounts.userJson(granted.user, chainId), session: granted.session }
    },
  }
}
