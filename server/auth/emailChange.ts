/**
 * Email change (SPEC §4 email update): a code to the current address, then one to the
 * new address, whose entry makes the change. A wallet without an email skips the first.
 */
import { type AuthUser } from '../db/authUsers'
import { type CodeDesk } from './codeDesk'
import { AuthError } from './errors'
import { type AuthContext } from './serviceContext'
import { type Authenticated, type EmailUpdateAction, type RequestContext } from './serviceTypes'

const emailInUse = () => new AuthError(409, 'Conflict', 'EMAIL_IN_USE', 'Another wallet already uses this email')

/** The pending codes of one purpose this session's user, project and device asked for. */
export const pendingFor = (ctx: AuthContext, purpose: 'update_primary' | 'update_secondary' | 'step_up', { session, user }: { session: Authenticated['session']; user: AuthUser }) =>
  ctx.codes.findPending({ purpose, userId: user.id, projectId: session.projectId, deviceHash: session.deviceHash })

export function createEmailChange(ctx: AuthContext, codes: CodeDesk) {
  return {
    async startEmailUpdate({ session, user }: Authenticated, rawNewEmail: string, context: RequestContext): Promise<{ action: EmailUpdateAction }> {
      const newEmail = ctx.requireEmail(rawNewEmail, 'newEmail')
      if (newEmail === user.email) throw new AuthError(400, 'Bad Request', 'EMAIL_UNCHANGED', 'The new email is the same as the current one')
      if ((await ctx.users.findByEmail(newEmail)) !== undefined) throw emailInUse()
      const common = { projectId: session.projectId, deviceHash: session.deviceHash, userId: user.id, newEmail, context }
      // A wallet without an email (a social login, later) has no primary address to confirm from.
      if (user.email === null) {
        await codes.send({ ...common, purpose: 'update_secondary', to: newEmail })
        return { action: 'VERIFY_SECONDARY_OTP' }
      }
      // The owner's own signed-in device asks for a code to the owner's address.
      await codes.send({ ...common, purpose: 'update_primary', to: user.email, trustedDevice: true })
      return { action: 'VERIFY_PRIMARY_OTP' }
    },

    async verifyPrimaryEmail(auth: Authenticated, otp: string, context: RequestContext): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
      ctx.requireOtpShape(otp)
      const { code } = await codes.redeem(await pendingFor(ctx, 'update_primary', auth), otp, context, async () => undefined)
      if (code.newEmail === null) throw new Error(`email change code ${code.id} has no new email`)
      const { session, user } = auth
      await codes.send({
        purpose: 'update_secondary',
        to: code.newEmail,
        newEmail: code.newEmail,
        userId: user.id,
        projectId: session.projectId,
        deviceHash: session.deviceHash,
        followUp: true,
        context,
      })
      return { action: 'VERIFY_SECONDARY_OTP' }
    },

    async verifySecondaryEmail(auth: Authenticated, otp: string, context: RequestContext): Promise<{ newEmail: string }> {
      ctx.requireOtpShape(otp)
      // The code and the change: both or neither (a refused change leaves the code usable).
      const { granted } = await codes.redeem(await pendingFor(ctx, 'update_secondary', auth), otp, context, async (code, tx) => {
        if (code.newEmail === null) throw new Error(`email change code ${code.id} has no new email`)
        if (!(await tx.users.changeEmail(auth.user.id, code.newEmail, ctx.now()))) throw emailInUse()
        return code.newEmail
      })
      return { newEmail: granted }
    },
  }
}
